import { earn } from '@app/contract';
import type { AppContext } from '../context';
import { isoTime } from '../core/clock';
import { columnAs } from '../core/column';
import { AppError, badRequest, conflict, notFound } from '../core/errors';
import { forUpdate, type Q } from '../db';
import { Decimal, getBalance, postLedger, type LedgerEntryInput } from '../kernel';
import { findCurrency, usdtPrice } from '../wallet';
import { LAUNCH_PROJECT_ID } from './schema';
import type { Lang } from '../core/validation';
import { launchCopy } from './launch-copy';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'prices'>;

const DAY_MS = 86_400_000;
/** Subscription list page size (spec: 10; a shorter page means no more). */
export const UPLIST_PAGE = 10;

export const LAUNCH_STATUS_TEXT: Record<earn.SubscriptionStatus, string> = {
  1: 'locked',
  2: 'unlockable',
  3: 'done',
};

interface ProjectRow {
  id: number;
  token_currency_id: number;
  keyword: string;
  abstract: string;
  content: string;
  baipishuurl: string;
  price_usdt: string;
  total: string;
  sold: string;
  min: string;
  max: string;
  lock_days: number;
  warmup_at: number;
  start_at: number;
  end_at: number;
  publish_at: number;
}

interface SubscriptionRow {
  id: number;
  user_id: number;
  token_currency_id: number;
  pay_currency_id: number;
  pay_name: string;
  token_name: string;
  price: string;
  amount: string;
  pay_amount: string;
  status: number;
  created_at: number;
  endtime_at: number;
}

export type Phase = 'warmup' | 'subscription' | 'ended' | 'published';

