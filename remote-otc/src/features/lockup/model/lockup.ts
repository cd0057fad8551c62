// Figures of lock-up mining (doc 2 §9), exact with bignumber.js, truncated for display.
import { toDecimal, type DecimalInput } from '@app/shared';
import BigNumber from 'bignumber.js';

/** Amounts shown to at most 8 decimals, truncated, without trailing zeros. */
export function formatAmount(value: DecimalInput, places = 8): string {
  const d = toDecimal(value);
  if (!d.isFinite()) return '0';
  return d.decimalPlaces(places, BigNumber.ROUND_DOWN).toFixed();
}

/** Expected income of a product = lixi × min / 100. */
export function expectedIncome(lixi: DecimalInput, min: DecimalInput): string {
  return formatAmount(toDecimal(lixi).times(toDecimal(min)).div(100));
}

/** Cancel fee = buy_num × (zhiya_qxsxf / 100). */
export function cancelFee(buyNum: DecimalInput, feePercent: DecimalInput): string {
  return formatAmount(toDecimal(buyNum).times(toDecimal(feePercent).div(100)));
}

/** What a cancel returns: the principal minus the fee. */
export function cancelRefund(buyNum: DecimalInput, feePercent: DecimalInput): string {
  return formatAmount(toDecimal(buyNum).minus(cancelFee(buyNum, feePercent)));
}
