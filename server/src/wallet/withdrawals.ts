import { wallet } from '@app/contract';
import type { AppContext } from '../context';
import { isoTime } from '../core/clock';
import { columnAs } from '../core/column';
import { AppError, badRequest, conflict, notFound } from '../core/errors';
import { hasFundPassword, verifyFundPassword } from '../accounts';
import { forUpdate, type Q } from '../db';
import { Decimal, getBalance, type LedgerEntryInput, type LedgerReason, postLedger } from '../kernel';
import { parseUserAmount, requireCurrency } from './wallets';
import crypto from 'node:crypto';

/** Withdrawal limits and fee per currency id (decimal text, in the currency itself). */
export const WITHDRAWAL_LIMITS: Readonly<Record<number, { min: string; max: string; fee: string }>> = {
  1: { min: '0.001', max: '10', fee: '0.0005' },
  2: { min: '0.01', max: '200', fee: '0.005' },
  3: { min: '10', max: '100000', fee: '1' },
  5: { min: '20', max: '200000', fee: '0.25' },
  6: { min: '0.1', max: '2000', fee: '0.001' },
  10: { min: '0.01', max: '1000', fee: '0.001' },
  11: { min: '0.1', max: '5000', fee: '0.01' },
  12: { min: '50', max: '2000000', fee: '5' },
  13: { min: '10', max: '1000000', fee: '1' },
  14: { min: '1', max: '100000', fee: '0.1' },
  15: { min: '50', max: '5000000', fee: '1' },
  16: { min: '1', max: '50000', fee: '0.1' },
  17: { min: '0.1', max: '20000', fee: '0.01' },
  18: { min: '100', max: '10000000', fee: '10' },
  19: { min: '10', max: '1000000', fee: '0.1' },
  20: { min: '1', max: '100000', fee: '0.01' },
  21: { min: '1', max: '100000', fee: '0.1' },
  22: { min: '1', max: '100000', fee: '0.01' },
  23: { min: '0.1', max: '20000', fee: '0.01' },
  24: { min: '50', max: '5000000', fee: '0.1' },
  25: { min: '1', max: '100000', fee: '0.01' },
};

export const WITHDRAWAL_STATUS = {
  applying: 0,
  waiting_chain: 1,
  success: 2,
  chain_failed: 3,
  rejected: 4,
} as const;

export const WITHDRAWAL_STATUS_TEXT: Readonly<Record<wallet.WithdrawalStatus, string>> = {
  0: 'applying',
  1: 'waiting_chain',
  2: 'success',
  3: 'chain_failed',
  4: 'rejected',
};

/** Addresses a user may keep in the book. */
export const MAX_ADDRESSES_PER_USER = 50;

const ADDRESS_RULE = /^[\x21-\x7e]{6,128}$/;
const LABEL_RULE = /^[A-Za-z0-9]{1,32}$/;
/** Coins whose label is a destination tag: digits only (doc 2 §5). */
export const DIGIT_LABEL_COINS: ReadonlySet<string> = new Set(['XRP']);
const DIGIT_LABEL_RULE = /^\d{1,10}$/;

// ---------------------------------------------------------------- address book

export interface AddressInput {
  currency_id: string;
  address: string;
  label?: string | undefined;
  remark?: string | undefined;
}

export interface AddressView {
  id: number;
  currency_id: number;
  currency_name: string;
  address: string;
  label: string;
  remark: string;
  created_time: string;
}

