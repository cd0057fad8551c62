import type { AppContext } from '../context';
import { isoTime } from '../core/clock';
import { AppError, badRequest, conflict, notFound, tooManyRequests } from '../core/errors';
import { requireOwnUpload, signedUrl } from '../uploads/service';
import { USDT_ID } from '../wallet/currencies';
import { Decimal } from '../wallet/ledger';
import { postLedgerSync as postLedger } from '../wallet/ledger-sync';

type Ctx = Pick<AppContext, 'db' | 'clock'>;

/** Unpaid orders are cancelled this long after creation (spec: 30 minutes). */
export const FIAT_TIMEOUT_MS = 30 * 60 * 1000;
/** At most this many unfinished (status 0 or 1) orders. */
export const MAX_UNFINISHED = 3;
/** This many cancellations in a UTC day restrict buying until the next day. */
export const MAX_DAILY_CANCELS = 3;
export const FIAT_LOG_MAX = 1000;

export const PAY_WAYS = ['alipay', 'wechat', 'bank'] as const;
export type PayWay = (typeof PAY_WAYS)[number];

export const STATUS_TEXT: Record<number, string> = {
  [-1]: 'cancelled',
  0: 'awaiting_payment',
  1: 'paid',
  2: 'completed',
};

interface MerchantRow {
  id: number;
  name: string;
  rate: string;
  min: string;
  max: string;
  alipay: string;
  wechat: string;
  bank_no: string;
  bank_name: string;
  bank_address: string;
  sorts: number;
}

interface OrderRow {
  id: number;
  user_id: number;
  merchant_id: number;
  currency_id: number;
  pay_way: PayWay;
  amount: string;
  rate: string;
  usdt_amount: string;
  status: number;
  pic: string | null;
  created_at: number;
  expire_at: number;
  pay_time: number | null;
  confirm_time: number | null;
  cancel_time: number | null;
  cancel_reason: string | null;
}

const supports = (m: MerchantRow, way: PayWay): boolean =>
  way === 'alipay' ? m.alipay !== '' : way === 'wechat' ? m.wechat !== '' : m.bank_no !== '';

function activeMerchants(ctx: Pick<AppContext, 'db'>): MerchantRow[] {
  return ctx.db
    .prepare('SELECT * FROM fiat_merchants WHERE active = 1 ORDER BY sorts, id')
    .all() as MerchantRow[];
}

export function codeUrl(merchantId: number, way: 'alipay' | 'wechat'): string {
  return `/api/legal/code/${merchantId}/${way}.png`;
}

/** Start of the UTC day of `now`, and of the next one. */
export function utcDay(now: number): { start: number; next: number } {
  const d = new Date(now);
  const start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  return { start, next: start + 86_400_000 };
}

/** Cancels every order still awaiting payment at its expiry. Returns how many were cancelled. */
export function sweepFiat(ctx: Pick<AppContext, 'db'>, now: number): number {
  return ctx.db
    .prepare(
      `UPDATE fiat_orders SET status = -1, cancel_time = expire_at, cancel_reason = 'timeout'
       WHERE status = 0 AND expire_at <= ?`,
    )
    .run(now).changes;
}

function counters(ctx: Ctx, userId: number, now: number) {
  const unfinished = (
    ctx.db
      .prepare('SELECT COUNT(*) AS n FROM fiat_orders WHERE user_id = ? AND status IN (0, 1)')
      .get(userId) as { n: number }
  ).n;
  const day = utcDay(now);
  const cancels = (
    ctx.db
      .prepare(
        `SELECT COUNT(*) AS n FROM fiat_orders WHERE user_id = ? AND status = -1
         AND cancel_reason IN ('user', 'timeout') AND cancel_time >= ? AND cancel_time < ?`,
      )
      .get(userId, day.start, day.next) as { n: number }
  ).n;
  return { unfinished, cancels, restrictedUntil: cancels >= MAX_DAILY_CANCELS ? day.next : null };
}

