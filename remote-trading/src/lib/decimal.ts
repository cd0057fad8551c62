// Exact decimal arithmetic for this remote's formulas: bignumber.js, never JS floats.
// Display truncates (toward zero), never rounds (doc 2 §9).
import BigNumber from 'bignumber.js';
import { truncate } from '@app/shared';

/** Enough places that a division never loses what the display keeps. */
export const Dec = BigNumber.clone({
  DECIMAL_PLACES: 30,
  ROUNDING_MODE: BigNumber.ROUND_DOWN,
  EXPONENTIAL_AT: [-40, 60],
});
export type Dec = BigNumber;

/** Text (or a number the user typed) as a decimal; anything unreadable is NaN. */
export function dec(value: string | number | BigNumber | null | undefined): BigNumber {
  if (value === null || value === undefined) return new Dec(NaN);
  if (typeof value === 'string' && value.trim() === '') return new Dec(NaN);
  return new Dec(value instanceof BigNumber ? value.toString() : value);
}

/** True when the value is a finite decimal above `min` (exclusive). */
export function above(value: string | BigNumber | null | undefined, min: string): boolean {
  const d = dec(value);
  return d.isFinite() && d.gt(min);
}

const PLAIN = /^-?\d+(\.\d+)?$/;

/** Truncated display with a fixed number of places; "--" for nothing. */
export function show(value: BigNumber | string | null | undefined, places: number): string {
  if (value === null || value === undefined) return '--';
  // Fast path for plain decimal text (every price of a live tick): truncation is exact on the
  // digits themselves.
  if (typeof value === 'string' && PLAIN.test(value)) {
    const dot = value.indexOf('.');
    const int = dot < 0 ? value : value.slice(0, dot);
    const frac = dot < 0 ? '' : value.slice(dot + 1);
    const out = places > 0 ? `${int}.${frac.slice(0, places).padEnd(places, '0')}` : int;
    return /^-0(\.0*)?$/.test(out) ? out.slice(1) : out;
  }
  const d = dec(value);
  if (!d.isFinite()) return '--';
  return truncate(d, places);
}

/** Decimals a price carries on the wire ("65000.10" -> 2). */
export function decimalsOf(value: string | undefined): number {
  if (!value) return 2;
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : value.length - dot - 1;
}
