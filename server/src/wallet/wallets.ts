import crypto from 'node:crypto';
import type { AppContext } from '../context';
import { isoTime } from '../core/clock';
import { AppError, badRequest } from '../core/errors';
import { findCurrency, listCurrencies, USDT_ID, type Currency } from './currencies';
import { Decimal, WALLET_TYPES, type BalanceField, type WalletType } from './ledger';
import { getBalanceSync as getBalance, postLedgerSync as postLedger } from './ledger-sync';
import type { LedgerReason } from './reasons';

/** Places kept for prices and USDT values handed out (truncated, never rounded up). */
export const VALUE_PLACES = 8;

const AMOUNT_TEXT = /^\d{1,20}(\.\d{1,18})?$/;

/** A user-entered amount: plain decimal text, > 0, at most the currency's precision. */
export function parseUserAmount(value: string, currency: Currency, field = 'number'): Decimal {
  const raw = value.trim();
  if (!AMOUNT_TEXT.test(raw)) throw badRequest('wallet.invalid_amount', { field });
  const amount = new Decimal(raw);
  if (!amount.isGreaterThan(0) || (amount.decimalPlaces() ?? 0) > currency.precision) {
    throw badRequest('wallet.invalid_amount', { field });
  }
  return amount;
}

export function requireCurrency(ctx: Pick<AppContext, 'db'>, idOrName: string | number): Currency {
  const currency = findCurrency(ctx.db, idOrName);
  if (!currency) throw new AppError('wallet.currency_not_found', 404, { field: 'currency_id' });
  return currency;
}

/** USDT price of a currency: USDT is 1, else the market's last price, else the seeded price. */
export function usdtPrice(ctx: Pick<AppContext, 'market'>, currency: Currency): Decimal {
  if (currency.id === USDT_ID) return new Decimal(1);
  const last = ctx.market.lastPrice(currency.id);
  return new Decimal(last ?? currency.usdt_price);
}

function truncate(value: Decimal, places = VALUE_PLACES): string {
  return value.decimalPlaces(places, Decimal.ROUND_DOWN).toFixed();
}

export type WalletListEntry = Record<string, string | number>;

export interface WalletView {
  usdt_totle: string;
  balance: WalletListEntry[];
}

export type WalletList = Record<`${WalletType}_wallet`, WalletView>;

/** The four wallets of a user, each balance valued in USDT (available + locked). */
export function walletList(ctx: Pick<AppContext, 'db' | 'market'>, userId: number): WalletList {
  const currencies = listCurrencies(ctx.db);
  const prices = new Map(currencies.map((c) => [c.id, usdtPrice(ctx, c)]));
  const rows = ctx.db
    .prepare('SELECT wallet_type, currency_id, available, locked FROM wallet_balances WHERE user_id = ?')
    .all(userId) as Array<{
    wallet_type: WalletType;
    currency_id: number;
    available: string;
    locked: string;
  }>;
  const byKey = new Map(rows.map((r) => [`${r.wallet_type}|${r.currency_id}`, r]));
  const result = {} as WalletList;
  for (const type of WALLET_TYPES) {
    let total = new Decimal(0);
    const balance = currencies.map((c) => {
      const row = byKey.get(`${type}|${c.id}`);
      const available = new Decimal(row?.available ?? '0');
      const locked = new Decimal(row?.locked ?? '0');
      const price = prices.get(c.id) ?? new Decimal(0);
      total = total.plus(available.plus(locked).times(price));
      return {
        currency: c.id,
        currency_name: c.name,
        usdt_price: truncate(price),
        [`${type}_balance`]: available.toFixed(),
        [`lock_${type}_balance`]: locked.toFixed(),
      };
    });
    result[`${type}_wallet`] = { usdt_totle: truncate(total), balance };
  }
  return result;
}

export interface TransferInput {
  currency_id: string;
  number: string;
  from_field: string;
  to_field: string;
}

export interface TransferResult {
  ref: string;
  currency_id: number;
  currency_name: string;
  number: string;
  from_field: WalletType;
  to_field: WalletType;
  from_balance: string;
  to_balance: string;
}

function walletTypeOf(value: string, field: string): WalletType {
  const v = value.trim().toLowerCase();
  if (!(WALLET_TYPES as readonly string[]).includes(v)) throw badRequest('wallet.invalid_type', { field });
  return v as WalletType;
}

/** Moves available balance between two wallets of the caller: one transaction, two ledger rows. */
export function transfer(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  userId: number,
  input: TransferInput,
): TransferResult {
  const from = walletTypeOf(input.from_field, 'from_field');
  const to = walletTypeOf(input.to_field, 'to_field');
  if (from === to) throw badRequest('wallet.same_wallet', { field: 'to_field' });
  const currency = requireCurrency(ctx, input.currency_id);
  const amount = parseUserAmount(input.number, currency);
  const ref = `transfer:${crypto.randomUUID()}`;
  const out: LedgerReason = 'transfer_out';
  const into: LedgerReason = 'transfer_in';
  const [debit, credit] = postLedger(
    ctx.db,
    [
      { userId, walletType: from, currencyId: currency.id, amount: amount.negated(), reason: out, ref },
      { userId, walletType: to, currencyId: currency.id, amount, reason: into, ref },
    ],
    { now: ctx.clock.now() },
  );
  return {
    ref,
    currency_id: currency.id,
    currency_name: currency.name,
    number: amount.toFixed(),
    from_field: from,
    to_field: to,
    from_balance: debit?.balanceAfter ?? getBalance(ctx.db, userId, from, currency.id).available,
    to_balance: credit?.balanceAfter ?? getBalance(ctx.db, userId, to, currency.id).available,
  };
}

export interface FundLogEntry {
  id: number;
  created_time: string;
  value: string;
  info: LedgerReason;
  field: BalanceField;
  balance_after: string;
  currency_id: number;
  currency_name: string;
  type: WalletType;
}

export const FUND_LOG_PAGE_SIZE = 20;

/** The caller's ledger rows of one wallet and currency, newest first, paged. */
export function fundLog(
  ctx: Pick<AppContext, 'db'>,
  userId: number,
  input: { page: number; type: string; currency: string; limit?: number | undefined },
): { list: FundLogEntry[]; page: number; limit: number; total: number } {
  const type = walletTypeOf(input.type, 'type');
  const currency = requireCurrency(ctx, input.currency);
  const limit = Math.min(input.limit ?? FUND_LOG_PAGE_SIZE, 100);
  const page = input.page;
  const total = (
    ctx.db
      .prepare(
        'SELECT COUNT(*) AS n FROM ledger_entries WHERE user_id = ? AND wallet_type = ? AND currency_id = ?',
      )
      .get(userId, type, currency.id) as { n: number }
  ).n;
  const rows = ctx.db
    .prepare(
      `SELECT id, field, amount, balance_after, reason, created_at FROM ledger_entries
       WHERE user_id = ? AND wallet_type = ? AND currency_id = ? ORDER BY id DESC LIMIT ? OFFSET ?`,
    )
    .all(userId, type, currency.id, limit, (page - 1) * limit) as Array<{
    id: number;
    field: BalanceField;
    amount: string;
    balance_after: string;
    reason: LedgerReason;
    created_at: number;
  }>;
  return {
    list: rows.map((r) => ({
      id: r.id,
      created_time: isoTime(r.created_at),
      value: r.amount,
      info: r.reason,
      field: r.field,
      balance_after: r.balance_after,
      currency_id: currency.id,
      currency_name: currency.name,
      type,
    })),
    page,
    limit,
    total,
  };
}
