import type { AppContext } from '../context';
import { isoTime } from '../core/clock';
import { AppError, conflict, notFound } from '../core/errors';
import { Decimal, type LedgerEntryInput } from '../wallet/ledger';
import { postLedgerSync as postLedger } from '../wallet/ledger-sync';

type Ctx = Pick<AppContext, 'db' | 'clock'>;

const DAY_MS = 86_400_000;
export const LOCKUP_LIST_MAX = 500;

export const LOCKUP_STATUS_TEXT: Record<number, string> = { 1: 'in_progress', 2: 'ended', 3: 'cancelled' };

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

const ORDER_SELECT = `SELECT o.*, c.name AS currency_name, c.precision FROM lockup_orders o
  JOIN currencies c ON c.id = o.currency_id`;

/** The cancel fee percent (zhiya_qxsxf). */
export function cancelFeePercent(ctx: Pick<AppContext, 'db'>): string {
  const row = ctx.db.prepare("SELECT value FROM earn_settings WHERE name = 'zhiya_qxsxf'").get() as
    { value: string } | undefined;
  return row?.value ?? '0';
}

/** lixi x amount / 100, truncated to the currency's precision. */
export function interestOf(lixi: string, amount: string, precision: number): Decimal {
  return new Decimal(lixi).times(amount).dividedBy(100).decimalPlaces(precision, Decimal.ROUND_DOWN);
}

export function listProducts(ctx: Pick<AppContext, 'db'>) {
  const rows = ctx.db
    .prepare(
      `SELECT p.id, p.currency_id, c.name AS currency_name, c.precision, p.min, p.lixi, p.qixian
       FROM lockup_products p JOIN currencies c ON c.id = p.currency_id
       WHERE p.active = 1 ORDER BY p.sorts, p.id LIMIT ?`,
    )
    .all(LOCKUP_LIST_MAX) as ProductRow[];
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
    zhiya_qxsxf: cancelFeePercent(ctx),
  };
}

/** Matures every order whose end passed: principal back and interest paid, exactly once each. */
export function sweepLockup(ctx: Pick<AppContext, 'db'>, now: number): number {
  const due = ctx.db
    .prepare(`${ORDER_SELECT} WHERE o.status = 1 AND o.end_time <= ? ORDER BY o.id LIMIT 500`)
    .all(now) as OrderRow[];
  let done = 0;
  for (const o of due) {
    ctx.db
      .transaction(() => {
        const changed = ctx.db
          .prepare('UPDATE lockup_orders SET status = 2, finish_time = ? WHERE id = ? AND status = 1')
          .run(now, o.id).changes;
        if (changed !== 1) return;
        const ref = `lockup:${o.id}`;
        const base = { userId: o.user_id, walletType: 'change' as const, currencyId: o.currency_id, ref };
        const entries: LedgerEntryInput[] = [
          { ...base, field: 'locked', amount: new Decimal(o.buy_num).negated(), reason: 'lockup_release' },
          { ...base, amount: o.buy_num, reason: 'lockup_release' },
        ];
        if (new Decimal(o.fan_lixi).isGreaterThan(0))
          entries.push({ ...base, amount: o.fan_lixi, reason: 'lockup_interest' });
        postLedger(ctx.db, entries, { now });
        done += 1;
      })
      .immediate();
  }
  return done;
}

