import { addCandle, type Candle } from '../market/candles';
import { bucketEnd, type Period } from '../market/time';

/** Period pairs where every coarse bucket is a union of fine buckets (weeks and months both from days). */
export const AGGREGATION_PAIRS: ReadonlyArray<readonly [Period, Period]> = [
  ['1min', '5min'],
  ['5min', '15min'],
  ['15min', '30min'],
  ['5min', '60min'],
  ['60min', '1day'],
  ['1day', '1week'],
  ['1day', '1mon'],
];

const sameCandle = (a: Candle | undefined, b: Candle) =>
  a !== undefined &&
  a.time === b.time &&
  a.open === b.open &&
  a.high === b.high &&
  a.low === b.low &&
  a.close === b.close &&
  a.volume === b.volume &&
  a.amount === b.amount;

/**
 * The invariant of the candle store: every coarse candle whose bucket is covered by the finer
 * history equals the aggregation of its finer candles (open of the first, close of the last, max
 * high, min low, summed volume and amount). Returns how many were checked and those that differ.
 */
export function checkAggregated(
  fine: readonly Candle[],
  coarse: readonly Candle[],
  coarsePeriod: Period,
): { checked: number; mismatches: Array<{ expected: Candle | undefined; actual: Candle }> } {
  const sorted = [...fine].sort((a, b) => a.time - b.time);
  const first = sorted[0];
  const mismatches: Array<{ expected: Candle | undefined; actual: Candle }> = [];
  if (!first) return { checked: 0, mismatches };
  let checked = 0;
  let i = 0;
  for (const candle of [...coarse].sort((a, b) => a.time - b.time)) {
    if (candle.time < first.time) continue;
    const end = bucketEnd(coarsePeriod, candle.time);
    while (i < sorted.length && (sorted[i]?.time ?? 0) < candle.time) i += 1;
    let aggregate: Candle | undefined;
    for (let j = i; j < sorted.length && (sorted[j]?.time ?? end) < end; j += 1) {
      const f = sorted[j] as Candle;
      if (!aggregate) aggregate = { ...f, time: candle.time };
      else addCandle(aggregate, f);
    }
    if (!sameCandle(aggregate, candle)) mismatches.push({ expected: aggregate, actual: candle });
    checked += 1;
  }
  return { checked, mismatches };
}
