import { toDecimal } from '@app/shared';
import { isAmountText } from './wallets';

export interface WithdrawalLimit {
  min: string;
  max: string;
  fee: string;
}

/**
 * Per-coin minimum, maximum and fee. The server has no call for them yet: this mirrors
 * WITHDRAWAL_LIMITS in server/src/wallet/withdrawals.ts (API.md) and the server checks again.
 */
export const WITHDRAWAL_LIMITS: Record<string, WithdrawalLimit> = {
  BTC: { min: '0.001', max: '10', fee: '0.0005' },
  ETH: { min: '0.01', max: '200', fee: '0.005' },
  USDT: { min: '10', max: '100000', fee: '1' },
  XRP: { min: '20', max: '200000', fee: '0.25' },
  LTC: { min: '0.1', max: '2000', fee: '0.001' },
  BCH: { min: '0.01', max: '1000', fee: '0.001' },
};

export function limitOf(currencyName: string): WithdrawalLimit | undefined {
  return WITHDRAWAL_LIMITS[currencyName.toUpperCase()];
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
  currencyName: string;
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
  const limit = limitOf(input.currencyName);
  const value = toDecimal(amount);
  if (limit && value.lt(limit.min)) return 'belowMinimum';
  if (limit && value.gt(limit.max)) return 'aboveMaximum';
  if (value.plus(limit?.fee ?? '0').gt(toDecimal(input.available))) return 'insufficient';
  if (!input.fundPasswordSet) return 'fundPasswordNotSet';
  if (!FUND_PASSWORD_PATTERN.test(input.fundPassword)) return 'fundPasswordRule';
  return null;
}

/** Address book rules (doc 2 §5): no spaces, 6-128 characters; label letters and digits only. */
export type AddressProblem = 'addressRequired' | 'addressInvalid' | 'labelInvalid';

export function validateAddress(address: string, label: string): AddressProblem | null {
  if (address.trim() === '') return 'addressRequired';
  if (/\s/.test(address.trim()) || address.trim().length < 6 || address.trim().length > 128)
    return 'addressInvalid';
  if (label !== '' && !/^[A-Za-z0-9]{1,32}$/.test(label)) return 'labelInvalid';
  return null;
}
