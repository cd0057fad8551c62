import {
  TIME_ZONE_LABEL,
  formatAmount,
  formatAmountTrimmed,
  formatClock,
  formatDate,
  formatDateTime,
  formatMoney,
  formatPrice,
} from './format';

describe('formatPrice', () => {
  it('shows the instrument precision, truncated, with separators', () => {
    expect(formatPrice('65000.129', 2)).toBe('65,000.12');
    expect(formatPrice('0.123456', 4)).toBe('0.1234');
    expect(formatPrice('65000', 2)).toBe('65,000.00');
  });
  it('an open price with 6 decimals on the wire shows at the precision asked for', () => {
    expect(formatPrice('65012.349999', 2)).toBe('65,012.34');
  });
  it('keeps the wire decimals without a precision, and shows -- for junk', () => {
    expect(formatPrice('1.50')).toBe('1.50');
    expect(formatPrice('abc', 2)).toBe('--');
    expect(formatPrice(undefined, 2)).toBe('--');
  });
  it('stays exact beyond float precision', () => {
    expect(formatPrice('123456789012345678.987654321', 8)).toBe('123,456,789,012,345,678.98765432');
  });
});

describe('formatAmount', () => {
  it('truncates to the coin precision and pads', () => {
    expect(formatAmount('0.123456789', 6)).toBe('0.123456');
    expect(formatAmount('2', 2)).toBe('2.00');
    expect(formatAmount('-0.0001', 2)).toBe('0.00');
  });
  it('trimmed form drops trailing zeros', () => {
    expect(formatAmountTrimmed('1.50000000', 8)).toBe('1.5');
    expect(formatAmountTrimmed('0.999999999', 8)).toBe('0.99999999');
  });
});

// formatCompact (Intl) is tested beside the table formatter it must agree with: compact.test.ts.

describe('formatMoney', () => {
  it('names the currency', () => {
    expect(formatMoney('7.20', 'CNY')).toBe('7.20 CNY');
    expect(formatMoney('7.2999', 'CNY', 2)).toBe('7.29 CNY');
  });
});

describe('dates and times in Asia/Shanghai', () => {
  // TZ=UTC in the test run: the output must not depend on the machine's zone.
  const iso = '2026-11-24T17:30:05.000Z';
  it('shows list times in UTC+8 with the label', () => {
    expect(formatDateTime(iso)).toBe(`2026-11-25 01:30:05 ${TIME_ZONE_LABEL}`);
    expect(formatDateTime(iso, { label: false, seconds: false })).toBe('2026-11-25 01:30');
  });
  it('accepts epoch milliseconds and seconds', () => {
    const ms = Date.parse(iso);
    expect(formatDateTime(ms, { label: false })).toBe('2026-11-25 01:30:05');
    expect(formatDateTime(String(ms / 1000), { label: false })).toBe('2026-11-25 01:30:05');
  });
  it('date and clock forms', () => {
    expect(formatDate(iso)).toBe('2026-11-25');
    expect(formatClock(iso)).toBe('01:30:05');
  });
  it('missing values are empty, unparseable text is shown as sent', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('soon')).toBe('soon');
  });
  it("agrees with the zone's own rules (Intl) from 1992 on, and before that keeps its summer time", () => {
    const zone = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Asia/Shanghai',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    // Every 3 days 1 hour 3 minutes 17 seconds from 1992 to 2040: every hour of the day, month
    // ends, leap days and year ends in turn.
    for (let t = Date.UTC(1992, 0, 1); t < Date.UTC(2040, 0, 1); t += 262_997_000) {
      expect(formatDateTime(t, { label: false })).toBe(zone.format(t));
    }
    // 1990-07-01 12:00 UTC was 21:00 in Shanghai (daylight saving, UTC+9).
    expect(formatDateTime('1990-07-01T12:00:00Z', { label: false })).toBe('1990-07-01 21:00:00');
  });
});
