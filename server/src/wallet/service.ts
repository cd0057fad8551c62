import type { AppContext } from '../context';
import { AppError, badRequest } from '../core/errors';
import { findCurrency } from './currencies';
import { Decimal, isWalletType, postLedger } from '../kernel';

export interface CreditResult {
  user_id: number;
  wallet: string;
  currency: string;
  currency_id: number;
  amount: string;
  available: string;
}

/**
 * A deposit of `amount` (decimal text, > 0, at most the currency's precision) into a user's
 * wallet, through the ledger with reason `deposit`. Used by the dev tool and the admin CLI.
 */
export async function creditDeposit(
  ctx: Pick<AppContext, 'store' | 'clock'>,
  userId: number,
  wallet: string,
  currency: string,
  amount: string,
  ref: string,
): Promise<CreditResult> {
  if (!isWalletType(wallet)) throw badRequest('wallet.invalid_type', { field: 'wallet' });
  const cur = await findCurrency(ctx.store.q, currency);
  if (!cur) throw new AppError('wallet.currency_not_found', 404, { field: 'currency' });
  if (!/^\d{1,20}(\.\d{1,18})?$/.test(amount)) throw badRequest('wallet.invalid_amount', { field: 'amount' });
  const value = new Decimal(amount);
  if (!value.isGreaterThan(0) || (value.decimalPlaces() ?? 0) > cur.precision) {
    throw badRequest('wallet.invalid_amount', { field: 'amount' });
  }
  const now = ctx.clock.now();
  const [entry] = await ctx.store.tx((q) =>
    postLedger(
      q,
      [{ userId, walletType: wallet, currencyId: cur.id, amount: value, reason: 'deposit', ref }],
      { now },
    ),
  );
  return {
    user_id: userId,
    wallet,
    currency: cur.name,
    currency_id: cur.id,
    amount: value.toFixed(),
    available: entry?.balanceAfter ?? '0',
  };
}
