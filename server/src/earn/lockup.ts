import { earn } from '@app/contract';
import type { AppContext } from '../context';
import { isoTime } from '../core/clock';
import { columnAs } from '../core/column';
import { AppError, conflict, notFound } from '../core/errors';
import { forUpdate, type Q } from '../db';
import { Decimal, ledgerEntryOf, postLedger, type LedgerEntryInput } from '../kernel';

type Ctx = Pick<AppContext, 'store' | 'clock'>;

const DAY_MS = 86_400_000;
export const LOCKUP_LIST_MAX = 500;

export const LOCKUP_STATUS_TEXT: Record<earn.LockupStatus, string> = {
  1: 'in_progress',
  2: 'ended',
  3: 'cancelled',
};

interface ProductRow {
  id: number;
  currency_id: number;
  currency_name: string;
  precision: number;
  min: string;
  lixi: string;
  qixian: number;
}

interface OrderRow {
  id: number;
  user_id: number;
  product_id: number;
  currency_id: number;
  currency_name: string;
  precision: number;
  buy_num: string;
  lixi: string;
  qixian: number;
  fan_lixi: string;
  status: number;
  fee: string;
  refund: string;
  create_time: number;
  end_time: number;
  finish_time: number | null;
}

function selectOrders(q: Q) {
  return q
    .selectFrom('lockup_orders as o')
    .innerJoin('currencies as c', 'c.id', 'o.currency_id')
    .selectAll('o')
    .select(['c.name as currency_name', 'c.precision']);
}

/** The cancel fee percent (zhiya_qxsxf). */
export async function cancelFeePercent(q: Q): Promise<string> {
  const row = await q
    .selectFrom('earn_settings')
    .select('value')
    .where('name', '=', 'zhiya_qxsxf')
    .executeTakeFirst();
  return row?.value ?? '0';
}

/** lixi x amount / 100, truncated to the currency's precision. */
export function interestOf(lixi: string, amount: string, precision: number): Decimal {
  return new Decimal(lixi).times(amount).dividedBy(100).decimalPlaces(precision, Decimal.ROUND_DOWN);
}

function selectProducts(q: Q) {
  return q
    .selectFrom('lockup_products as p')
    .innerJoin('currencies as c', 'c.id', 'p.currency_id')
    .select([
      'p.id',
      'p.currency_id',
      'c.name as currency_name',
      'c.precision',
      'p.min',
      'p.lixi',
      'p.qixian',
    ])
    .where('p.active', '=', 1);
}

export async function listProducts(ctx: Pick<AppContext, 'store'>) {
  const rows: ProductRow[] = await selectProducts(ctx.store.q)
    .orderBy('p.sorts')
    .orderBy('p.id')
    .limit(LOCKUP_LIST_MAX)
    .execute();
  return {
    list: rows.map((p) => ({
      id: p.id,
      currency: p.currency_id,
      currency_name: p.currency_name,
      min: p.min,
      lixi: p.lixi,
      qixian: p.qixian,
      income: interestOf(p.lixi, p.min, p.precision).toFixed(),
    })),
    zhiya_qxsxf: await cancelFeePercent(ctx.store.q),
  };
}

/**
 * Matures every order whose end passed: principal back and interest paid, exactly once each (the
 * conditional status update inside each order's transaction decides which writer pays).
 */
export async function sweepLockup(ctx: Pick<AppContext, 'store'>, now: number): Promise<number> {
  const due: OrderRow[] = await selectOrders(ctx.store.q)
    .where('o.status', '=', 1)
    .where('o.end_time', '<=', now)
    .orderBy('o.id')
    .limit(500)
    .execute();
  let done = 0;
  for (const o of due) {
    const paid = await ctx.store.tx(async (q) => {
      const result = await q
        .updateTable('lockup_orders')
        .set({ status: 2, finish_time: now })
        .where('id', '=', o.id)
        .where('status', '=', 1)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      const ref = `lockup:${o.id}`;
      const entry = ledgerEntryOf({
        userId: o.user_id,
        walletType: 'change',
        currencyId: o.currency_id,
        ref,
      });
      const entries: LedgerEntryInput[] = [
        entry({ field: 'locked', amount: new Decimal(o.buy_num).negated(), reason: 'lockup_release' }),
        entry({ amount: o.buy_num, reason: 'lockup_release' }),
      ];
      if (new Decimal(o.fan_lixi).isGreaterThan(0))
        entries.push(entry({ amount: o.fan_lixi, reason: 'lockup_interest' }));
      await postLedger(q, entries, { now });
      return true;
    });
    if (paid) done += 1;
  }
  return done;
}

