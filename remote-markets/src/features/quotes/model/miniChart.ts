// The home list's mini chart (doc 1 §7): the last 7 daily closes of the past 7 days, drawn as
// an SVG polyline. Scaled with bignumber.js; numbers appear only as SVG coordinates.
import { toDecimal } from '@app/shared';
import { toChartNumber } from '../../chart';

export const MINI_POINTS = 7;
export const MINI_DAYS = 7;
/** The mini chart's box and the room above and below its line, px. */
export const MINI_WIDTH = 52;
export const MINI_HEIGHT = 24;
export const MINI_PAD = 2;

/** The closes to draw: the newest 7 (fewer when the instrument is younger). */
export function lastCloses(closes: readonly string[], count = MINI_POINTS): string[] {
  return closes.filter((c) => toDecimal(c).isFinite()).slice(-count);
}

/**
 * "x,y x,y ..." for a polyline in a width x height box with `pad` px of room at top and bottom:
 * the lowest close at the bottom, the highest at the top, a flat series in the middle.
 */
export function miniChartPoints(closes: readonly string[], width: number, height: number, pad = 2): string {
  const values = lastCloses(closes).map((c) => toDecimal(c));
  if (values.length === 0) return '';
  let min = values[0] ?? toDecimal(0);
  let max = min;
  for (const v of values) {
    if (v.lt(min)) min = v;
    if (v.gt(max)) max = v;
  }
  const range = max.minus(min);
  const inner = height - 2 * pad;
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  return values
    .map((v, i) => {
      const x = values.length > 1 ? i * step : width / 2;
      const y = range.isZero()
        ? height / 2
        : toChartNumber(max.minus(v).div(range).times(inner).plus(pad).decimalPlaces(1));
      return `${Number.isInteger(x) ? x : x.toFixed(1)},${y}`;
    })
    .join(' ');
}

/** Whether the series ends above (1), below (-1) or level with (0) where it started. */
export function miniTrend(closes: readonly string[]): 1 | 0 | -1 {
  const values = lastCloses(closes);
  const first = values[0];
  const last = values[values.length - 1];
  if (first === undefined || last === undefined) return 0;
  const cmp = toDecimal(last).comparedTo(toDecimal(first)) ?? 0;
  return cmp > 0 ? 1 : cmp < 0 ? -1 : 0;
}
