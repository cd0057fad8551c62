import BigNumber from 'bignumber.js';

/**
 * Prices and quantities are kept in memory as integers of their smallest unit (a price "tick" is
 * 10^-precision, a quantity "lot" 10^-qtyPrecision), so every comparison and sum is exact, and
 * leave the engine as decimal text. Floats are only used inside the random walk, which is rounded
 * to whole ticks before it becomes a price.
 */

const POW10 = Array.from({ length: 19 }, (_, i) => 10 ** i);

export function pow10(n: number): number {
  const value = POW10[n];
  if (value === undefined) throw new RangeError(`precision ${n} out of range`);
  return value;
}

// Module-level references: inside Jest's VM context every global lookup is slow.
const { isSafeInteger } = Number;
const ZEROS = '000000000000000000000';

/** Decimal text of `units` × 10^-scale, e.g. (6500012, 2) -> "65000.12", (5, 3) -> "0.005". */
export function formatUnits(units: number, scale: number): string {
  if (!isSafeInteger(units)) throw new RangeError(`not a safe integer: ${units}`);
  const negative = units < 0;
  let digits = `${negative ? -units : units}`;
  if (scale > 0) {
    if (digits.length <= scale) digits = ZEROS.slice(0, scale + 1 - digits.length) + digits;
    digits = `${digits.slice(0, digits.length - scale)}.${digits.slice(digits.length - scale)}`;
  }
  return negative ? `-${digits}` : digits;
}

/**
 * Integer units of a decimal text at `scale` decimals, or undefined when the text is not a plain
 * non-negative decimal, has more decimals than `scale`, or is too large.
 */
export function parseUnits(text: string, scale: number): number | undefined {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return undefined;
  const intPart = match[1] ?? '0';
  let frac = (match[2] ?? '').replace(/0+$/, '');
  if (frac.length > scale) return undefined;
  frac = frac.padEnd(scale, '0');
  const value = +`${intPart}${frac}`;
  return isSafeInteger(value) ? value : undefined;
}

/** Nearest whole number of ticks for a float price (at least one tick). */
export function toTicks(price: number, precision: number): number {
  return Math.max(1, Math.round(price * pow10(precision)));
}

/** The float value of integer units (for the random walk only). */
export function unitsToNumber(units: number, scale: number): number {
  return units / pow10(scale);
}

/**
 * Percent change (now - base) / base × 100 with 2 decimals, as text ("1.23", "-0.40", "0.00").
 * Truncated toward zero, like every figure the app shows (spec: truncate, never round).
 */
export function percentChange(now: number, base: number): string {
  if (base <= 0) return '0.00';
  const text = new BigNumber(now - base).times(100).div(base).toFixed(2, BigNumber.ROUND_DOWN);
  return text === '-0.00' ? '0.00' : text;
}

/** 1, 0 or -1 comparing `now` with `base`. */
export function colorOf(now: number, base: number): 1 | 0 | -1 {
  return now > base ? 1 : now < base ? -1 : 0;
}
