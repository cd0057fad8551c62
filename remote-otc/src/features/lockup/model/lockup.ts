// Figures of lock-up mining (doc 2 §9), exact with bignumber.js, truncated for display.
import { type DecimalInput } from '@app/shared';
import { toDecimal } from '@app/shared/decimal-math';
import { formatAmount } from '../../common';

export { formatAmount };

/** Expected income of a product = interest rate × min / 100. */
export function expectedIncome(interestRate: DecimalInput, min: DecimalInput): string {
  return formatAmount(toDecimal(interestRate).times(toDecimal(min)).div(100));
}

/** Cancel fee = buy_num × (cancel fee rate / 100). */
export function cancelFee(buyNum: DecimalInput, cancelFeeRate: DecimalInput): string {
  return formatAmount(toDecimal(buyNum).times(toDecimal(cancelFeeRate).div(100)));
}

/** What a cancel returns: the principal minus the fee. */
export function cancelRefund(buyNum: DecimalInput, cancelFeeRate: DecimalInput): string {
  return formatAmount(toDecimal(buyNum).minus(cancelFee(buyNum, cancelFeeRate)));
}
