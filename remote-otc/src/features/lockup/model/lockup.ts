// Figures of lock-up mining (doc 2 §9), exact with bignumber.js, truncated for display.
import { toDecimal, type DecimalInput } from '@app/shared';
import { formatAmount } from '../../common/model/format';

export { formatAmount };

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