export async function buyProduct(ctx: Ctx, userId: number, productId: number) {
  const now = ctx.clock.now();
  const p: ProductRow | undefined = await selectProducts(ctx.store.q)
    .where('p.id', '=', productId)
    .executeTakeFirst();
  if (!p) throw notFound('lockup.product_not_found');
  const fan = interestOf(p.lixi, p.min, p.precision).toFixed();
  const end = now + p.qixian * DAY_MS;
  return ctx.store.tx(async (q) => {
    const { id } = await q
      .insertInto('lockup_orders')
      .values({
        user_id: userId,
        product_id: p.id,
        currency_id: p.currency_id,
        buy_num: p.min,
        lixi: p.lixi,
        qixian: p.qixian,
        fan_lixi: fan,
        status: 1,
        create_time: now,
        end_time: end,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const entry = ledgerEntryOf({
      userId,
      walletType: 'change',
      currencyId: p.currency_id,
      ref: `lockup:${id}`,
    });
    await postLedger(
      q,
      [
        entry({ amount: new Decimal(p.min).negated(), reason: 'lockup_lock' }),
        entry({ field: 'locked', amount: p.min, reason: 'lockup_lock' }),
      ],
      { now },
    );
    return { id, status: 1 as const, buy_num: p.min, fan_lixi: fan, end_time: isoTime(end) };
  });
}

/** An order as the contract answers it; the status column is checked here, once. */
function view(o: OrderRow): earn.LockupOrderView {
  const status = columnAs(earn.lockupStatus, o.status, `lockup_orders.status (order ${o.id})`);
  return {
    id: o.id,
    product_id: o.product_id,
    currency: o.currency_id,
    currency_name: o.currency_name,
    buy_num: o.buy_num,
    lixi: o.lixi,
    qixian: o.qixian,
    fan_lixi: o.fan_lixi,
    create_time: isoTime(o.create_time),
    end_time: isoTime(o.end_time),
    status,
    status_text: LOCKUP_STATUS_TEXT[status],
    fee: o.fee,
    refund: o.refund,
    finish_time: o.finish_time === null ? null : isoTime(o.finish_time),
  };
}

export async function myOrders(ctx: Ctx, userId: number, page: number, limit: number) {
  await sweepLockup(ctx, ctx.clock.now());
  const size = Math.min(Math.max(limit, 1), LOCKUP_LIST_MAX);
  const rows: OrderRow[] = await selectOrders(ctx.store.q)
    .where('o.user_id', '=', userId)
    .orderBy('o.id', 'desc')
    .limit(size)
    .offset((Math.max(page, 1) - 1) * size)
    .execute();
  return rows.map(view);
}

/** Early redemption: 1 -> 3 (locked row, conditional update), principal back less the fee. */
export async function cancelLockup(ctx: Ctx, userId: number, id: number) {
  const now = ctx.clock.now();
  await sweepLockup(ctx, now);
  return ctx.store.tx(async (q) => {
    // The order's own row is locked (not the joined currency's, which every order shares).
    await forUpdate(
      ctx.store,
      q.selectFrom('lockup_orders').select('id').where('id', '=', id).where('user_id', '=', userId),
    ).execute();
    const o: OrderRow | undefined = await selectOrders(q)
      .where('o.id', '=', id)
      .where('o.user_id', '=', userId)
      .executeTakeFirst();
    if (!o) throw notFound('lockup.order_not_found');
    if (o.status !== 1) throw conflict('lockup.order_state');
    const fee = new Decimal(o.buy_num)
      .times(await cancelFeePercent(q))
      .dividedBy(100)
      .decimalPlaces(o.precision, Decimal.ROUND_DOWN);
    const refund = new Decimal(o.buy_num).minus(fee);
    const result = await q
      .updateTable('lockup_orders')
      .set({ status: 3, fee: fee.toFixed(), refund: refund.toFixed(), finish_time: now })
      .where('id', '=', id)
      .where('status', '=', 1)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw conflict('lockup.order_state');
    const entry = ledgerEntryOf({
      userId,
      walletType: 'change',
      currencyId: o.currency_id,
      ref: `lockup:${id}`,
    });
    const entries: LedgerEntryInput[] = [
      entry({ field: 'locked', amount: new Decimal(o.buy_num).negated(), reason: 'lockup_release' }),
      entry({ amount: o.buy_num, reason: 'lockup_release' }),
    ];
    if (fee.isGreaterThan(0))
      entries.push(entry({ amount: fee.negated().toFixed(), reason: 'lockup_cancel_fee' }));
    await postLedger(q, entries, { now });
    return { id, status: 3 as const, fee: fee.toFixed(), refund: refund.toFixed() };
  });
}

/** Dev tool: the order's end moves into the past, then the normal sweep runs. */
export async function expireLockup(ctx: Ctx, id: number) {
  const now = ctx.clock.now();
  const { q } = ctx.store;
  const result = await q
    .updateTable('lockup_orders')
    .set({ end_time: now - 1 })
    .where('id', '=', id)
    .where('status', '=', 1)
    .executeTakeFirst();
  const status = async () =>
    (await q.selectFrom('lockup_orders').select('status').where('id', '=', id).executeTakeFirst())?.status;
  if (Number(result.numUpdatedRows) !== 1 && (await status()) === undefined)
    throw new AppError('not_found', 404);
  await sweepLockup(ctx, now);
  return { kind: 'lockup', id, status: (await status()) ?? 0 };
}
