import { addCandle, type Candle } from './candles';
import { pow10 } from './decimal';
import type { Instrument } from './instruments';
import { hashUniform, Random } from './random';
import { ALWAYS, openMs, type Schedule } from './schedule';
import {
  dailyVolumeLots,
  effectiveMs,
  historicalAnchor,
  logAnchor,
  logOfTicks,
  ouCoefficients,
  ouStep,
  ticksOf,
  YEAR_MS,
} from './simulation';
import {
  bucketEnd,
  bucketsBack,
  bucketStart,
  coarserThan,
  DAY_MS,
  HOUR_MS,
  PERIODS,
  type Period,
} from './time';

/**
 * History generated on first start so every chart is full. It is built oldest first as one
 * continuous walk in "eras", each with its own base period; every coarser candle is the aggregation
 * of the base candles below it (open of the first, close of the last, max high, min low, summed
 * volume and amount), so a coarser candle always equals its finer candles where both exist. Era
 * boundaries fall on boundaries of the coarser periods (hour, day, month), so no candle of a period
 * is built from two eras of finer candles of that same period.
 *
 *   months era   1mon base   from `totalMonths` months back to the day era
 *   days era     1day base   `dayMonths` months (weeks and months aggregated; only the newest
 *                            `storeDays` daily candles are stored, the rest only feed weeks/months)
 *   hours era    60min base  `hourDays` days
 *   5-min era    5min base   `fiveMinuteDays` days
 *   1-min era    1min base   the last `minuteHours` hours up to the current minute
 *
 * Closed market time (metals, futures) has no candles; the walk gaps a little across it. The 1-min
 * era also prints one tape trade per candle (kind 2, at its close, in its last millisecond) so
 * `priceAt` agrees with the chart over the recent history.
 */
// Module-level references: inside Jest's VM context every global `Math` lookup is slow.
const { abs, exp, log, max, min, round, sqrt } = Math;

export interface BackfillProfile {
  minuteHours: number;
  fiveMinuteDays: number;
  hourDays: number;
  dayMonths: number;
  storeDays: number;
  totalMonths: number;
}

/** Default: >= 300 candles for every period (1min 2880, 5min 2016, 15min 672, 30min 336, 60min 336, 1day 400, 1week ~313, 1mon 300). */
export const FULL_BACKFILL: BackfillProfile = {
  minuteHours: 48,
  fiveMinuteDays: 5,
  hourDays: 7,
  dayMonths: 72,
  storeDays: 400,
  totalMonths: 300,
};

/** APP_MODE=test: a few hundred candles per instrument so test servers start fast. */
export const SMALL_BACKFILL: BackfillProfile = {
  minuteHours: 4,
  fiveMinuteDays: 1,
  hourDays: 2,
  dayMonths: 3,
  storeDays: 100,
  totalMonths: 12,
};

export interface HistoryPrint {
  time: number;
  ticks: number;
  lots: number;
  side: 1 | 2;
}

export interface GeneratedHistory {
  candles: Record<Period, Candle[]>;
  prints: HistoryPrint[];
  /** Close of the last generated candle, and the end of its bucket. */
  last: { ticks: number; time: number } | undefined;
}

interface Era {
  base: Period;
  start: number;
  end: number;
  steps: number;
}

/**
 * The start of a span that ends at `end` (hour-aligned) and holds `ms` of trading time: for a 24/7
 * market simply `end - ms`; for metals and futures further back across closed time (at most 60 days).
 */
function backByTrading(schedule: Schedule, end: number, ms: number): number {
  if (schedule === ALWAYS) return end - ms;
  let start = end;
  let open = 0;
  while (open < ms && end - start < 60 * DAY_MS) {
    const previous = start - HOUR_MS;
    open += openMs(schedule, previous, start);
    start = previous;
  }
  return start;
}

/**
 * The eras for a back-fill ending at `now`, oldest first, clipped to start at or after `from`.
 * Era lengths count trading time, so metals and futures get as many candles as crypto.
 */
export function planEras(
  profile: BackfillProfile,
  now: number,
  schedule: Schedule = ALWAYS,
  from?: number,
): Era[] {
  const m1End = bucketStart('1min', now);
  const m1Start = bucketStart('60min', backByTrading(schedule, m1End, profile.minuteHours * HOUR_MS));
  const m5Start = bucketStart('1day', backByTrading(schedule, m1Start, profile.fiveMinuteDays * DAY_MS));
  const h1Start = bucketStart('1day', backByTrading(schedule, m5Start, profile.hourDays * DAY_MS));
  const dStart = bucketsBack('1mon', bucketStart('1mon', h1Start), profile.dayMonths);
  const monStart = bucketsBack('1mon', bucketStart('1mon', now), profile.totalMonths - 1);
  const eras: Era[] = [
    { base: '1mon', start: monStart, end: Math.max(monStart, dStart), steps: 10 },
    { base: '1day', start: dStart, end: h1Start, steps: 10 },
    { base: '60min', start: h1Start, end: m5Start, steps: 8 },
    { base: '5min', start: m5Start, end: m1Start, steps: 8 },
    { base: '1min', start: m1Start, end: m1End, steps: 6 },
  ];
  return eras
    .map((era) => {
      if (from === undefined || from <= era.start) return era;
      const aligned =
        bucketStart(era.base, from) === from ? from : bucketEnd(era.base, bucketStart(era.base, from));
      return { ...era, start: aligned };
    })
    .filter((era) => era.end > era.start);
}

