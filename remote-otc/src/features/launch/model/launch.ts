// Subscription rules and figures (doc 2 §5, §9).
import BigNumber from 'bignumber.js';
import { type DecimalInput } from '@app/shared';
import { toDecimal } from '@app/shared/decimal-math';

/** Pay amount = buymoney × amount, truncated to 8 decimals. */
export function payAmount(buymoney: DecimalInput, amount: DecimalInput): string {
  const price = toDecimal(buymoney);
  const qty = toDecimal(amount);
  if (!price.isFinite() || !qty.isFinite() || qty.lte(0) || price.lte(0)) return '0.00000000';
  return price.times(qty).toFixed(8, BigNumber.ROUND_DOWN);
}

export type SubscribeProblem = 'amount' | 'belowMin' | 'aboveMax';

/** A positive number, not below the minimum purchase, within the maximum (doc 2 §5). */
export function validateSubscription(amount: string, min?: string, max?: string): SubscribeProblem | null {
  const qty = toDecimal(amount.trim());
  if (!qty.isFinite() || qty.lte(0)) return 'amount';
  if (min !== undefined && qty.lt(min)) return 'belowMin';
  if (max !== undefined && qty.gt(max)) return 'aboveMax';
  return null;
}
