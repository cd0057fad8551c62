import { toDecimal } from '@app/shared/decimal-math';
import { isAmountText } from './wallets';
import type { WalletType } from '../api/walletApi';

export type TransferProblem = 'amountRequired' | 'amountInvalid' | 'amountExceeds' | 'sameWallet';

export interface TransferInput {
  from: WalletType;
  to: WalletType;
  amount: string;
  /** Available in the source wallet, decimal text. */
  available: string;
}

/** Transfer rules: > 0, at most the available balance, never to the same wallet (doc 2 §5). */
export function validateTransfer(input: TransferInput): TransferProblem | null {
  if (input.from === input.to) return 'sameWallet';
  const amount = input.amount.trim();
  if (amount === '') return 'amountRequired';
  if (!isAmountText(amount)) return 'amountInvalid';
  if (toDecimal(amount).gt(toDecimal(input.available))) return 'amountExceeds';
  return null;
}