export async function addAddress(
  ctx: Pick<AppContext, 'store' | 'clock'>,
  userId: number,
  input: AddressInput,
): Promise<AddressView> {
  const currency = await requireCurrency(ctx.store.q, input.currency_id);
  const address = input.address;
  if (/\s/.test(address) || !ADDRESS_RULE.test(address))
    throw badRequest('withdraw.address_invalid', { field: 'address' });
  const label = input.label ?? '';
  if (label !== '' && !LABEL_RULE.test(label)) throw badRequest('withdraw.label_invalid', { field: 'label' });
  if (label !== '' && DIGIT_LABEL_COINS.has(currency.name) && !DIGIT_LABEL_RULE.test(label))
    throw badRequest('withdraw.label_digits', { field: 'label' });
  const remark = (input.remark ?? '').trim();
  const now = ctx.clock.now();
  const id = await ctx.store.tx(async (q) => {
    // The user's row is locked so that two concurrent additions cannot both pass the limit.
    await forUpdate(ctx.store, q.selectFrom('users').select('id').where('id', '=', userId)).execute();
    const { n } = await q
      .selectFrom('withdrawal_addresses')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(n) >= MAX_ADDRESSES_PER_USER) throw badRequest('withdraw.address_limit');
    const exists = await q
      .selectFrom('withdrawal_addresses')
      .select('id')
      .where('user_id', '=', userId)
      .where('currency_id', '=', currency.id)
      .where('address', '=', address)
      .executeTakeFirst();
    if (exists) throw conflict('withdraw.address_exists');
    const row = await q
      .insertInto('withdrawal_addresses')
      .values({ user_id: userId, currency_id: currency.id, address, label, remark, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  return {
    id,
    currency_id: currency.id,
    currency_name: currency.name,
    address,
    label,
    remark,
    created_time: isoTime(now),
  };
}

export async function listAddresses(
  ctx: Pick<AppContext, 'store'>,
  userId: number,
  currencyId?: string,
): Promise<AddressView[]> {
  const { q } = ctx.store;
  const currency = currencyId === undefined ? undefined : await requireCurrency(q, currencyId);
  let select = q
    .selectFrom('withdrawal_addresses as a')
    .innerJoin('currencies as c', 'c.id', 'a.currency_id')
    .select(['a.id', 'a.currency_id', 'c.name as currency_name', 'a.address', 'a.label', 'a.remark'])
    .select('a.created_at')
    .where('a.user_id', '=', userId);
  if (currency) select = select.where('a.currency_id', '=', currency.id);
  const rows = await select.orderBy('a.id', 'desc').execute();
  return rows.map(({ created_at, ...r }) => ({ ...r, created_time: isoTime(created_at) }));
}

/** Deletes one of the caller's addresses; anyone else's id answers 404 like an unknown one. */
export async function deleteAddress(
  ctx: Pick<AppContext, 'store'>,
  userId: number,
  id: number,
): Promise<void> {
  const result = await ctx.store.q
    .deleteFrom('withdrawal_addresses')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound('withdraw.address_not_found');
}

// ---------------------------------------------------------------- withdrawals

export interface WithdrawInfo {
  currency_id: number;
  currency_name: string;
  min: string;
  max: string;
  fee: string;
  /** Available in the change wallet, decimal text. */
  available: string;
  fund_password_set: boolean;
}

/** What the withdrawal screen needs for one coin: limits, fee, the caller's available balance. */
export async function withdrawInfo(
  ctx: AppContext,
  userId: number,
  currencyId: string,
): Promise<WithdrawInfo> {
  const currency = await requireCurrency(ctx.store.q, currencyId);
  const limits = WITHDRAWAL_LIMITS[currency.id];
  if (!limits) throw new AppError('wallet.currency_not_found', 404, { field: 'currency_id' });
  return {
    currency_id: currency.id,
    currency_name: currency.name,
    ...limits,
    available: (await getBalance(ctx.store.q, userId, 'change', currency.id)).available,
    fund_password_set: await hasFundPassword(ctx, userId),
  };
}

export interface WithdrawInput {
  currency_id: string;
  address_id: number;
  number: string;
  fund_password: string;
}

/** A withdrawal as the contract answers it. */
export type WithdrawalView = wallet.WithdrawalView;

interface WithdrawalRow {
  id: number;
  user_id: number;
  currency_id: number;
  currency_name: string;
  address: string;
  label: string;
  amount: string;
  fee: string;
  status: number;
  reason: string | null;
  tx_hash: string | null;
  created_at: number;
  audited_at: number | null;
  finished_at: number | null;
}

function selectWithdrawals(q: Q) {
  return q
    .selectFrom('withdrawals as w')
    .innerJoin('currencies as c', 'c.id', 'w.currency_id')
    .selectAll('w')
    .select('c.name as currency_name');
}

/** A withdrawal status column, checked against the contract once (where a row becomes an answer). */
export const withdrawalStatusOf = (status: number, id: number): wallet.WithdrawalStatus =>
  columnAs(wallet.withdrawalStatus, status, `withdrawals.status (id ${id})`);

function view(r: WithdrawalRow): WithdrawalView {
  const status = withdrawalStatusOf(r.status, r.id);
  return {
    id: r.id,
    currency_id: r.currency_id,
    currency_name: r.currency_name,
    address: r.address,
    label: r.label,
    number: r.amount,
    fee: r.fee,
    status,
    status_text: WITHDRAWAL_STATUS_TEXT[status],
    reason: r.reason,
    hash: r.tx_hash,
    created_time: isoTime(r.created_at),
    audit_time: r.audited_at === null ? null : isoTime(r.audited_at),
    finished_time: r.finished_at === null ? null : isoTime(r.finished_at),
  };
}

/**
 * Applies for a withdrawal from the change wallet: checks the amount range and the fund password,
 * then moves amount + fee from available to locked (two ledger rows) and records it, atomically.
 */
export async function applyWithdrawal(
  ctx: AppContext,
  userId: number,
  input: WithdrawInput,
): Promise<WithdrawalView> {
  const currency = await requireCurrency(ctx.store.q, input.currency_id);
  const amount = parseUserAmount(input.number, currency);
  const limits = WITHDRAWAL_LIMITS[currency.id];
  if (!limits) throw new AppError('wallet.currency_not_found', 404, { field: 'currency_id' });
  if (amount.isLessThan(limits.min)) throw badRequest('withdraw.below_minimum', { field: 'number' });
  if (amount.isGreaterThan(limits.max)) throw badRequest('withdraw.above_maximum', { field: 'number' });
  const findAddress = (q: Q) =>
    q
      .selectFrom('withdrawal_addresses')
      .select(['address', 'label'])
      .where('id', '=', input.address_id)
      .where('user_id', '=', userId)
      .where('currency_id', '=', currency.id)
      .executeTakeFirst();
  if (!(await findAddress(ctx.store.q))) throw notFound('withdraw.address_not_found');
  await verifyFundPassword(ctx, userId, input.fund_password);

  const fee = new Decimal(limits.fee);
  const total = amount.plus(fee);
  const now = ctx.clock.now();
  const lock: LedgerReason = 'withdrawal_lock';
  const id = await ctx.store.tx(async (q) => {
    // Read again after the await: the address may have been deleted meanwhile.
    const address = await findAddress(q);
    if (!address) throw notFound('withdraw.address_not_found');
    const { id: newId } = await q
      .insertInto('withdrawals')
      .values({
        user_id: userId,
        currency_id: currency.id,
        address: address.address,
        label: address.label,
        amount: amount.toFixed(),
        fee: fee.toFixed(),
        status: 0,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ref = `withdrawal:${newId}`;
    await postLedger(
      q,
      [
        {
          userId,
          walletType: 'change',
          currencyId: currency.id,
          amount: total.negated(),
          reason: lock,
          ref,
        },
        {
          userId,
          walletType: 'change',
          currencyId: currency.id,
          field: 'locked',
          amount: total,
          reason: lock,
          ref,
        },
      ],
      { now },
    );
    return newId;
  });
  return getWithdrawal(ctx.store.q, id);
}

async function getWithdrawal(q: Q, id: number): Promise<WithdrawalView> {
  const row = await selectWithdrawals(q).where('w.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('withdraw.not_found');
  return view(row);
}

export async function listWithdrawals(
  ctx: Pick<AppContext, 'store'>,
  userId: number,
  limit = 100,
): Promise<WithdrawalView[]> {
  const rows = await selectWithdrawals(ctx.store.q)
    .where('w.user_id', '=', userId)
    .orderBy('w.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(view);
}

export type WithdrawalAction = 'approve' | 'chain-ok' | 'chain-fail' | 'reject';

const ALLOWED_FROM: Record<WithdrawalAction, number[]> = {
  approve: [0],
  'chain-ok': [1],
  'chain-fail': [1],
  reject: [0, 1],
};

/**
 * Admin transitions: approve 0 → 1; chain-ok 1 → 2 (burn); chain-fail 1 → 3, reject 0|1 → 4 (release).
 * Exactly once with several writers: the row is locked, and the update is conditional on the
 * status read (a second reviewer finds the new status and gets `withdraw.invalid_state`).
 */
export async function reviewWithdrawal(
  ctx: Pick<AppContext, 'store' | 'clock'>,
  id: number,
  action: WithdrawalAction,
  reason?: string,
): Promise<WithdrawalView> {
  const now = ctx.clock.now();
  await ctx.store.tx(async (q) => {
    const row = await forUpdate(
      ctx.store,
      q.selectFrom('withdrawals').selectAll().where('id', '=', id),
    ).executeTakeFirst();
    if (!row) throw notFound('withdraw.not_found');
    if (!ALLOWED_FROM[action].includes(row.status)) throw conflict('withdraw.invalid_state');
    const ref = `withdrawal:${id}`;
    const base = { userId: row.user_id, walletType: 'change' as const, currencyId: row.currency_id, ref };
    const update = async (status: number, hash: string | null, finishedAt: number | null) => {
      const result = await q
        .updateTable('withdrawals')
        .set({
          status,
          reason: reason ?? row.reason,
          tx_hash: hash ?? row.tx_hash,
          audited_at: row.audited_at ?? now,
          finished_at: finishedAt,
        })
        .where('id', '=', id)
        .where('status', '=', row.status)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw conflict('withdraw.invalid_state');
    };
    if (action === 'approve') {
      await update(WITHDRAWAL_STATUS.waiting_chain, null, null);
      return;
    }
    const amount = new Decimal(row.amount);
    const fee = new Decimal(row.fee);
    let entries: LedgerEntryInput[];
    let status: number;
    let hash: string | null = null;
    if (action === 'chain-ok') {
      const burn: LedgerReason = 'withdrawal';
      const feeReason: LedgerReason = 'withdrawal_fee';
      entries = [{ ...base, field: 'locked', amount: amount.negated(), reason: burn }];
      if (!fee.isZero()) entries.push({ ...base, field: 'locked', amount: fee.negated(), reason: feeReason });
      status = WITHDRAWAL_STATUS.success;
      hash = `DEMO-TX-${crypto.randomBytes(16).toString('hex')}`;
    } else {
      const release: LedgerReason = 'withdrawal_release';
      const total = amount.plus(fee);
      entries = [
        { ...base, field: 'locked', amount: total.negated(), reason: release },
        { ...base, amount: total, reason: release },
      ];
      status = action === 'reject' ? WITHDRAWAL_STATUS.rejected : WITHDRAWAL_STATUS.chain_failed;
    }
    // The status moves first (conditionally): only the writer that moved it posts the ledger rows.
    await update(status, hash, now);
    await postLedger(q, entries, { now });
  });
  return getWithdrawal(ctx.store.q, id);
}