export function legalInfo(ctx: Ctx, userId: number, currency: number) {
  if (currency !== USDT_ID) throw badRequest('fiat.currency_unsupported', { field: 'currency' });
  const now = ctx.clock.now();
  sweepFiat(ctx, now);
  const merchants = activeMerchants(ctx);
  let rate: Decimal | undefined;
  let min: Decimal | undefined;
  let max: Decimal | undefined;
  for (const m of merchants) {
    const r = new Decimal(m.rate);
    if (!rate || r.isLessThan(rate)) rate = r;
    if (!min || new Decimal(m.min).isLessThan(min)) min = new Decimal(m.min);
    if (!max || new Decimal(m.max).isGreaterThan(max)) max = new Decimal(m.max);
  }
  const ali = merchants.find((m) => supports(m, 'alipay'));
  const wx = merchants.find((m) => supports(m, 'wechat'));
  const bank = merchants.find((m) => supports(m, 'bank'));
  const c = counters(ctx, userId, now);
  return {
    currency: USDT_ID,
    currency_name: 'USDT',
    rate: rate?.toFixed() ?? '0',
    count: merchants.length,
    min: min?.toFixed() ?? '0',
    max: max?.toFixed() ?? '0',
    alipay: ali?.alipay ?? '',
    alipayCode: ali ? codeUrl(ali.id, 'alipay') : '',
    wechat: wx?.wechat ?? '',
    wechatCode: wx ? codeUrl(wx.id, 'wechat') : '',
    bankNo: bank?.bank_no ?? '',
    bankName: bank?.bank_name ?? '',
    bankAddress: bank?.bank_address ?? '',
    timeout_minutes: FIAT_TIMEOUT_MS / 60_000,
    unfinished: c.unfinished,
    cancels_today: c.cancels,
    restricted_until: c.restrictedUntil === null ? null : isoTime(c.restrictedUntil),
  };
}

const ACC = /^\d{1,12}(\.\d{1,2})?$/;
const RATE = /^\d{1,6}(\.\d{1,8})?$/;

export interface BuyInput {
  acc: string;
  rate: string;
  pay_way: string;
}

/** Matches a merchant and creates the order (status 0). Returns the order id. */
export function buyLegal(ctx: Ctx, userId: number, input: BuyInput): number {
  const now = ctx.clock.now();
  sweepFiat(ctx, now);
  const way = input.pay_way.trim().toLowerCase() as PayWay;
  if (!(PAY_WAYS as readonly string[]).includes(way))
    throw badRequest('fiat.pay_way_unsupported', { field: 'pay_way' });
  if (!ACC.test(input.acc.trim())) throw badRequest('fiat.amount_range', { field: 'acc' });
  const acc = new Decimal(input.acc.trim());
  if (!RATE.test(input.rate.trim()) || new Decimal(input.rate.trim()).isZero())
    throw badRequest('validation.failed', { field: 'rate' });
  const shownRate = new Decimal(input.rate.trim());

  return ctx.db
    .transaction((): number => {
      const merchants = activeMerchants(ctx);
      const lowest = merchants.reduce<Decimal | undefined>(
        (a, m) => (a === undefined || new Decimal(m.min).isLessThan(a) ? new Decimal(m.min) : a),
        undefined,
      );
      const highest = merchants.reduce<Decimal | undefined>(
        (a, m) => (a === undefined || new Decimal(m.max).isGreaterThan(a) ? new Decimal(m.max) : a),
        undefined,
      );
      if (!lowest || !highest || acc.isLessThan(lowest) || acc.isGreaterThan(highest) || acc.isZero())
        throw badRequest('fiat.amount_range', { field: 'acc' });
      const withWay = merchants.filter((m) => supports(m, way));
      if (withWay.length === 0) throw badRequest('fiat.pay_way_unsupported', { field: 'pay_way' });

      const c = counters(ctx, userId, now);
      if (c.restrictedUntil !== null)
        throw tooManyRequests('fiat.cancel_limit', (c.restrictedUntil - now) / 1000);
      if (c.unfinished >= MAX_UNFINISHED) throw conflict('fiat.too_many_unfinished');

      const inLimits = withWay.filter((m) => !acc.isLessThan(m.min) && !acc.isGreaterThan(m.max));
      if (inLimits.length === 0) throw conflict('fiat.no_merchant');
      const atRate = inLimits
        .filter((m) => !new Decimal(m.rate).isGreaterThan(shownRate))
        .sort((a, b) => new Decimal(a.rate).comparedTo(b.rate) || a.sorts - b.sorts || a.id - b.id);
      const merchant = atRate[0];
      if (!merchant) throw conflict('fiat.rate_changed');
      const usdt = acc.dividedBy(merchant.rate).decimalPlaces(8, Decimal.ROUND_DOWN);
      if (!usdt.isGreaterThan(0)) throw badRequest('fiat.amount_range', { field: 'acc' });
      const info = ctx.db
        .prepare(
          `INSERT INTO fiat_orders (user_id, merchant_id, currency_id, pay_way, amount, rate, usdt_amount, status, created_at, expire_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?)`,
        )
        .run(
          userId,
          merchant.id,
          USDT_ID,
          way,
          acc.toFixed(),
          new Decimal(merchant.rate).toFixed(),
          usdt.toFixed(),
          now,
          now + FIAT_TIMEOUT_MS,
        );
      return Number(info.lastInsertRowid);
    })
    .immediate();
}

