// Display helpers for money, prices and quantities. Decimal strings in, strings out, and the
// spec's rule "truncate, never round" (doc 2 §9). Exact decimal work on BigInt (a value is an
// integer and a count of decimals), never a JS float: what every route's first render needs
// (truncation, comparison, the change percent of a quote) without bignumber.js, which the
// forms load with their arithmetic (`toDecimal` in `@app/shared/decimal-math`).
import type BigNumber from 'bignumber.js';

export type DecimalInput = string | number | BigNumber | null | undefined;

/** A finite decimal: `units` / 10^`scale`. */
interface Exact {
  units: bigint;
  scale: number;
}

const NUMERIC = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/** The exact value of a decimal string, number or BigNumber; null when it is not a finite number. */
function exact(value: DecimalInput): Exact | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  // A BigNumber's toFixed() is its exact value in plain notation ('NaN', 'Infinity' otherwise).
  const text = typeof value === 'object' ? value.toFixed() : String(value).trim();
  const m = NUMERIC.exec(text);
  if (!m) return null;
  const [, sign, int = '', frac = '', exp] = m;
  if (int === '' && frac === '') return null;
  let units = BigInt(`${int}${frac}` || '0');
  let scale = frac.length - Number(exp ?? 0);
  if (scale < 0) {
    units *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { units: sign === '-' ? -units : units, scale };
}

/** `x` at `scale` decimals, truncated toward zero when that drops digits. */
function rescale(x: Exact, scale: number): bigint {
  return scale >= x.scale
    ? x.units * 10n ** BigInt(scale - x.scale)
    : x.units / 10n ** BigInt(x.scale - scale);
}

/** Plain text of `units` / 10^`scale`, with exactly `scale` decimals; never "-0". */
function render(units: bigint, scale: number): string {
  const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, '0');
  const text = scale > 0 ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
  return units < 0n ? `-${text}` : text;
}

/** Plain text of an exact value without trailing zeros ('7.50' -> '7.5', '-0.0' -> '0'). */
function plain(x: Exact): string {
  let { units, scale } = x;
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale -= 1;
  }
  return render(units, scale);
}

/** Whether the value is a finite decimal. */
export function isFiniteDecimal(value: DecimalInput): boolean {
  return exact(value) !== null;
}

/** -1, 0 or 1 as `a` is below, equal to or above `b`; null when either is not a finite decimal. */
export function compareDecimals(a: DecimalInput, b: DecimalInput): -1 | 0 | 1 | null {
  const x = exact(a);
  const y = exact(b);
  if (!x || !y) return null;
  const scale = Math.max(x.scale, y.scale);
  const d = rescale(x, scale) - rescale(y, scale);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

/** The value in plain notation without trailing zeros ('1.50' -> '1.5'); null when not finite. */
export function plainDecimal(value: DecimalInput): string | null {
  const x = exact(value);
  return x ? plain(x) : null;
}

/** The decimals of the value without trailing zeros ('1.50' -> 1); null when not finite. */
export function decimalPlacesOf(value: DecimalInput): number | null {
  const text = plainDecimal(value);
  if (text === null) return null;
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

function addExact(a: DecimalInput, b: DecimalInput, sign: 1n | -1n): string | null {
  const x = exact(a);
  const y = exact(b);
  if (!x || !y) return null;
  const scale = Math.max(x.scale, y.scale);
  return plain({ units: rescale(x, scale) + sign * rescale(y, scale), scale });
}

/** a + b, exact; null when either is not a finite decimal. */
export function addDecimals(a: DecimalInput, b: DecimalInput): string | null {
  return addExact(a, b, 1n);
}

/** a - b, exact; null when either is not a finite decimal. */
export function subtractDecimals(a: DecimalInput, b: DecimalInput): string | null {
  return addExact(a, b, -1n);
}

/**
 * a x b / c, truncated toward zero to `places` decimals; null when any is not a finite decimal
 * or c is zero. Exact: (65100 - 65000) x 100 / 65000 at 2 places is '0.15'.
 */
export function mulDivTruncated(
  a: DecimalInput,
  b: DecimalInput,
  c: DecimalInput,
  places: number,
): string | null {
  const x = exact(a);
  const y = exact(b);
  const z = exact(c);
  if (!x || !y || !z || z.units === 0n) return null;
  // (x.units y.units / 10^(x.scale + y.scale)) / (z.units / 10^z.scale), at `places` decimals.
  const shift = places + z.scale - x.scale - y.scale;
  let numerator = x.units * y.units;
  let denominator = z.units;
  if (shift >= 0) numerator *= 10n ** BigInt(shift);
  else denominator *= 10n ** BigInt(-shift);
  return render(numerator / denominator, places);
}

export function isPositiveDecimal(value: DecimalInput, minExclusive = '0'): boolean {
  return compareDecimals(value, minExclusive) === 1;
}

/** Truncates (toward zero) to `places` decimals and pads with zeros: truncate('1.239', 2) === '1.23'. */
export function truncate(value: DecimalInput, places: number): string {
  const x = exact(value);
  return render(x ? rescale(x, places) : 0n, places);
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
  const x = exact(value);
  return `${x ? render(rescale({ units: x.units, scale: x.scale + 3 }, 2), 2) : truncate(null, 2)}K`;
}

/** Change percent with sign, truncated to 2 decimals. */
export function formatChangePercent(value: DecimalInput): string {
  const text = truncate(value, 2);
  return compareDecimals(value, 0) === 1 ? `+${text}%` : `${text}%`;
}

/** User display ID: "1" followed by the user id zero-padded to 7 digits (doc 1 §3). */
export function formatUserDisplayId(userId: number | string): string {
  return `1${String(userId).padStart(7, '0')}`;
}
