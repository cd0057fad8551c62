import crypto from 'node:crypto';
import type { AppContext } from '../context';
import { isoTime } from '../core/clock';
import { postLedgerSync as postLedger } from './ledger-sync';
import type { LedgerReason } from './reasons';
import { parseUserAmount, requireCurrency } from './wallets';
import { WITHDRAWAL_STATUS_TEXT } from './withdrawals';

/** Deposits are credited to the coin (change) wallet. Deposit rows carry status 2 (success). */
export const DEPOSIT_STATUS_SUCCESS = 2;

export interface DepositAddress {
  currency_id: number;
  currency_name: string;
  address: string;
  /** Always true: this server has no chain; the address only identifies the user and coin. */
  demo: true;
}

/** The user's deposit address for a coin: created once, then stable. Clearly not a real address. */
export function depositAddress(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  userId: number,
  currencyId: string,
): DepositAddress {
  const currency = requireCurrency(ctx, currencyId);
  const select = ctx.db.prepare(
    'SELECT address FROM deposit_addresses WHERE user_id = ? AND currency_id = ?',
  );
  let row = select.get(userId, currency.id) as { address: string } | undefined;
  if (!row) {
    const address = `DEMO-${currency.name}-${crypto.randomBytes(16).toString('hex')}`;
    ctx.db
      .prepare(
        'INSERT OR IGNORE INTO deposit_addresses (user_id, currency_id, address, created_at) VALUES (?, ?, ?, ?)',
      )
      .run(userId, currency.id, address, ctx.clock.now());
    row = select.get(userId, currency.id) as { address: string };
  }
  return { currency_id: currency.id, currency_name: currency.name, address: row.address, demo: true };
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
export function recordDeposit(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  userId: number,
  currencyIdOrName: string,
  amountText: string,
  source: string,
): RecordedDeposit {
  const currency = requireCurrency(ctx, currencyIdOrName);
  const amount = parseUserAmount(amountText, currency, 'amount');
  const now = ctx.clock.now();
  const txInfo = `DEMO-TX-${crypto.randomBytes(16).toString('hex')}`;
  const reason: LedgerReason = 'deposit';
  return ctx.db
    .transaction((): RecordedDeposit => {
      const address = depositAddress(ctx, userId, String(currency.id)).address;
      const id = Number(
        ctx.db
          .prepare(
            `INSERT INTO deposits (user_id, currency_id, wallet_type, amount, address, tx_info, status, source, created_at)
             VALUES (?, ?, 'change', ?, ?, ?, ?, ?, ?)`,
          )
          .run(userId, currency.id, amount.toFixed(), address, txInfo, DEPOSIT_STATUS_SUCCESS, source, now)
          .lastInsertRowid,
      );
      const [entry] = postLedger(
        ctx.db,
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
    })
    .immediate();
}

export interface ChargeMentionEntry {
  id: number;
  type: 'deposit' | 'withdrawal';
  currency_id: number;
  currency_name: string;
  value: string;
  info: string;
  transaction_info: string;
  status: number;
  status_text: string;
  created_time: string;
}

/** Deposits and withdrawals of the caller, newest first. */
export function chargeMentionLog(
  ctx: Pick<AppContext, 'db'>,
  userId: number,
  limit: number,
): ChargeMentionEntry[] {
  const rows = ctx.db
    .prepare(
      `SELECT * FROM (
         SELECT 'deposit' AS type, d.id, d.currency_id, c.name AS currency_name, d.amount, d.tx_info AS tx,
                d.address, d.status, NULL AS reason, d.created_at
           FROM deposits d JOIN currencies c ON c.id = d.currency_id WHERE d.user_id = ?
         UNION ALL
         SELECT 'withdrawal' AS type, w.id, w.currency_id, c.name, w.amount, w.tx_hash, w.address, w.status,
                w.reason, w.created_at
           FROM withdrawals w JOIN currencies c ON c.id = w.currency_id WHERE w.user_id = ?
       ) ORDER BY created_at DESC, id DESC LIMIT ?`,
    )
    .all(userId, userId, limit) as Array<{
    type: 'deposit' | 'withdrawal';
    id: number;
    currency_id: number;
    currency_name: string;
    amount: string;
    tx: string | null;
    address: string;
    status: number;
    reason: string | null;
    created_at: number;
  }>;
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    currency_id: r.currency_id,
    currency_name: r.currency_name,
    value: r.amount,
    info: r.type === 'deposit' ? 'deposit' : (r.reason ?? 'withdrawal'),
    transaction_info: r.tx ?? r.address,
    status: r.status,
    status_text: r.type === 'deposit' ? 'success' : (WITHDRAWAL_STATUS_TEXT[r.status] ?? 'unknown'),
    created_time: isoTime(r.created_at),
  }));
}
