import type { Store } from '../db';
import { postLedger, type WalletType } from '../kernel';

/**
 * Credits a test user's wallet through the ledger (a `deposit` row, as an admin credit posts),
 * on whichever database the test server runs. Currency by id (USDT 3, BTC 1).
 */
export async function fund(
  store: Store,
  userId: number,
  walletType: WalletType,
  currencyId: number,
  amount: string,
): Promise<void> {
  await store.tx((q) =>
    postLedger(q, [{ userId, walletType, currencyId, amount, reason: 'deposit', ref: 'test' }]),
  );
}
