import { ALWAYS, GLOBEX, HKEX, isOpen, nextChange, openMs } from './schedule';
import { bucketEnd, bucketStart, HOUR_MS } from './time';

/** Epoch ms of a wall-clock time in Asia/Shanghai (UTC+8). */
const sh = (y: number, m: number, d: number, h = 0, min = 0, s = 0) => Date.UTC(y, m - 1, d, h - 8, min, s);

// 2025-01-13 is a Monday.
describe('GLOBEX schedule (metals, energy, US indices)', () => {
  it('trades Monday 07:00 to Saturday 06:00 Shanghai with a daily 06:00-07:00 break', () => {
    expect(isOpen(GLOBEX, sh(2025, 1, 13, 6, 59, 59))).toBe(false);
    expect(isOpen(GLOBEX, sh(2025, 1, 13, 7))).toBe(true);
    expect(isOpen(GLOBEX, sh(2025, 1, 14, 5, 59, 59))).toBe(true);
    expect(isOpen(GLOBEX, sh(2025, 1, 14, 6))).toBe(false);
    expect(isOpen(GLOBEX, sh(2025, 1, 14, 7))).toBe(true);
    expect(isOpen(GLOBEX, sh(2025, 1, 18, 5, 59, 59))).toBe(true); // Saturday early morning
    expect(isOpen(GLOBEX, sh(2025, 1, 18, 6))).toBe(false);
    expect(isOpen(GLOBEX, sh(2025, 1, 19, 12))).toBe(false); // Sunday
  });

  it('names the next change', () => {
    expect(nextChange(GLOBEX, sh(2025, 1, 18, 5))).toBe(sh(2025, 1, 18, 6));
    expect(nextChange(GLOBEX, sh(2025, 1, 18, 6))).toBe(sh(2025, 1, 20, 7));
    expect(nextChange(GLOBEX, sh(2025, 1, 15, 6, 30))).toBe(sh(2025, 1, 15, 7));
    expect(nextChange(GLOBEX, sh(2025, 1, 15, 20))).toBe(sh(2025, 1, 16, 6));
  });

  it('counts trading time: 5 x 23 hours a week', () => {
    expect(openMs(GLOBEX, sh(2025, 1, 13), sh(2025, 1, 20))).toBe(5 * 23 * HOUR_MS);
    expect(openMs(GLOBEX, sh(2025, 1, 18, 5), sh(2025, 1, 20, 8))).toBe(2 * HOUR_MS);
  });
});

describe('HKEX schedule (HK50)', () => {
  it('has morning, afternoon and night sessions', () => {
    expect(isOpen(HKEX, sh(2025, 1, 15, 9, 14))).toBe(false);
    expect(isOpen(HKEX, sh(2025, 1, 15, 9, 15))).toBe(true);
    expect(isOpen(HKEX, sh(2025, 1, 15, 12, 30))).toBe(false);
    expect(nextChange(HKEX, sh(2025, 1, 15, 12, 30))).toBe(sh(2025, 1, 15, 13));
    expect(isOpen(HKEX, sh(2025, 1, 15, 17))).toBe(false);
    expect(isOpen(HKEX, sh(2025, 1, 15, 23))).toBe(true);
    expect(isOpen(HKEX, sh(2025, 1, 16, 2, 59))).toBe(true);
    expect(isOpen(HKEX, sh(2025, 1, 16, 3))).toBe(false);
    expect(isOpen(HKEX, sh(2025, 1, 18, 2))).toBe(true); // Friday's night session
    expect(nextChange(HKEX, sh(2025, 1, 18, 4))).toBe(sh(2025, 1, 20, 9, 15));
  });
});

describe('ALWAYS (crypto)', () => {
  it('never closes', () => {
    expect(isOpen(ALWAYS, sh(2025, 1, 19, 3))).toBe(true);
    expect(nextChange(ALWAYS, sh(2025, 1, 19, 3))).toBeUndefined();
    expect(openMs(ALWAYS, 0, 1000)).toBe(1000);
  });
});

describe('Asia/Shanghai buckets', () => {
  it('aligns days, weeks (Monday) and months to Shanghai midnight', () => {
    const t = sh(2025, 1, 15, 0, 30); // Wednesday 00:30 Shanghai = Tuesday 16:30 UTC
    expect(bucketStart('1day', t)).toBe(sh(2025, 1, 15));
    expect(bucketStart('1week', t)).toBe(sh(2025, 1, 13));
    expect(bucketEnd('1week', sh(2025, 1, 13))).toBe(sh(2025, 1, 20));
    expect(bucketStart('1mon', t)).toBe(sh(2025, 1, 1));
    expect(bucketEnd('1mon', sh(2025, 1, 1))).toBe(sh(2025, 2, 1));
    expect(bucketEnd('1mon', sh(2024, 12, 1))).toBe(sh(2025, 1, 1));
    expect(bucketStart('60min', t + 59_000)).toBe(sh(2025, 1, 15, 0));
    expect(bucketStart('15min', sh(2025, 1, 15, 9, 29, 59))).toBe(sh(2025, 1, 15, 9, 15));
  });
});