function ownOrder(ctx: Ctx, userId: number, id: number): OrderRow {
  const row = ctx.db.prepare('SELECT * FROM fiat_orders WHERE id = ? AND user_id = ?').get(id, userId) as
    OrderRow | undefined;
  if (!row) throw notFound('fiat.order_not_found');
  return row;
}

const time = (ms: number | null) => (ms === null ? null : isoTime(ms));

function summary(row: OrderRow) {
  return {
    id: row.id,
    status: row.status,
    status_text: STATUS_TEXT[row.status] ?? 'unknown',
    pay_way: row.pay_way,
    amount: row.amount,
    usdt_amount: row.usdt_amount,
    rate: row.rate,
    created_at: isoTime(row.created_at),
    expire_at: isoTime(row.expire_at),
    pay_time: time(row.pay_time),
  };
}

export function orderDetail(ctx: Ctx, userId: number, id: number) {
  const now = ctx.clock.now();
  sweepFiat(ctx, now);
  const row = ownOrder(ctx, userId, id);
  const m = ctx.db.prepare('SELECT * FROM fiat_merchants WHERE id = ?').get(row.merchant_id) as MerchantRow;
  const way = row.pay_way;
  let pic = '';
  if (row.pic) {
    try {
      pic = signedUrl(ctx, userId, row.pic).url;
    } catch {
      pic = '';
    }
  }
  return {
    ...summary(row),
    confirm_time: time(row.confirm_time),
    cancel_time: time(row.cancel_time),
    cancel_reason: row.cancel_reason,
    pic,
    merchant_name: m.name,
    alipay: way === 'alipay' ? m.alipay : '',
    alipayCode: way === 'alipay' ? codeUrl(m.id, 'alipay') : '',
    wechat: way === 'wechat' ? m.wechat : '',
    wechatCode: way === 'wechat' ? codeUrl(m.id, 'wechat') : '',
    bankNo: way === 'bank' ? m.bank_no : '',
    bankName: way === 'bank' ? m.bank_name : '',
    bankAddress: way === 'bank' ? m.bank_address : '',
    now: isoTime(now),
  };
}

export function cancelOrder(ctx: Ctx, userId: number, id: number) {
  const now = ctx.clock.now();
  sweepFiat(ctx, now);
  ownOrder(ctx, userId, id);
  const changed = ctx.db
    .prepare(
      `UPDATE fiat_orders SET status = -1, cancel_time = ?, cancel_reason = 'user'
       WHERE id = ? AND user_id = ? AND status = 0`,
    )
    .run(now, id, userId).changes;
  if (changed !== 1) throw conflict('fiat.order_state');
  return { id, status: -1 as const };
}

