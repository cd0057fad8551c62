import type { AppContext } from '../context';
import { isoTime } from '../core/clock';
import { AppError, badRequest, conflict, notFound } from '../core/errors';
import { hasFundPasswordSync as hasFundPassword, verifyFundPassword } from '../accounts/security';
import { Decimal, type LedgerEntryInput } from './ledger';
import { getBalanceSync as getBalance, postLedgerSync as postLedger } from './ledger-sync';
import type { LedgerReason } from './reasons';
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

export const WITHDRAWAL_STATUS_TEXT: Readonly<Record<number, string>> = {
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

export function addAddress(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  userId: number,
  input: AddressInput,
): AddressView {
  const currency = requireCurrency(ctx, input.currency_id);
  const address = input.address;
  if (/\s/.test(address) || !ADDRESS_RULE.test(address))
    throw badRequest('withdraw.address_invalid', { field: 'address' });
  const label = input.label ?? '';
  if (label !== '' && !LABEL_RULE.test(label)) throw badRequest('withdraw.label_invalid', { field: 'label' });
  if (label !== '' && DIGIT_LABEL_COINS.has(currency.name) && !DIGIT_LABEL_RULE.test(label))
    throw badRequest('withdraw.label_digits', { field: 'label' });
  const remark = (input.remark ?? '').trim();
  const now = ctx.clock.now();
  const id = ctx.db
    .transaction(() => {
      const count = (
        ctx.db.prepare('SELECT COUNT(*) AS n FROM withdrawal_addresses WHERE user_id = ?').get(userId) as {
          n: number;
        }
      ).n;
      if (count >= MAX_ADDRESSES_PER_USER) throw badRequest('withdraw.address_limit');
      const exists = ctx.db
        .prepare('SELECT 1 FROM withdrawal_addresses WHERE user_id = ? AND currency_id = ? AND address = ?')
        .get(userId, currency.id, address);
      if (exists) throw conflict('withdraw.address_exists');
      return Number(
        ctx.db
          .prepare(
            'INSERT INTO withdrawal_addresses (user_id, currency_id, address, label, remark, created_at) VALUES (?, ?, ?, ?, ?, ?)',
          )
          .run(userId, currency.id, address, label, remark, now).lastInsertRowid,
      );
    })
    .immediate();
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

export function listAddresses(
  ctx: Pick<AppContext, 'db'>,
  userId: number,
  currencyId?: string,
): AddressView[] {
  const currency = currencyId === undefined ? undefined : requireCurrency(ctx, currencyId);
  const rows = ctx.db
    .prepare(
      `SELECT a.id, a.currency_id, c.name AS currency_name, a.address, a.label, a.remark, a.created_at
       FROM withdrawal_addresses a JOIN currencies c ON c.id = a.currency_id
       WHERE a.user_id = ? AND (? IS NULL OR a.currency_id = ?) ORDER BY a.id DESC`,
    )
    .all(userId, currency?.id ?? null, currency?.id ?? null) as Array<
    Omit<AddressView, 'created_time'> & { created_at: number }
  >;
  return rows.map(({ created_at, ...r }) => ({ ...r, created_time: isoTime(created_at) }));
}

/** Deletes one of the caller's addresses; anyone else's id answers 404 like an unknown one. */
export function deleteAddress(ctx: Pick<AppContext, 'db'>, userId: number, id: number): void {
  const changes = ctx.db
    .prepare('DELETE FROM withdrawal_addresses WHERE id = ? AND user_id = ?')
    .run(id, userId).changes;
  if (changes === 0) throw notFound('withdraw.address_not_found');
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
export function withdrawInfo(ctx: AppContext, userId: number, currencyId: string): WithdrawInfo {
  const currency = requireCurrency(ctx, currencyId);
  const limits = WITHDRAWAL_LIMITS[currency.id];
  if (!limits) throw new AppError('wallet.currency_not_found', 404, { field: 'currency_id' });
  return {
    currency_id: currency.id,
    currency_name: currency.name,
    ...limits,
    available: getBalance(ctx.db, userId, 'change', currency.id).available,
    fund_password_set: hasFundPassword(ctx, userId),
  };
}

export interface WithdrawInput {
  currency_id: string;
  address_id: number;
  number: string;
  fund_password: string;
}

export interface WithdrawalView {
  id: number;
  currency_id: number;
  currency_name: string;
  address: string;
  label: string;
  number: string;
  fee: string;
  status: number;
  status_text: string;
  reason: string | null;
  hash: string | null;
  created_time: string;
  audit_time: string | null;
  finished_time: string | null;
}

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

const WITHDRAWAL_SELECT = `SELECT w.*, c.name AS currency_name FROM withdrawals w JOIN currencies c ON c.id = w.currency_id`;

function view(r: WithdrawalRow): WithdrawalView {
  return {
    id: r.id,
    currency_id: r.currency_id,
    currency_name: r.currency_name,
    address: r.address,
    label: r.label,
    number: r.amount,
    fee: r.fee,
    status: r.status,
    status_text: WITHDRAWAL_STATUS_TEXT[r.status] ?? 'unknown',
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
  const currency = requireCurrency(ctx, input.currency_id);
  const amount = parseUserAmount(input.number, currency);
  const limits = WITHDRAWAL_LIMITS[currency.id];
  if (!limits) throw new AppError('wallet.currency_not_found', 404, { field: 'currency_id' });
  if (amount.isLessThan(limits.min)) throw badRequest('withdraw.below_minimum', { field: 'number' });
  if (amount.isGreaterThan(limits.max)) throw badRequest('withdraw.above_maximum', { field: 'number' });
  const findAddress = () =>
    ctx.db
      .prepare(
        'SELECT address, label FROM withdrawal_addresses WHERE id = ? AND user_id = ? AND currency_id = ?',
      )
      .get(input.address_id, userId, currency.id) as { address: string; label: string } | undefined;
  if (!findAddress()) throw notFound('withdraw.address_not_found');
  await verifyFundPassword(ctx, userId, input.fund_password);

  const fee = new Decimal(limits.fee);
  const total = amount.plus(fee);
  const now = ctx.clock.now();
  const lock: LedgerReason = 'withdrawal_lock';
  const id = ctx.db
    .transaction(() => {
      // Read again after the await: the address may have been deleted meanwhile.
      const address = findAddress();
      if (!address) throw notFound('withdraw.address_not_found');
      const newId = Number(
        ctx.db
          .prepare(
            `INSERT INTO withdrawals (user_id, currency_id, address, label, amount, fee, status, created_at)
             VALUES (?, ?, ?, ?, ?, ?, 0, ?)`,
          )
          .run(userId, currency.id, address.address, address.label, amount.toFixed(), fee.toFixed(), now)
          .lastInsertRowid,
      );
      const ref = `withdrawal:${newId}`;
      postLedger(
        ctx.db,
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
    })
    .immediate();
  return getWithdrawal(ctx, id);
}

function getWithdrawal(ctx: Pick<AppContext, 'db'>, id: number): WithdrawalView {
  const row = ctx.db.prepare(`${WITHDRAWAL_SELECT} WHERE w.id = ?`).get(id) as WithdrawalRow | undefined;
  if (!row) throw notFound('withdraw.not_found');
  return view(row);
}

export function listWithdrawals(ctx: Pick<AppContext, 'db'>, userId: number, limit = 100): WithdrawalView[] {
  const rows = ctx.db
    .prepare(`${WITHDRAWAL_SELECT} WHERE w.user_id = ? ORDER BY w.id DESC LIMIT ?`)
    .all(userId, limit) as WithdrawalRow[];
  return rows.map(view);
}

export type WithdrawalAction = 'approve' | 'chain-ok' | 'chain-fail' | 'reject';

/** Admin transitions: approve 0 → 1; chain-ok 1 → 2 (burn); chain-fail 1 → 3, reject 0|1 → 4 (release). */
export function reviewWithdrawal(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  id: number,
  action: WithdrawalAction,
  reason?: string,
): WithdrawalView {
  const now = ctx.clock.now();
  ctx.db
    .transaction(() => {
      const row = ctx.db.prepare('SELECT * FROM withdrawals WHERE id = ?').get(id) as
        WithdrawalRow | undefined;
      if (!row) throw notFound('withdraw.not_found');
      const allowed: Record<WithdrawalAction, number[]> = {
        approve: [0],
        'chain-ok': [1],
        'chain-fail': [1],
        reject: [0, 1],
      };
      if (!allowed[action].includes(row.status)) throw conflict('withdraw.invalid_state');
      const ref = `withdrawal:${id}`;
      const base = { userId: row.user_id, walletType: 'change' as const, currencyId: row.currency_id, ref };
      const update = ctx.db.prepare(
        'UPDATE withdrawals SET status = ?, reason = COALESCE(?, reason), tx_hash = COALESCE(?, tx_hash), audited_at = COALESCE(audited_at, ?), finished_at = ? WHERE id = ? AND status = ?',
      );
      if (action === 'approve') {
        update.run(WITHDRAWAL_STATUS.waiting_chain, null, null, now, null, id, row.status);
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
        if (!fee.isZero())
          entries.push({ ...base, field: 'locked', amount: fee.negated(), reason: feeReason });
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
      postLedger(ctx.db, entries, { now });
      update.run(status, reason ?? null, hash, now, now, id, row.status);
    })
    .immediate();
  return getWithdrawal(ctx, id);
}
