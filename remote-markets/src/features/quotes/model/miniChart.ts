// The home list's mini chart (doc 1 §7): the last 7 daily closes of the past 7 days, drawn as
// an SVG polyline. Scaled exactly on the decimal strings (no bignumber.js: the quote lists'
// first render needs this module); numbers appear only as SVG coordinates.
import {
  addDecimals,
  compareDecimals,
  isFiniteDecimal,
  mulDivTruncated,
  subtractDecimals,
} from '@app/shared';

export const MINI_POINTS = 7;
export const MINI_DAYS = 7;
/** The mini chart's box and the room above and below its line, px. */
export const MINI_WIDTH = 52;
export const MINI_HEIGHT = 24;
export const MINI_PAD = 2;

/** The closes to draw: the newest 7 (fewer when the instrument is younger). */
export function lastCloses(closes: readonly string[], count = MINI_POINTS): string[] {
  return closes.filter((c) => isFiniteDecimal(c)).slice(-count);
}

/**
 * "x,y x,y ..." for a polyline in a width x height box with `pad` px of room at top and bottom:
 * the lowest close at the bottom, the highest at the top, a flat series in the middle.
 */
export function miniChartPoints(closes: readonly string[], width: number, height: number, pad = 2): string {
  const values = lastCloses(closes);
  const [first] = values;
  if (first === undefined) return '';
  let min = first;
  let max = first;
  for (const v of values) {
    if (compareDecimals(v, min) === -1) min = v;
    if (compareDecimals(v, max) === 1) max = v;
  }
  const range = subtractDecimals(max, min);
  const inner = height - 2 * pad;
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  return values
    .map((v, i) => {
      const x = values.length > 1 ? i * step : width / 2;
      // (max - v) / range x inner + pad, truncated to 1 decimal ('8.6', '2'); a flat series in the middle.
      const y =
        (compareDecimals(range, 0) === 1
          ? addDecimals(mulDivTruncated(subtractDecimals(max, v), inner, range, 1), pad)
          : null) ?? height / 2;
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
  return compareDecimals(last, first) ?? 0;
}