export function buyProduct(ctx: Ctx, userId: number, productId: number) {
  const now = ctx.clock.now();
  const p = ctx.db
    .prepare(
      `SELECT p.id, p.currency_id, c.name AS currency_name, c.precision, p.min, p.lixi, p.qixian
       FROM lockup_products p JOIN currencies c ON c.id = p.currency_id WHERE p.id = ? AND p.active = 1`,
    )
    .get(productId) as ProductRow | undefined;
  if (!p) throw notFound('lockup.product_not_found');
  const fan = interestOf(p.lixi, p.min, p.precision).toFixed();
  const end = now + p.qixian * DAY_MS;
  return ctx.db
    .transaction(() => {
      const info = ctx.db
        .prepare(
          `INSERT INTO lockup_orders (user_id, product_id, currency_id, buy_num, lixi, qixian, fan_lixi, status, create_time, end_time)
           VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`,
        )
        .run(userId, p.id, p.currency_id, p.min, p.lixi, p.qixian, fan, now, end);
      const id = Number(info.lastInsertRowid);
      const base = { userId, walletType: 'change' as const, currencyId: p.currency_id, ref: `lockup:${id}` };
      postLedger(
        ctx.db,
        [
          { ...base, amount: new Decimal(p.min).negated(), reason: 'lockup_lock' },
          { ...base, field: 'locked', amount: p.min, reason: 'lockup_lock' },
        ],
        { now },
      );
      return { id, status: 1 as const, buy_num: p.min, fan_lixi: fan, end_time: isoTime(end) };
    })
    .immediate();
}

function view(o: OrderRow) {
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
    status: o.status,
    status_text: LOCKUP_STATUS_TEXT[o.status] ?? 'unknown',
    fee: o.fee,
    refund: o.refund,
    finish_time: o.finish_time === null ? null : isoTime(o.finish_time),
  };
}

export function myOrders(ctx: Ctx, userId: number, page: number, limit: number) {
  sweepLockup(ctx, ctx.clock.now());
  const size = Math.min(Math.max(limit, 1), LOCKUP_LIST_MAX);
  const rows = ctx.db
    .prepare(`${ORDER_SELECT} WHERE o.user_id = ? ORDER BY o.id DESC LIMIT ? OFFSET ?`)
    .all(userId, size, (Math.max(page, 1) - 1) * size) as OrderRow[];
  return rows.map(view);
}

export function cancelLockup(ctx: Ctx, userId: number, id: number) {
  const now = ctx.clock.now();
  sweepLockup(ctx, now);
  return ctx.db
    .transaction(() => {
      const o = ctx.db.prepare(`${ORDER_SELECT} WHERE o.id = ? AND o.user_id = ?`).get(id, userId) as
        OrderRow | undefined;
      if (!o) throw notFound('lockup.order_not_found');
      if (o.status !== 1) throw conflict('lockup.order_state');
      const fee = new Decimal(o.buy_num)
        .times(cancelFeePercent(ctx))
        .dividedBy(100)
        .decimalPlaces(o.precision, Decimal.ROUND_DOWN);
      const refund = new Decimal(o.buy_num).minus(fee);
      ctx.db
        .prepare(
          'UPDATE lockup_orders SET status = 3, fee = ?, refund = ?, finish_time = ? WHERE id = ? AND status = 1',
        )
        .run(fee.toFixed(), refund.toFixed(), now, id);
      const base = { userId, walletType: 'change' as const, currencyId: o.currency_id, ref: `lockup:${id}` };
      const entries: LedgerEntryInput[] = [
        { ...base, field: 'locked', amount: new Decimal(o.buy_num).negated(), reason: 'lockup_release' },
        { ...base, amount: o.buy_num, reason: 'lockup_release' },
      ];
      if (fee.isGreaterThan(0))
        entries.push({ ...base, amount: fee.negated().toFixed(), reason: 'lockup_cancel_fee' });
      postLedger(ctx.db, entries, { now });
      return { id, status: 3 as const, fee: fee.toFixed(), refund: refund.toFixed() };
    })
    .immediate();
}

/** Dev tool: the order's end moves into the past, then the normal sweep runs. */
export function expireLockup(ctx: Ctx, id: number) {
  const now = ctx.clock.now();
  const changed = ctx.db
    .prepare('UPDATE lockup_orders SET end_time = ? WHERE id = ? AND status = 1')
    .run(now - 1, id).changes;
  if (changed !== 1 && !ctx.db.prepare('SELECT 1 FROM lockup_orders WHERE id = ?').get(id))
    throw new AppError('not_found', 404);
  sweepLockup(ctx, now);
  const row = ctx.db.prepare('SELECT status FROM lockup_orders WHERE id = ?').get(id) as { status: number };
  return { kind: 'lockup', id, status: row.status };
}
