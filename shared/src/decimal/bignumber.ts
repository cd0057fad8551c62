// Decimal arithmetic with bignumber.js, for the code that computes (forms, charts, wallets):
// the `@app/shared/decimal-math` entry, bundled by the remote pages that use it, so bignumber.js
// (a shared singleton) loads with them and not before every route's first render. Display and
// comparison need none of it (./decimal).
import BigNumber from 'bignumber.js';
import type { DecimalInput } from './decimal';

const DecimalTruncate = BigNumber.clone({ ROUNDING_MODE: BigNumber.ROUND_DOWN, EXPONENTIAL_AT: [-30, 60] });

export function toDecimal(value: DecimalInput): BigNumber {
  if (value === null || value === undefined || value === '') return new DecimalTruncate(NaN);
  return new DecimalTruncate(value instanceof BigNumber ? value.toString() : value);
}

/** Sum of decimal strings, exact. */
export function sumDecimals(values: DecimalInput[]): BigNumber {
  return values.reduce<BigNumber>((acc, v) => {
    const d = toDecimal(v);
    return d.isFinite() ? acc.plus(d) : acc;
  }, new DecimalTruncate(0));
}
