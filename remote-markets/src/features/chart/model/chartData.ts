// Candles as Highcharts series. Everything up to here is decimal text; this is where it
// becomes numbers (through toChartNumber), for drawing only.
import { addDecimals, compareDecimals, marketColors } from '@app/shared';
import { MA_LENGTHS, averageOf, movingAverage, type Candle } from './candles';
import { toChartNumber } from './chartNumber';

export type OhlcPoint = [number, number, number, number, number];
export type XYPoint = [number, number];
export interface VolumePoint {
  x: number;
  y: number;
  color: string;
}

export interface ChartSeriesData {
  ohlc: OhlcPoint[];
  line: XYPoint[];
  volume: VolumePoint[];
  ma: Record<(typeof MA_LENGTHS)[number], XYPoint[]>;
}

export function chartSeriesData(candles: readonly Candle[]): ChartSeriesData {
  const ohlc: OhlcPoint[] = [];
  const line: XYPoint[] = [];
  const volume: VolumePoint[] = [];
  for (const c of candles) {
    const close = toChartNumber(c.close);
    ohlc.push([c.time, toChartNumber(c.open), toChartNumber(c.high), toChartNumber(c.low), close]);
    line.push([c.time, close]);
    const down = compareDecimals(c.close, c.open) === -1;
    volume.push({ x: c.time, y: toChartNumber(c.volume), color: down ? marketColors.down : marketColors.up });
  }
  const ma = {} as ChartSeriesData['ma'];
  for (const length of MA_LENGTHS) {
    ma[length] = movingAverage(candles, length).map(([x, v]) => [x, toChartNumber(v)]);
  }
  return { ohlc, line, volume, ma };
}

/** Curves as numbers for the depth chart. */
export function curvePoints(curve: ReadonlyArray<[string, string]>): XYPoint[] {
  return curve.map(([price, total]) => [toChartNumber(price), toChartNumber(total)]);
}

/** The most decimals any price of the series carries (tooltip precision). */
export function priceDecimals(candles: readonly Candle[]): number {
  let most = 0;
  for (const c of candles.slice(-50)) {
    const dot = c.close.indexOf('.');
    if (dot >= 0) most = Math.max(most, c.close.length - dot - 1);
  }
  return most;
}

/** The points of one candle in every series (an MA is null before it has `length` candles). */
export interface CandlePoints {
  x: number;
  ohlc: OhlcPoint;
  line: XYPoint;
  volume: VolumePoint;
  ma: Record<(typeof MA_LENGTHS)[number], XYPoint | null>;
}

export function candlePoints(candles: readonly Candle[], index: number): CandlePoints {
  const c = candles[index] as Candle;
  const close = toChartNumber(c.close);
  const down = compareDecimals(c.close, c.open) === -1;
  const ma = {} as CandlePoints['ma'];
  for (const length of MA_LENGTHS) {
    if (index < length - 1) {
      ma[length] = null;
      continue;
    }
    let sum: string | null = '0';
    for (let i = index - length + 1; i <= index; i += 1) sum = addDecimals(sum, (candles[i] as Candle).close);
    ma[length] = [c.time, toChartNumber(averageOf(sum, length))];
  }
  return {
    x: c.time,
    ohlc: [c.time, toChartNumber(c.open), toChartNumber(c.high), toChartNumber(c.low), close],
    line: [c.time, close],
    volume: { x: c.time, y: toChartNumber(c.volume), color: down ? marketColors.down : marketColors.up },
    ma,
  };
}

/** What a live change asks of the drawn chart: points to replace (same time) or append. */
export type LiveChange =
  { kind: 'full' } | { kind: 'points'; replace: CandlePoints[]; append: CandlePoints[] };

/** The most candles a live change may touch before redrawing everything is simpler. */
const MAX_LIVE_POINTS = 4;

/**
 * From the candles on the chart to the new ones: the candles that changed at the end (live
 * updates replace the last bar or add bars, keeping the other candle objects), or `full`
 * when the series changed elsewhere (then every series takes the whole data again).
 */
export function liveChange(drawn: readonly Candle[], next: readonly Candle[]): LiveChange {
  const common = Math.min(drawn.length, next.length);
  let first = 0;
  while (first < common && drawn[first] === next[first]) first += 1;
  if (next.length < drawn.length || next.length - first > MAX_LIVE_POINTS) return { kind: 'full' };
  for (let i = first; i < drawn.length; i += 1) {
    if ((drawn[i] as Candle).time !== (next[i] as Candle).time) return { kind: 'full' };
  }
  const replace: CandlePoints[] = [];
  const append: CandlePoints[] = [];
  for (let i = first; i < next.length; i += 1)
    (i < drawn.length ? replace : append).push(candlePoints(next, i));
  return { kind: 'points', replace, append };
}
