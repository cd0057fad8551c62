// Candles as Highcharts series. Everything up to here is decimal text; this is where it
// becomes numbers (through toChartNumber), for drawing only.
import { marketColors, toDecimal } from '@app/shared';
import { MA_LENGTHS, movingAverage, type Candle } from './candles';
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
    const down = toDecimal(c.close).lt(toDecimal(c.open));
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
