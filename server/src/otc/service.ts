import { otc } from '@app/contract';
import type { AppContext } from '../context';
import { isoTime } from '../core/clock';
import { columnAs } from '../core/column';
import { AppError, badRequest, conflict, notFound, tooManyRequests } from '../core/errors';
import { forUpdate, type Q } from '../db';
import { requireOwnUpload, signedUrl } from '../uploads';
import { Decimal, postLedger, USDT_ID } from '../kernel';

type Ctx = Pick<AppContext, 'store' | 'clock'>;

/** Unpaid orders are cancelled this long after creation (spec: 30 minutes). */
export const FIAT_TIMEOUT_MS = 30 * 60 * 1000;
/** At most this many unfinished (status 0 or 1) orders. */
export const MAX_UNFINISHED = 3;
/** This many cancellations in a UTC day restrict buying until the next day. */
export const MAX_DAILY_CANCELS = 3;
export const FIAT_LOG_MAX = 1000;

export const PAY_WAYS = ['alipay', 'wechat', 'bank'] as const;
export type PayWay = (typeof PAY_WAYS)[number];

export const STATUS_TEXT: Record<otc.FiatStatus, string> = {
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

function activeMerchants(q: Q): Promise<MerchantRow[]> {
  return q
    .selectFrom('fiat_merchants')
    .select([
      'id',
      'name',
      'rate',
      'min',
      'max',
      'alipay',
      'wechat',
      'bank_no',
      'bank_name',
      'bank_address',
      'sorts',
    ])
    .where('active', '=', 1)
    .orderBy('sorts')
    .orderBy('id')
    .execute();
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

/**
 * Cancels every order still awaiting payment at its expiry. Returns how many were cancelled.
 * One conditional update (status 0 only): with several nodes sweeping, each order is cancelled once.
 */
export async function sweepFiat(ctx: Pick<AppContext, 'store'>, now: number): Promise<number> {
  // A read first: with nothing due, no write (on SQLite a write waits for the orders' commits in
  // flight and holds the next ones back, db/README.md; this runs every second).
  const due = await ctx.store.q
    .selectFrom('fiat_orders')
    .select('id')
    .where('status', '=', 0)
    .where('expire_at', '<=', now)
    .limit(1)
    .executeTakeFirst();
  if (!due) return 0;
  const result = await ctx.store.q
    .updateTable('fiat_orders')
    .set((eb) => ({ status: -1, cancel_time: eb.ref('expire_at'), cancel_reason: 'timeout' }))
    .where('status', '=', 0)
    .where('expire_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

async function counters(q: Q, userId: number, now: number) {
  const { n: unfinished } = await q
    .selectFrom('fiat_orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', 'in', [0, 1])
    .executeTakeFirstOrThrow();
  const day = utcDay(now);
  const { n: cancels } = await q
    .selectFrom('fiat_orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', -1)
    .where('cancel_reason', 'in', ['user', 'timeout'])
    .where('cancel_time', '>=', day.start)
    .where('cancel_time', '<', day.next)
    .executeTakeFirstOrThrow();
  return {
    unfinished: Number(unfinished),
    cancels: Number(cancels),
    restrictedUntil: Number(cancels) >= MAX_DAILY_CANCELS ? day.next : null,
  };
}

export async function legalInfo(ctx: Ctx, userId: number, currency: number) {
  if (currency !== USDT_ID) throw badRequest('fiat.currency_unsupported', { field: 'currency' });
  const now = ctx.clock.now();
  await sweepFiat(ctx, now);
  const merchants = await activeMerchants(ctx.store.q);
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
  const c = await counters(ctx.store.q, userId, now);
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
export async function buyLegal(ctx: Ctx, userId: number, input: BuyInput): Promise<number> {
  const now = ctx.clock.now();
  await sweepFiat(ctx, now);
  const way = input.pay_way.trim().toLowerCase() as PayWay;
  if (!(PAY_WAYS as readonly string[]).includes(way))
    throw badRequest('fiat.pay_way_unsupported', { field: 'pay_way' });
  if (!ACC.test(input.acc.trim())) throw badRequest('fiat.amount_range', { field: 'acc' });
  const acc = new Decimal(input.acc.trim());
  if (!RATE.test(input.rate.trim()) || new Decimal(input.rate.trim()).isZero())
    throw badRequest('validation.failed', { field: 'rate' });
  const shownRate = new Decimal(input.rate.trim());

  return ctx.store.tx(async (q): Promise<number> => {
    // The user's row is locked: two concurrent purchases cannot both pass the unfinished limit.
    await forUpdate(ctx.store, q.selectFrom('users').select('id').where('id', '=', userId)).execute();
    const merchants = await activeMerchants(q);
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

    const c = await counters(q, userId, now);
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
    const { id } = await q
      .insertInto('fiat_orders')
      .values({
        user_id: userId,
        merchant_id: merchant.id,
        currency_id: USDT_ID,
        pay_way: way,
        amount: acc.toFixed(),
        rate: new Decimal(merchant.rate).toFixed(),
        usdt_amount: usdt.toFixed(),
        status: 0,
        created_at: now,
        expire_at: now + FIAT_TIMEOUT_MS,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  });
}

async function ownOrder(q: Q, userId: number, id: number): Promise<OrderRow> {
  const row = await q
    .selectFrom('fiat_orders')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound('fiat.order_not_found');
  return row as OrderRow;
}

const time = (ms: number | null) => (ms === null ? null : isoTime(ms));

/** An order as the contract answers it; the status column is checked here, once. */
function summary(row: OrderRow): otc.FiatOrderSummary {
  const status = columnAs(otc.fiatStatus, row.status, `fiat_orders.status (order ${row.id})`);
  return {
    id: row.id,
    status,
    status_text: STATUS_TEXT[status],
    pay_way: row.pay_way,
    amount: row.amount,
    usdt_amount: row.usdt_amount,
    rate: row.rate,
    created_at: isoTime(row.created_at),
    expire_at: isoTime(row.expire_at),
    pay_time: time(row.pay_time),
  };
}

function merchantById(q: Q, id: number): Promise<MerchantRow | undefined> {
  return q.selectFrom('fiat_merchants').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function orderDetail(ctx: Ctx, userId: number, id: number): Promise<otc.FiatOrderDetail> {
  const now = ctx.clock.now();
  await sweepFiat(ctx, now);
  const row = await ownOrder(ctx.store.q, userId, id);
  const m = await merchantById(ctx.store.q, row.merchant_id);
  if (!m) throw notFound('fiat.order_not_found');
  const way = row.pay_way;
  let pic = '';
  if (row.pic) {
    try {
      pic = (await signedUrl(ctx, userId, row.pic)).url;
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

export async function cancelOrder(ctx: Ctx, userId: number, id: number) {
  const now = ctx.clock.now();
  await sweepFiat(ctx, now);
  await ownOrder(ctx.store.q, userId, id);
  const result = await ctx.store.q
    .updateTable('fiat_orders')
    .set({ status: -1, cancel_time: now, cancel_reason: 'user' })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('status', '=', 0)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw conflict('fiat.order_state');
  return { id, status: -1 as const };
}

export async function markPaid(ctx: Ctx, userId: number, id: number, pic: string | undefined) {
  const now = ctx.clock.now();
  await sweepFiat(ctx, now);
  await ownOrder(ctx.store.q, userId, id);
  if (!pic) throw badRequest('fiat.pic_required', { field: 'pic' });
  await requireOwnUpload(ctx.store.q, userId, pic, 'pic');
  const result = await ctx.store.q
    .updateTable('fiat_orders')
    .set({ status: 1, pic, pay_time: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('status', '=', 0)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw conflict('fiat.order_state');
  return { id, status: 1 as const, pay_time: isoTime(now) };
}

export async function orderLog(ctx: Ctx, userId: number, limit: number) {
  await sweepFiat(ctx, ctx.clock.now());
  const rows = await ctx.store.q
    .selectFrom('fiat_orders')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(Math.min(Math.max(limit, 1), FIAT_LOG_MAX))
    .execute();
  return (rows as OrderRow[]).map(summary);
}

/**
 * The merchant's confirmation: 0|1 -> 2, crediting the USDT to the legal wallet (one transaction).
 * The conditional status update decides: a second confirmation (or a racing cancel) finds no row
 * to move and nothing is credited twice.
 */
export async function confirmOrder(ctx: Ctx, id: number) {
  const now = ctx.clock.now();
  await sweepFiat(ctx, now);
  return ctx.store.tx(async (q) => {
    const row = await q.selectFrom('fiat_orders').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('fiat.order_not_found');
    const result = await q
      .updateTable('fiat_orders')
      .set({ confirm_time: now, status: 2 })
      .where('id', '=', id)
      .where('status', 'in', [0, 1])
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw conflict('fiat.order_state');
    const [entry] = await postLedger(
      q,
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
  });
}

/** The merchant refuses an order (0|1 -> -1); not counted against the user's daily cancellations. */
export async function merchantCancel(ctx: Ctx, id: number) {
  const now = ctx.clock.now();
  const result = await ctx.store.q
    .updateTable('fiat_orders')
    .set({ status: -1, cancel_time: now, cancel_reason: 'merchant' })
    .where('id', '=', id)
    .where('status', 'in', [0, 1])
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) {
    const exists = await ctx.store.q
      .selectFrom('fiat_orders')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!exists) throw notFound('fiat.order_not_found');
    throw conflict('fiat.order_state');
  }
  return { id, status: -1 };
}

/** Moves an order's creation and expiry 30 minutes into the past (dev tool), then sweeps. */
export async function expireFiatOrder(ctx: Ctx, id: number) {
  const now = ctx.clock.now();
  const result = await ctx.store.q
    .updateTable('fiat_orders')
    .set({ created_at: now - FIAT_TIMEOUT_MS - 1, expire_at: now - 1 })
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new AppError('not_found', 404);
  await sweepFiat(ctx, now);
  const row = await ctx.store.q
    .selectFrom('fiat_orders')
    .select('status')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { kind: 'fiat', id, status: row.status };
}

export async function merchantPng(
  ctx: Pick<AppContext, 'store'>,
  merchantId: number,
  way: 'alipay' | 'wechat',
) {
  if (!Number.isSafeInteger(merchantId)) return undefined;
  const m = await merchantById(ctx.store.q, merchantId);
  const account = m ? (way === 'alipay' ? m.alipay : m.wechat) : '';
  if (!m || account === '') return undefined;
  return `${way}:${account}`;
}
