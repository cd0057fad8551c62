// Display helpers for money, prices and quantities. Decimal strings in, strings out:
// bignumber.js only, and the spec's rule "truncate, never round" (doc 2 §9).
import BigNumber from 'bignumber.js';

export type DecimalInput = string | number | BigNumber | null | undefined;

const DecimalTruncate = BigNumber.clone({ ROUNDING_MODE: BigNumber.ROUND_DOWN, EXPONENTIAL_AT: [-30, 60] });

export function toDecimal(value: DecimalInput): BigNumber {
  if (value === null || value === undefined || value === '') return new DecimalTruncate(NaN);
  return new DecimalTruncate(value instanceof BigNumber ? value.toString() : value);
}

export function isPositiveDecimal(value: DecimalInput, minExclusive = '0'): boolean {
  const d = toDecimal(value);
  return d.isFinite() && d.gt(minExclusive);
}

/** Truncates (toward zero) to `places` decimals and pads with zeros: truncate('1.239', 2) === '1.23'. */
export function truncate(value: DecimalInput, places: number): string {
  const d = toDecimal(value);
  if (!d.isFinite()) return (0).toFixed(places);
  const out = d.decimalPlaces(places, BigNumber.ROUND_DOWN).toFixed(places, BigNumber.ROUND_DOWN);
  // "-0.00" reads as a loss; a truncated zero is just zero.
  return /^-0\.?0*$/.test(out) ? out.slice(1) : out;
}

const USDT_NAMES = new Set(['USDT']);

/** Available balance: 2 decimals for USDT, 6 for any coin (doc 1 §9). */
export function formatBalance(value: DecimalInput, currencyName: string): string {
  return truncate(value, USDT_NAMES.has(currencyName.toUpperCase()) ? 2 : 6);
}

/** Totals: 2 decimals (doc 1 §9). */
export function formatTotal(value: DecimalInput): string {
  return truncate(value, 2);
}

/** Asset totals: 4 decimals (doc 1 §9, doc 2 §9). */
export function formatAssetTotal(value: DecimalInput): string {
  return truncate(value, 4);
}

/** Volume shown in thousands with a K suffix, truncated to 2 decimals (doc 1 §9). */
export function formatVolumeK(value: DecimalInput): string {
  return `${truncate(toDecimal(value).div(1000), 2)}K`;
}

/** Change percent with sign, truncated to 2 decimals. */
export function formatChangePercent(value: DecimalInput): string {
  const d = toDecimal(value);
  const text = truncate(d, 2);
  return d.gt(0) ? `+${text}%` : `${text}%`;
}

/** Sum of decimal strings, exact. */
export function sumDecimals(values: DecimalInput[]): BigNumber {
  return values.reduce<BigNumber>((acc, v) => {
    const d = toDecimal(v);
    return d.isFinite() ? acc.plus(d) : acc;
  }, new DecimalTruncate(0));
}

/** User display ID: "1" followed by the user id zero-padded to 7 digits (doc 1 §3). */
export function formatUserDisplayId(userId: number | string): string {
  return `1${String(userId).padStart(7, '0')}`;
}