export function markPaid(ctx: Ctx, userId: number, id: number, pic: string | undefined) {
  const now = ctx.clock.now();
  sweepFiat(ctx, now);
  ownOrder(ctx, userId, id);
  if (!pic) throw badRequest('fiat.pic_required', { field: 'pic' });
  requireOwnUpload(ctx, userId, pic, 'pic');
  const changed = ctx.db
    .prepare(
      'UPDATE fiat_orders SET status = 1, pic = ?, pay_time = ? WHERE id = ? AND user_id = ? AND status = 0',
    )
    .run(pic, now, id, userId).changes;
  if (changed !== 1) throw conflict('fiat.order_state');
  return { id, status: 1 as const, pay_time: isoTime(now) };
}

export function orderLog(ctx: Ctx, userId: number, limit: number) {
  sweepFiat(ctx, ctx.clock.now());
  const rows = ctx.db
    .prepare('SELECT * FROM fiat_orders WHERE user_id = ? ORDER BY id DESC LIMIT ?')
    .all(userId, Math.min(Math.max(limit, 1), FIAT_LOG_MAX)) as OrderRow[];
  return rows.map(summary);
}

/** The merchant's confirmation: 0|1 -> 2, crediting the USDT to the legal wallet (one transaction). */
export function confirmOrder(ctx: Ctx, id: number) {
  const now = ctx.clock.now();
  sweepFiat(ctx, now);
  return ctx.db
    .transaction(() => {
      const row = ctx.db.prepare('SELECT * FROM fiat_orders WHERE id = ?').get(id) as OrderRow | undefined;
      if (!row) throw notFound('fiat.order_not_found');
      const changed = ctx.db
        .prepare('UPDATE fiat_orders SET status = 2, confirm_time = ? WHERE id = ? AND status IN (0, 1)')
        .run(now, id).changes;
      if (changed !== 1) throw conflict('fiat.order_state');
      const [entry] = postLedger(
        ctx.db,
        [
          {
            userId: row.user_id,
            walletType: 'legal',
            currencyId: row.currency_id,
            amount: row.usdt_amount,
            reason: 'fiat_buy',
            ref: `fiat:${row.id}`,
          },
        ],
        { now },
      );
      return {
        id,
        status: 2,
        user_id: row.user_id,
        usdt_amount: row.usdt_amount,
        legal_balance: entry?.balanceAfter,
      };
    })
    .immediate();
}

/** The merchant refuses an order (0|1 -> -1); not counted against the user's daily cancellations. */
export function merchantCancel(ctx: Ctx, id: number) {
  const now = ctx.clock.now();
  const changed = ctx.db
    .prepare(
      `UPDATE fiat_orders SET status = -1, cancel_time = ?, cancel_reason = 'merchant' WHERE id = ? AND status IN (0, 1)`,
    )
    .run(now, id).changes;
  if (changed !== 1) {
    if (!ctx.db.prepare('SELECT 1 FROM fiat_orders WHERE id = ?').get(id))
      throw notFound('fiat.order_not_found');
    throw conflict('fiat.order_state');
  }
  return { id, status: -1 };
}

/** Moves an order's creation and expiry 30 minutes into the past (dev tool), then sweeps. */
export function expireFiatOrder(ctx: Ctx, id: number) {
  const now = ctx.clock.now();
  const changed = ctx.db
    .prepare('UPDATE fiat_orders SET created_at = ?, expire_at = ? WHERE id = ?')
    .run(now - FIAT_TIMEOUT_MS - 1, now - 1, id).changes;
  if (changed !== 1) throw new AppError('not_found', 404);
  sweepFiat(ctx, now);
  const row = ctx.db.prepare('SELECT status FROM fiat_orders WHERE id = ?').get(id) as { status: number };
  return { kind: 'fiat', id, status: row.status };
}

export function merchantPng(ctx: Pick<AppContext, 'db'>, merchantId: number, way: 'alipay' | 'wechat') {
  const m = ctx.db.prepare('SELECT * FROM fiat_merchants WHERE id = ?').get(merchantId) as
    MerchantRow | undefined;
  const account = m ? (way === 'alipay' ? m.alipay : m.wechat) : '';
  if (!m || account === '') return undefined;
  return `${way}:${account}`;
}
