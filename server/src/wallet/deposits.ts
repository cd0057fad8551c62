import crypto from 'node:crypto';
import { wallet } from '@app/contract';
import type { AppContext } from '../context';
import { isoTime } from '../core/clock';
import { columnAs } from '../core/column';
import type { Q } from '../db';
import type { Currency } from './currencies';
import { type LedgerReason, postLedger } from '../kernel';
import { parseUserAmount, requireCurrency } from './wallets';
import { WITHDRAWAL_STATUS, WITHDRAWAL_STATUS_TEXT, withdrawalStatusOf } from './withdrawals';

/** Deposits are credited to the coin (change) wallet. Deposit rows carry status 2 (success). */
export const DEPOSIT_STATUS_SUCCESS = WITHDRAWAL_STATUS.success;

export interface DepositAddress {
  currency_id: number;
  currency_name: string;
  address: string;
  /** Always true: this server has no chain; the address only identifies the user and coin. */
  demo: true;
}

/** The user's deposit address for a coin: created once, then stable. Clearly not a real address. */
export async function depositAddress(
  ctx: Pick<AppContext, 'store' | 'clock'>,
  userId: number,
  currencyId: string,
): Promise<DepositAddress> {
  const currency = await requireCurrency(ctx.store.q, currencyId);
  const address = await depositAddressOf(ctx.store.q, userId, currency, ctx.clock.now());
  return { currency_id: currency.id, currency_name: currency.name, address, demo: true };
}

/** The stored address of (user, coin), created when missing (a concurrent creation wins once). */
async function depositAddressOf(q: Q, userId: number, currency: Currency, now: number): Promise<string> {
  const select = () =>
    q
      .selectFrom('deposit_addresses')
      .select('address')
      .where('user_id', '=', userId)
      .where('currency_id', '=', currency.id)
      .executeTakeFirst();
  const row = await select();
  if (row) return row.address;
  await q
    .insertInto('deposit_addresses')
    .values({
      user_id: userId,
      currency_id: currency.id,
      address: `DEMO-${currency.name}-${crypto.randomBytes(16).toString('hex')}`,
      created_at: now,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return (await select())?.address ?? '';
}

export interface RecordedDeposit {
  id: number;
  user_id: number;
  currency_id: number;
  currency_name: string;
  amount: string;
  available: string;
  tx_info: string;
}

/** Credits a deposit to the change wallet (reason `deposit`) and records it, in one transaction. */
export async function recordDeposit(
  ctx: Pick<AppContext, 'store' | 'clock'>,
  userId: number,
  currencyIdOrName: string,
  amountText: string,
  source: string,
): Promise<RecordedDeposit> {
  const currency = await requireCurrency(ctx.store.q, currencyIdOrName);
  const amount = parseUserAmount(amountText, currency, 'amount');
  const now = ctx.clock.now();
  const txInfo = `DEMO-TX-${crypto.randomBytes(16).toString('hex')}`;
  const reason: LedgerReason = 'deposit';
  return ctx.store.tx(async (q): Promise<RecordedDeposit> => {
    const address = await depositAddressOf(q, userId, currency, now);
    const { id } = await q
      .insertInto('deposits')
      .values({
        user_id: userId,
        currency_id: currency.id,
        wallet_type: 'change',
        amount: amount.toFixed(),
        address,
        tx_info: txInfo,
        status: DEPOSIT_STATUS_SUCCESS,
        source,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [entry] = await postLedger(
      q,
      [{ userId, walletType: 'change', currencyId: currency.id, amount, reason, ref: `deposit:${id}` }],
      { now },
    );
    return {
      id,
      user_id: userId,
      currency_id: currency.id,
      currency_name: currency.name,
      amount: amount.toFixed(),
      available: entry?.balanceAfter ?? '0',
      tx_info: txInfo,
    };
  });
}

/** A line of the deposit and withdrawal log as the contract answers it. */
export type ChargeMentionEntry = wallet.ChargeMentionEntry;

/** Deposits and withdrawals of the caller, newest first. */
export async function chargeMentionLog(
  ctx: Pick<AppContext, 'store'>,
  userId: number,
  limit: number,
): Promise<ChargeMentionEntry[]> {
  const { q } = ctx.store;
  // Each kind's newest `limit`, merged in JS (created_at, then id, both descending).
  const deposits = await q
    .selectFrom('deposits as d')
    .innerJoin('currencies as c', 'c.id', 'd.currency_id')
    .select(['d.id', 'd.currency_id', 'c.name as currency_name', 'd.amount', 'd.tx_info', 'd.address'])
    .select(['d.status', 'd.created_at'])
    .where('d.user_id', '=', userId)
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute();
  const withdrawals = await q
    .selectFrom('withdrawals as w')
    .innerJoin('currencies as c', 'c.id', 'w.currency_id')
    .select(['w.id', 'w.currency_id', 'c.name as currency_name', 'w.amount', 'w.tx_hash', 'w.address'])
    .select(['w.status', 'w.reason', 'w.created_at'])
    .where('w.user_id', '=', userId)
    .orderBy('w.created_at', 'desc')
    .orderBy('w.id', 'desc')
    .limit(limit)
    .execute();
  const rows: Array<ChargeMentionEntry & { created_at: number }> = [
    ...deposits.map((d) => ({
      id: d.id,
      type: 'deposit' as const,
      currency_id: d.currency_id,
      currency_name: d.currency_name,
      value: d.amount,
      info: 'deposit',
      transaction_info: d.tx_info,
      status: columnAs(wallet.withdrawalStatus, d.status, `deposits.status (id ${d.id})`),
      status_text: 'success',
      created_time: isoTime(d.created_at),
      created_at: d.created_at,
    })),
    ...withdrawals.map((w) => {
      const status = withdrawalStatusOf(w.status, w.id);
      return {
        id: w.id,
        type: 'withdrawal' as const,
        currency_id: w.currency_id,
        currency_name: w.currency_name,
        value: w.amount,
        info: w.reason ?? 'withdrawal',
        transaction_info: w.tx_hash ?? w.address,
        status,
        status_text: WITHDRAWAL_STATUS_TEXT[status],
        created_time: isoTime(w.created_at),
        created_at: w.created_at,
      };
    }),
  ];
  rows.sort((a, b) => b.created_at - a.created_at || b.id - a.id);
  return rows.slice(0, limit).map(({ created_at: _createdAt, ...entry }) => entry);
}