async function project(q: Q): Promise<ProjectRow> {
  const row = await q
    .selectFrom('launch_projects')
    .selectAll()
    .where('id', '=', LAUNCH_PROJECT_ID)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export function phaseOf(p: ProjectRow, now: number): Phase {
  if (now < p.start_at) return 'warmup';
  if (now < p.end_at) return 'subscription';
  if (now < p.publish_at) return 'ended';
  return 'published';
}

function payCurrencies(q: Q, projectId: number): Promise<Array<{ id: number; name: string }>> {
  return q
    .selectFrom('launch_pay_currencies as l')
    .innerJoin('currencies as c', 'c.id', 'l.currency_id')
    .select(['c.id', 'c.name'])
    .where('l.project_id', '=', projectId)
    .orderBy('l.sorts')
    .execute();
}

/** BEF price in a pay currency: the USDT price / that currency's USDT price, 8 decimals (truncated). */
async function priceIn(
  ctx: Pick<AppContext, 'store' | 'prices'>,
  p: ProjectRow,
  currencyId: number,
): Promise<Decimal> {
  const currency = await findCurrency(ctx.store.q, currencyId);
  if (!currency) throw badRequest('launch.pay_currency_unsupported', { field: 'c_id' });
  return new Decimal(p.price_usdt).dividedBy(usdtPrice(ctx, currency)).decimalPlaces(8, Decimal.ROUND_DOWN);
}

async function requirePayCurrency(q: Q, p: ProjectRow, cId: number): Promise<{ id: number; name: string }> {
  const found = (await payCurrencies(q, p.id)).find((c) => c.id === cId);
  if (!found) throw badRequest('launch.pay_currency_unsupported', { field: 'c_id' });
  return found;
}

/** The project in `lang` (its text translated when a translation exists, else English). */
export async function launchInfo(ctx: Ctx, lang: Lang = 'en') {
  const { q } = ctx.store;
  const p = await project(q);
  const now = ctx.clock.now();
  const token = await findCurrency(q, p.token_currency_id);
  const copy = launchCopy(p.id, lang);
  const pays = await payCurrencies(q, p.id);
  const prices = await Promise.all(pays.map((c) => priceIn(ctx, p, c.id)));
  return {
    id: p.id,
    keyword: copy?.keyword ?? p.keyword,
    abstract: copy?.abstract ?? p.abstract,
    content: copy?.content ?? p.content,
    bname: token?.name ?? '',
    c_id: p.token_currency_id,
    buymoney: new Decimal(p.price_usdt).toFixed(),
    c_name: 'USDT',
    total: p.total,
    left: new Decimal(p.total).minus(p.sold).toFixed(),
    right: new Decimal(p.sold).toFixed(),
    min: p.min,
    max: p.max,
    iepn_scz: p.lock_days,
    baipishuurl: p.baipishuurl,
    phase: phaseOf(p, now),
    warmup_at: isoTime(p.warmup_at),
    start_at: isoTime(p.start_at),
    end_at: isoTime(p.end_at),
    publish_at: isoTime(p.publish_at),
    pay_currencies: pays.map((c, i) => ({
      c_id: c.id,
      name: c.name,
      price: (prices[i] ?? new Decimal(0)).toFixed(),
    })),
  };
}

export async function upstart(ctx: Ctx, userId: number, lang: Lang = 'en') {
  const info = await launchInfo(ctx, lang);
  const { q } = ctx.store;
  const balances = [];
  for (const c of info.pay_currencies)
    balances.push({
      c_id: c.c_id,
      name: c.name,
      balance: (await getBalance(q, userId, 'change', c.c_id)).available,
    });
  return {
    ...info,
    detail: { balance: (await getBalance(q, userId, 'change', 3)).available, balances },
  };
}

export async function launchPrice(ctx: Ctx, cId: number) {
  const p = await project(ctx.store.q);
  const c = await requirePayCurrency(ctx.store.q, p, cId);
  return { c_id: c.id, name: c.name, price: (await priceIn(ctx, p, c.id)).toFixed() };
}

/** Lock ends that passed: 1 -> 2 (unlockable). One conditional update: each row moves once. */
export async function sweepLaunch(ctx: Pick<AppContext, 'store'>, now: number): Promise<number> {
  // A read first: with nothing due, no write (on SQLite a write waits for the orders' commits in
  // flight and holds the next ones back, db/README.md; this runs every second).
  const due = await ctx.store.q
    .selectFrom('launch_subscriptions')
    .select('id')
    .where('status', '=', 1)
    .where('endtime_at', '<=', now)
    .limit(1)
    .executeTakeFirst();
  if (!due) return 0;
  const result = await ctx.store.q
    .updateTable('launch_subscriptions')
    .set({ status: 2 })
    .where('status', '=', 1)
    .where('endtime_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

const AMOUNT = /^\d{1,12}(\.\d{1,8})?$/;

export interface SubscribeInput {
  amount: string;
  buymoney: string;
  c_id: number;
}

export async function subscribe(ctx: Ctx, userId: number, input: SubscribeInput) {
  const now = ctx.clock.now();
  const p = await project(ctx.store.q);
  if (!AMOUNT.test(input.amount) || !new Decimal(input.amount).isGreaterThan(0))
    throw badRequest('launch.amount_invalid', { field: 'amount' });
  const amount = new Decimal(input.amount);
  const pay = await requirePayCurrency(ctx.store.q, p, input.c_id);
  if (phaseOf(p, now) !== 'subscription') throw conflict('launch.not_open');
  if (amount.isLessThan(p.min)) throw badRequest('launch.below_minimum', { field: 'amount' });
  if (amount.isGreaterThan(p.max)) throw badRequest('launch.above_maximum', { field: 'amount' });
  if (!AMOUNT.test(input.buymoney) || !new Decimal(input.buymoney).isGreaterThan(0))
    throw badRequest('validation.failed', { field: 'buymoney' });
  // The server's own price is charged; the client's `buymoney` (the price it showed) is only
  // checked against it: any difference is refused (the client fetches the price again).
  const buymoney = await priceIn(ctx, p, pay.id);
  if (!new Decimal(input.buymoney).isEqualTo(buymoney)) throw conflict('launch.price_changed');
  const payAmount = buymoney.times(amount).decimalPlaces(8, Decimal.ROUND_DOWN);
  if (!payAmount.isGreaterThan(0)) throw badRequest('launch.amount_invalid', { field: 'amount' });
  const end = now + p.lock_days * DAY_MS;

  return ctx.store.tx(async (q) => {
    // The project row is locked while its stock is read and written: never oversold.
    const fresh = await forUpdate(
      ctx.store,
      q.selectFrom('launch_projects').selectAll().where('id', '=', p.id),
    ).executeTakeFirst();
    if (!fresh) throw notFound();
    const left = new Decimal(fresh.total).minus(fresh.sold);
    if (amount.isGreaterThan(left)) throw conflict('launch.sold_out');
    await q
      .updateTable('launch_projects')
      .set({ sold: new Decimal(fresh.sold).plus(amount).toFixed() })
      .where('id', '=', fresh.id)
      .execute();
    const { id } = await q
      .insertInto('launch_subscriptions')
      .values({
        user_id: userId,
        project_id: fresh.id,
        token_currency_id: fresh.token_currency_id,
        pay_currency_id: pay.id,
        price: buymoney.toFixed(),
        amount: amount.toFixed(),
        pay_amount: payAmount.toFixed(),
        status: 1,
        created_at: now,
        endtime_at: end,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ref = `launch:${id}`;
    const entries: LedgerEntryInput[] = [
      {
        userId,
        walletType: 'change',
        currencyId: pay.id,
        amount: payAmount.negated(),
        reason: 'launch_subscribe',
        ref,
      },
      {
        userId,
        walletType: 'change',
        currencyId: fresh.token_currency_id,
        field: 'locked',
        amount,
        reason: 'launch_subscribe',
        ref,
      },
    ];
    await postLedger(q, entries, { now });
    return {
      id,
      amount: amount.toFixed(),
      price: buymoney.toFixed(),
      pay_amount: payAmount.toFixed(),
      currency_name: pay.name,
      endtime_at: isoTime(end),
      status: 1 as const,
    };
  });
}

function selectSubscriptions(q: Q) {
  return q
    .selectFrom('launch_subscriptions as s')
    .innerJoin('currencies as pc', 'pc.id', 's.pay_currency_id')
    .innerJoin('currencies as tc', 'tc.id', 's.token_currency_id')
    .selectAll('s')
    .select(['pc.name as pay_name', 'tc.name as token_name']);
}

export async function subscriptions(ctx: Ctx, userId: number, page: number, limit: number) {
  await sweepLaunch(ctx, ctx.clock.now());
  const size = Math.min(Math.max(limit, 1), UPLIST_PAGE);
  const rows: SubscriptionRow[] = await selectSubscriptions(ctx.store.q)
    .where('s.user_id', '=', userId)
    .orderBy('s.id', 'desc')
    .limit(size)
    .offset((Math.max(page, 1) - 1) * size)
    .execute();
  return rows.map(subscriptionView);
}

/** A subscription as the contract answers it; the status column is checked here, once. */
function subscriptionView(s: SubscriptionRow): earn.SubscriptionView {
  const status = columnAs(earn.subscriptionStatus, s.status, `launch_subscriptions.status (id ${s.id})`);
  return {
    id: s.id,
    price: s.price,
    amount: s.amount,
    pay_amount: s.pay_amount,
    currency_name: s.pay_name,
    token_name: s.token_name,
    created_at: isoTime(s.created_at),
    endtime_at: isoTime(s.endtime_at),
    status,
    status_text: LAUNCH_STATUS_TEXT[status],
  };
}

/** Unlocks an unlockable subscription: 2 -> 3 (conditional: exactly once), tokens to available. */
export async function unlock(ctx: Ctx, userId: number, id: number) {
  const now = ctx.clock.now();
  await sweepLaunch(ctx, now);
  return ctx.store.tx(async (q) => {
    const s = await selectSubscriptions(q)
      .where('s.id', '=', id)
      .where('s.user_id', '=', userId)
      .executeTakeFirst();
    if (!s) throw notFound('launch.order_not_found');
    const result = await q
      .updateTable('launch_subscriptions')
      .set({ status: 3, unlocked_at: now })
      .where('id', '=', id)
      .where('status', '=', 2)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw conflict('launch.not_unlockable');
    const base = {
      userId,
      walletType: 'change' as const,
      currencyId: s.token_currency_id,
      ref: `launch:${id}`,
    };
    await postLedger(
      q,
      [
        { ...base, field: 'locked', amount: new Decimal(s.amount).negated(), reason: 'launch_unlock' },
        { ...base, amount: s.amount, reason: 'launch_unlock' },
      ],
      { now },
    );
    return { id, status: 3 as const };
  });
}

/** Dev tool: the subscription's lock end moves into the past, then the normal sweep runs. */
export async function expireLaunch(ctx: Pick<AppContext, 'store' | 'clock'>, id: number) {
  const now = ctx.clock.now();
  const { q } = ctx.store;
  const result = await q
    .updateTable('launch_subscriptions')
    .set({ endtime_at: now - 1 })
    .where('id', '=', id)
    .where('status', '=', 1)
    .executeTakeFirst();
  const status = async () =>
    (await q.selectFrom('launch_subscriptions').select('status').where('id', '=', id).executeTakeFirst())
      ?.status;
  if (Number(result.numUpdatedRows) !== 1 && (await status()) === undefined)
    throw new AppError('not_found', 404);
  await sweepLaunch(ctx, now);
  return { kind: 'launch', id, status: (await status()) ?? 0 };
}
