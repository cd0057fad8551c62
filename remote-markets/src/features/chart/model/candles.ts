// Candles (doc 1 §3 Candle) and the chart's rules: a candle whose low is 1e-6 or below is
// ignored (doc 1 §5); live candles replace the bar with the same time or extend the series.
import type { market } from '@app/contract';
import { addDecimals, compareDecimals, mulDivTruncated, plainDecimal, subtractDecimals } from '@app/shared';

/** A bar as the contract answers it: bucket start (epoch ms) and decimal strings. */
export type Candle = market.CandleView;

/** At or below this low a candle is bad data and never drawn (doc 1 §5). */
export const MIN_CANDLE_LOW = '0.000001';

export function isValidCandle(candle: Candle): boolean {
  return Number.isFinite(candle.time) && compareDecimals(candle.low, MIN_CANDLE_LOW) === 1;
}

/** Valid candles, oldest first, one per time. */
export function cleanCandles(candles: readonly Candle[]): Candle[] {
  const byTime = new Map<number, Candle>();
  for (const candle of candles) if (isValidCandle(candle)) byTime.set(candle.time, candle);
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}

/**
 * The series after a live candle: the bar with the same time is replaced, a newer one is
 * appended, an invalid one changes nothing (the same array comes back).
 */
export function mergeCandle(series: readonly Candle[], candle: Candle): readonly Candle[] {
  if (!isValidCandle(candle)) return series;
  const last = series[series.length - 1];
  if (!last || candle.time > last.time) return [...series, candle];
  if (candle.time === last.time) return [...series.slice(0, -1), candle];
  const index = series.findIndex((c) => c.time === candle.time);
  if (index < 0) return series; // older than what we hold and unknown: ignore
  const next = series.slice();
  next[index] = candle;
  return next;
}

/** A live kline / futures_kline payload as a candle, or null. */
export function candleFromPayload(payload: unknown): Candle | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const r = payload as Record<string, unknown>;
  const time = typeof r.time === 'number' ? r.time : typeof r.time === 'string' ? Number(r.time) : NaN;
  const fields = ['open', 'high', 'low', 'close', 'volume'] as const;
  if (!Number.isFinite(time) || fields.some((f) => typeof r[f] !== 'string' && typeof r[f] !== 'number')) {
    return null;
  }
  return {
    time,
    open: String(r.open),
    high: String(r.high),
    low: String(r.low),
    close: String(r.close),
    volume: String(r.volume),
  };
}

/**
 * Simple moving average of the closes over `length` candles, as [time, value] (decimal text);
 * the first length-1 candles have none.
 */
/** sum / count, exact to 20 decimals (truncated), without trailing zeros; 'NaN' for a bad sum. */
export function averageOf(sum: string | null, count: number): string {
  return plainDecimal(mulDivTruncated(sum, 1, count, 20)) ?? 'NaN';
}

export function movingAverage(candles: readonly Candle[], length: number): Array<[number, string]> {
  const out: Array<[number, string]> = [];
  let sum: string | null = '0';
  for (let i = 0; i < candles.length; i += 1) {
    const candle = candles[i] as Candle;
    sum = addDecimals(sum, candle.close);
    if (i >= length) sum = subtractDecimals(sum, (candles[i - length] as Candle).close);
    if (i >= length - 1) out.push([candle.time, averageOf(sum, length)]);
  }
  return out;
}

export const MA_LENGTHS = [5, 10, 30] as const;
