import crypto from 'node:crypto';
import type { AppContext } from '../context';
import type { Q } from '../db';
import { isoTime } from '../core/clock';
import { AppError, badRequest } from '../core/errors';
import { findCurrency, listCurrencies, USDT_ID, type Currency } from './currencies';
import {
  type BalanceField,
  Decimal,
  getBalance,
  type LedgerReason,
  postLedger,
  WALLET_TYPES,
  type WalletType,
} from '../kernel';

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

export async function requireCurrency(q: Q, idOrName: string | number): Promise<Currency> {
  const currency = await findCurrency(q, idOrName);
  if (!currency) throw new AppError('wallet.currency_not_found', 404, { field: 'currency_id' });
  return currency;
}

/** USDT price of a currency: USDT is 1, else the market's last price, else the seeded price. */
export function usdtPrice(ctx: Pick<AppContext, 'prices'>, currency: Currency): Decimal {
  if (currency.id === USDT_ID) return new Decimal(1);
  const last = ctx.prices.lastPrice(currency.id);
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
export async function walletList(
  ctx: Pick<AppContext, 'store' | 'prices'>,
  userId: number,
): Promise<WalletList> {
  const currencies = await listCurrencies(ctx.store.q);
  const prices = new Map(currencies.map((c) => [c.id, usdtPrice(ctx, c)]));
  const rows = await ctx.store.q
    .selectFrom('wallet_balances')
    .select(['wallet_type', 'currency_id', 'available', 'locked'])
    .where('user_id', '=', userId)
    .execute();
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
export async function transfer(
  ctx: Pick<AppContext, 'store' | 'clock'>,
  userId: number,
  input: TransferInput,
): Promise<TransferResult> {
  const from = walletTypeOf(input.from_field, 'from_field');
  const to = walletTypeOf(input.to_field, 'to_field');
  if (from === to) throw badRequest('wallet.same_wallet', { field: 'to_field' });
  const currency = await requireCurrency(ctx.store.q, input.currency_id);
  const amount = parseUserAmount(input.number, currency);
  const ref = `transfer:${crypto.randomUUID()}`;
  const out: LedgerReason = 'transfer_out';
  const into: LedgerReason = 'transfer_in';
  const now = ctx.clock.now();
  const [debit, credit] = await ctx.store.tx((q) =>
    postLedger(
      q,
      [
        { userId, walletType: from, currencyId: currency.id, amount: amount.negated(), reason: out, ref },
        { userId, walletType: to, currencyId: currency.id, amount, reason: into, ref },
      ],
      { now },
    ),
  );
  return {
    ref,
    currency_id: currency.id,
    currency_name: currency.name,
    number: amount.toFixed(),
    from_field: from,
    to_field: to,
    from_balance: debit?.balanceAfter ?? (await getBalance(ctx.store.q, userId, from, currency.id)).available,
    to_balance: credit?.balanceAfter ?? (await getBalance(ctx.store.q, userId, to, currency.id)).available,
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
export async function fundLog(
  ctx: Pick<AppContext, 'store'>,
  userId: number,
  input: { page: number; type: string; currency: string; limit?: number | undefined },
): Promise<{ list: FundLogEntry[]; page: number; limit: number; total: number }> {
  const { q } = ctx.store;
  const type = walletTypeOf(input.type, 'type');
  const currency = await requireCurrency(q, input.currency);
  const limit = Math.min(input.limit ?? FUND_LOG_PAGE_SIZE, 100);
  const page = input.page;
  const ofWallet = q
    .selectFrom('ledger_entries')
    .where('user_id', '=', userId)
    .where('wallet_type', '=', type)
    .where('currency_id', '=', currency.id);
  const { n } = await ofWallet.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const total = Number(n);
  const rows = (await ofWallet
    .select(['id', 'field', 'amount', 'balance_after', 'reason', 'created_at'])
    .orderBy('id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute()) as Array<{
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
