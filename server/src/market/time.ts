import { market } from '@app/contract';

/**
 * Chart periods and their buckets. Candles are aligned to Asia/Shanghai (UTC+8, no daylight saving
 * since 1991), the chart's time zone: a day starts at 00:00 Shanghai (16:00 UTC the day before), a
 * week on Monday 00:00 Shanghai, a month on the 1st at 00:00 Shanghai. Minute and hour buckets are
 * the same in every whole-hour zone.
 */
export const PERIODS = market.PERIODS;
export type Period = market.Period;

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
export const WEEK_MS = 7 * DAY_MS;
/** Asia/Shanghai is UTC+8 all year. */
export const SHANGHAI_OFFSET_MS = 8 * HOUR_MS;

const FIXED_MS: Partial<Record<Period, number>> = {
  '1min': MINUTE_MS,
  '5min': 5 * MINUTE_MS,
  '15min': 15 * MINUTE_MS,
  '30min': 30 * MINUTE_MS,
  '60min': HOUR_MS,
  '1day': DAY_MS,
  '1week': WEEK_MS,
};

export function isPeriod(value: unknown): value is Period {
  return typeof value === 'string' && (PERIODS as readonly string[]).includes(value);
}

/** Nominal length of a period (a month counts 30 days): for sizing ranges, not for buckets. */
export function nominalMs(period: Period): number {
  return FIXED_MS[period] ?? 30 * DAY_MS;
}

/** Days since 1970-01-01 in Shanghai local time. */
export function shanghaiDay(t: number): number {
  return Math.floor((t + SHANGHAI_OFFSET_MS) / DAY_MS);
}

/** Start (epoch ms) of the bucket of `period` that holds `t`. */
export function bucketStart(period: Period, t: number): number {
  switch (period) {
    case '1min':
    case '5min':
    case '15min':
    case '30min':
    case '60min': {
      const size = FIXED_MS[period] as number;
      return Math.floor(t / size) * size;
    }
    case '1day':
      return shanghaiDay(t) * DAY_MS - SHANGHAI_OFFSET_MS;
    case '1week': {
      const day = shanghaiDay(t);
      const weekday = (day + 3) % 7; // 1970-01-01 was a Thursday; Monday = 0
      return (day - weekday) * DAY_MS - SHANGHAI_OFFSET_MS;
    }
    case '1mon': {
      const local = new Date(t + SHANGHAI_OFFSET_MS);
      return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - SHANGHAI_OFFSET_MS;
    }
  }
}

/** End (exclusive) of the bucket that starts at `start`. */
export function bucketEnd(period: Period, start: number): number {
  if (period === '1mon') {
    const local = new Date(start + SHANGHAI_OFFSET_MS);
    return Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 1) - SHANGHAI_OFFSET_MS;
  }
  return start + (FIXED_MS[period] as number);
}

/** Start of the bucket `n` buckets before the one that starts at `start`. */
export function bucketsBack(period: Period, start: number, n: number): number {
  if (period === '1mon') {
    const local = new Date(start + SHANGHAI_OFFSET_MS);
    return Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - n, 1) - SHANGHAI_OFFSET_MS;
  }
  return start - n * (FIXED_MS[period] as number);
}

/** Periods coarser than `period`, finest first (each one's buckets are unions of `period`'s, except weeks vs months). */
export function coarserThan(period: Period): Period[] {
  return PERIODS.slice(PERIODS.indexOf(period) + 1);
}
