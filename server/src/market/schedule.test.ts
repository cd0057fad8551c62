import { ALWAYS, GLOBEX, HKEX, isOpen, nextChange, openMs, type Schedule } from './schedule';
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

describe('GLOBEX follows US daylight-saving time', () => {
  // 2025-07-14 is a Monday; New York is UTC-4 in summer, so every edge is one hour earlier.
  it('opens Monday 06:00 and breaks 05:00 - 06:00 Shanghai in US summer time', () => {
    expect(isOpen(GLOBEX, sh(2025, 7, 14, 5, 59))).toBe(false);
    expect(isOpen(GLOBEX, sh(2025, 7, 14, 6))).toBe(true);
    expect(isOpen(GLOBEX, sh(2025, 7, 15, 5))).toBe(false);
    expect(isOpen(GLOBEX, sh(2025, 7, 15, 6))).toBe(true);
    expect(isOpen(GLOBEX, sh(2025, 7, 19, 4, 59))).toBe(true); // Saturday early morning
    expect(isOpen(GLOBEX, sh(2025, 7, 19, 5))).toBe(false);
    expect(nextChange(GLOBEX, sh(2025, 7, 19, 5))).toBe(sh(2025, 7, 21, 6));
    expect(openMs(GLOBEX, sh(2025, 7, 14), sh(2025, 7, 21))).toBe(5 * 23 * HOUR_MS);
  });

  it('moves the open by one hour across the March and November changes', () => {
    // US summer time starts Sunday 2025-03-09 02:00 New York; ends Sunday 2025-11-02 02:00.
    expect(nextChange(GLOBEX, sh(2025, 3, 1, 12))).toBe(sh(2025, 3, 3, 7));
    expect(nextChange(GLOBEX, sh(2025, 3, 8, 12))).toBe(sh(2025, 3, 10, 6));
    expect(nextChange(GLOBEX, sh(2025, 11, 1, 12))).toBe(sh(2025, 11, 3, 7));
    // Trading time of the two weeks around the change: still 5 x 23 hours each.
    expect(openMs(GLOBEX, sh(2025, 3, 3), sh(2025, 3, 17))).toBe(2 * 5 * 23 * HOUR_MS);
  });

  it('keeps HKEX on Hong Kong time all year (no daylight saving)', () => {
    expect(isOpen(HKEX, sh(2025, 7, 15, 9, 15))).toBe(true);
    expect(isOpen(HKEX, sh(2025, 7, 15, 9, 14))).toBe(false);
  });
});

describe('a session kept on New York wall-clock time across the daylight-saving changes', () => {
  const utc = (m: number, d: number, h: number, min = 0) => Date.UTC(2025, m - 1, d, h, min);
  const day = (n: number, h: number, min = 0) => n * 1440 + h * 60 + min;
  // A cash session 09:30 - 16:00 America/New_York, Monday to Friday (weeks start on Monday).
  const CASH: Schedule = {
    id: 'ny-cash',
    timeZone: 'America/New_York',
    description: 'Mon-Fri 09:30 - 16:00 America/New_York',
    sessions: [0, 1, 2, 3, 4].map((n) => [day(n, 9, 30), day(n, 16)] as const),
  };

  it('opens at 09:30 New York in winter (14:30 UTC) and in summer (13:30 UTC)', () => {
    // Before Sunday 2025-03-09 02:00 New York is UTC-5; after it UTC-4.
    expect(isOpen(CASH, utc(3, 7, 14, 29))).toBe(false);
    expect(isOpen(CASH, utc(3, 7, 14, 30))).toBe(true);
    expect(isOpen(CASH, utc(3, 7, 20, 59))).toBe(true);
    expect(isOpen(CASH, utc(3, 7, 21))).toBe(false);
    expect(nextChange(CASH, utc(3, 7, 21))).toBe(utc(3, 10, 13, 30));
    expect(isOpen(CASH, utc(3, 10, 13, 29))).toBe(false);
    expect(isOpen(CASH, utc(3, 10, 13, 30))).toBe(true);
    expect(nextChange(CASH, utc(3, 10, 13, 30))).toBe(utc(3, 10, 20));
    // Back to UTC-5 on Sunday 2025-11-02.
    expect(nextChange(CASH, utc(10, 31, 12))).toBe(utc(10, 31, 13, 30));
    expect(nextChange(CASH, utc(10, 31, 20))).toBe(utc(11, 3, 14, 30));
    expect(isOpen(CASH, utc(11, 3, 14))).toBe(false);
    expect(isOpen(CASH, utc(11, 3, 14, 30))).toBe(true);
    // Five sessions of 6.5 hours in each week of a change.
    expect(openMs(CASH, utc(3, 9, 0), utc(3, 16, 0))).toBe(5 * 6.5 * HOUR_MS);
    expect(openMs(CASH, utc(11, 2, 0), utc(11, 9, 0))).toBe(5 * 6.5 * HOUR_MS);
  });

  it('counts the hour the clocks skip or repeat inside a session', () => {
    // Sunday 00:00 - 06:00 New York: 5 hours on 2025-03-09 (02:00 - 03:00 skipped), 7 on 2025-11-02.
    const night: Schedule = { ...CASH, id: 'ny-night', sessions: [[day(6, 0), day(6, 6)]] };
    expect(openMs(night, utc(3, 8, 0), utc(3, 10, 0))).toBe(5 * HOUR_MS);
    expect(openMs(night, utc(11, 1, 0), utc(11, 3, 0))).toBe(7 * HOUR_MS);
    expect(openMs(night, utc(1, 11, 0), utc(1, 13, 0))).toBe(6 * HOUR_MS);
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
