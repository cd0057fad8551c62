// Display of prices and changes: decimal text in, text out, truncated (never rounded).
import { formatChangePercent, formatVolumeK, toDecimal, truncate } from '@app/shared';
import type { QuoteColor } from './quote';

/** Decimals a price carries on the wire ("65000.10" -> 2). */
export function decimalsOf(value: string): number {
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : value.length - dot - 1;
}

/** A price with thousands separators and the decimals it came with: "65000.10" -> "65,000.10". */
export function formatPrice(value: string | undefined, places?: number): string {
  if (value === undefined || value === '') return '--';
  const d = toDecimal(value);
  if (!d.isFinite()) return '--';
  const dp = places ?? decimalsOf(value);
  return toDecimal(truncate(d, dp)).toFormat(dp);
}

/** Change percent with its sign: "+1.23%", "-0.40%", "0.00%". */
export function formatChange(change: string): string {
  return formatChangePercent(change);
}

/** The theme palette key of a colour (green up, red down, grey flat). */
export function colorKey(color: QuoteColor): 'success.main' | 'error.main' | 'text.secondary' {
  return color > 0 ? 'success.main' : color < 0 ? 'error.main' : 'text.secondary';
}

/** The colour of a signed decimal (change percent). */
export function signOf(value: string): QuoteColor {
  const d = toDecimal(value);
  return d.gt(0) ? 1 : d.lt(0) ? -1 : 0;
}

/** Volume in thousands (doc 1 §9) with separators: "71933330" -> "71,933.33K". */
export function formatVolume(value: string | undefined): string {
  if (value === undefined || value === '' || !toDecimal(value).isFinite()) return '--';
  const text = formatVolumeK(value);
  const number = text.slice(0, -1);
  return `${toDecimal(number).toFormat(decimalsOf(number))}K`;
}