/**
 * Generates the history of one instrument. `start` continues an existing history (gap fill after a
 * restart): its price is where the walk starts, and `seed` candles (the newest stored candle of each
 * period) are merged with the new ones that fall in the same bucket.
 */
export function generateHistory(
  instrument: Instrument,
  options: {
    profile: BackfillProfile;
    now: number;
    seed: number;
    from?: number;
    start?: { ticks: number; time: number };
    current?: Partial<Record<Period, Candle>>;
  },
): GeneratedHistory {
  const { profile, now } = options;
  const random = new Random(options.seed, instrument.id, 0xb4c);
  const phase = hashUniform(options.seed, instrument.id, 7) * 2 * Math.PI;
  const eras = planEras(profile, now, instrument.schedule, options.from);
  const candles = Object.fromEntries(PERIODS.map((p) => [p, [] as Candle[]])) as Record<Period, Candle[]>;
  const current: Partial<Record<Period, Candle>> = { ...options.current };
  const prints: HistoryPrint[] = [];
  const sigma = instrument.volatility;
  const lotScale = pow10(instrument.qtyPrecision);
  const priceScale = pow10(instrument.precision);
  const dayLots = dailyVolumeLots(instrument);
  const firstEra = eras[0];
  const base = logAnchor(instrument);
  if (!firstEra) return { candles, prints, last: options.start };

  const anchorAt = (t: number) => historicalAnchor(instrument, Math.max(0, now - t) / YEAR_MS, phase, base);
  let x = options.start
    ? logOfTicks(instrument, options.start.ticks)
    : anchorAt(firstEra.start) + 0.05 * random.normal();
  let close = options.start?.ticks ?? ticksOf(instrument, x);
  let lastTime = options.start?.time ?? firstEra.start;
  let last: GeneratedHistory['last'] = options.start;
  let coefficientsDt = -1;
  let coefficients = ouCoefficients(sigma, 1 / YEAR_MS);

  // Where each coarser period's current candle ends: a base candle before that merges into it.
  const ends: Partial<Record<Period, number>> = {};
  for (const period of PERIODS) {
    const seeded = current[period];
    if (seeded) ends[period] = bucketEnd(period, seeded.time);
  }
  const emit = (period: Period, candle: Candle) => {
    const open = current[period];
    const end = ends[period];
    if (open && end !== undefined && candle.time < end && candle.time >= open.time) {
      addCandle(open, candle);
      return;
    }
    if (open) candles[period].push(open);
    const start = bucketStart(period, candle.time);
    current[period] = { ...candle, time: start };
    ends[period] = bucketEnd(period, start);
  };

  for (const era of eras) {
    const coarser = coarserThan(era.base);
    for (let t = era.start; t < era.end;) {
      const end = bucketEnd(era.base, t);
      const openTime = openMs(instrument.schedule, t, end);
      if (openTime > 0) {
        // Across closed time (or a pause) the walk moves a little: the open gaps from the last close.
        let open = close;
        if (t > lastTime) {
          const gap = effectiveMs(instrument, lastTime, t);
          if (gap > 0) {
            x = ouStep(x, anchorAt(t), sigma, gap / YEAR_MS, random.normal());
            open = ticksOf(instrument, x);
          }
        }
        let high = open;
        let low = open;
        let price = open;
        const dt = openTime / era.steps / YEAR_MS;
        if (dt !== coefficientsDt) {
          coefficients = ouCoefficients(sigma, dt);
          coefficientsDt = dt;
        }
        const { decay, sd } = coefficients;
        const mu = anchorAt(end);
        for (let s = 1; s <= era.steps; s += 1) {
          x = mu + (x - mu) * decay + sd * random.normal();
          price = max(1, round(exp(x) * priceScale));
          if (price > high) high = price;
          if (price < low) low = price;
        }
        // Wicks beyond the sampled path.
        const wick = sigma * sqrt(dt) * 0.6;
        high = max(high, round(high * (1 + abs(random.normal()) * wick)));
        low = max(1, min(low, round(low * (1 - abs(random.normal()) * wick))));
        const move = abs(log(price / open)) / (sigma * sqrt(openTime / YEAR_MS));
        const volume = max(
          1,
          round(((dayLots * openTime) / DAY_MS) * exp(0.5 * random.normal() - 0.125) * (0.6 + 0.4 * move)),
        );
        const average = (open + high + low + price) / 4 / priceScale;
        const amount = round((volume / lotScale) * average * 100);
        const candle: Candle = { time: t, open, high, low, close: price, volume, amount };
        candles[era.base].push(candle);
        for (const period of coarser) emit(period, candle);
        if (era.base === '1min') {
          prints.push({ time: end - 1, ticks: price, lots: 1, side: price >= open ? 2 : 1 });
        }
        close = price;
        lastTime = end;
        last = { ticks: price, time: end };
      }
      t = end;
    }
  }
  for (const period of PERIODS) {
    const open = current[period];
    if (open) candles[period].push(open);
  }
  // Old daily candles only fed weeks and months.
  if (options.from === undefined) {
    const keepFrom = bucketStart('1day', now) - profile.storeDays * DAY_MS;
    candles['1day'] = candles['1day'].filter((c) => c.time >= keepFrom);
  }
  return { candles, prints, last };
}
