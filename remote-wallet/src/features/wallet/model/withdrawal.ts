import BigNumber from 'bignumber.js';
import { toDecimal } from '@app/shared/decimal-math';
import { isAmountText } from './wallets';

export interface WithdrawalLimit {
  min: string;
  max: string;
  fee: string;
}

export type WithdrawalProblem =
  | 'addressRequired'
  | 'amountRequired'
  | 'amountInvalid'
  | 'belowMinimum'
  | 'aboveMaximum'
  | 'insufficient'
  | 'fundPasswordNotSet'
  | 'fundPasswordRule';

export interface WithdrawalInput {
  /** From GET /api/wallet/withdraw_info; the server checks again. */
  limit: WithdrawalLimit;
  addressId: number | null;
  amount: string;
  available: string;
  fundPassword: string;
  fundPasswordSet: boolean;
}

export const FUND_PASSWORD_PATTERN = /^\d{6}$/;

/** Withdrawal rules (doc 2 §5, API.md): an address, min ≤ amount ≤ max, amount + fee ≤ available, 6-digit fund password. */
export function validateWithdrawal(input: WithdrawalInput): WithdrawalProblem | null {
  if (input.addressId === null) return 'addressRequired';
  const amount = input.amount.trim();
  if (amount === '') return 'amountRequired';
  if (!isAmountText(amount)) return 'amountInvalid';
  const { limit } = input;
  const value = toDecimal(amount);
  if (value.lt(limit.min)) return 'belowMinimum';
  if (value.gt(limit.max)) return 'aboveMaximum';
  if (value.plus(limit.fee).gt(toDecimal(input.available))) return 'insufficient';
  if (!input.fundPasswordSet) return 'fundPasswordNotSet';
  if (!FUND_PASSWORD_PATTERN.test(input.fundPassword)) return 'fundPasswordRule';
  return null;
}

/** The most that can be withdrawn: available minus the fee, at most the maximum; "0" if none. */
export function maxWithdrawable(available: string, limit: WithdrawalLimit): string {
  const rest = toDecimal(available).minus(limit.fee);
  if (rest.lte(0)) return '0';
  return BigNumber.min(rest, limit.max).toFixed();
}

/** Coins whose label is a destination tag, digits only (mirrors the server's DIGIT_LABEL_COINS). */
export const DIGIT_LABEL_COINS: readonly string[] = ['XRP'];

/** Address book rules (doc 2 §5): no spaces, 6-128 characters; label letters and digits only
 * (digits only, at most 10, for tag coins). */
export type AddressProblem = 'addressRequired' | 'addressInvalid' | 'labelInvalid' | 'labelDigits';

export function validateAddress(address: string, label: string, coinName = ''): AddressProblem | null {
  if (address.trim() === '') return 'addressRequired';
  if (/\s/.test(address.trim()) || address.trim().length < 6 || address.trim().length > 128)
    return 'addressInvalid';
  if (label !== '' && !/^[A-Za-z0-9]{1,32}$/.test(label)) return 'labelInvalid';
  if (label !== '' && DIGIT_LABEL_COINS.includes(coinName.toUpperCase()) && !/^\d{1,10}$/.test(label))
    return 'labelDigits';
  return null;
}
