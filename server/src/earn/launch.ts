import type { AppContext } from '../context';
import { isoTime } from '../core/clock';
import { AppError, badRequest, conflict, notFound } from '../core/errors';
import { findCurrency } from '../wallet/currencies';
import { Decimal, type LedgerEntryInput } from '../wallet/ledger';
import { getBalanceSync as getBalance, postLedgerSync as postLedger } from '../wallet/ledger-sync';
import { usdtPrice } from '../wallet/wallets';
import { LAUNCH_PROJECT_ID } from './schema';
import type { Lang } from '../core/validation';
import { launchCopy } from './launch-copy';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'market'>;

const DAY_MS = 86_400_000;
/** Subscription list page size (spec: 10; a shorter page means no more). */
export const UPLIST_PAGE = 10;

export const LAUNCH_STATUS_TEXT: Record<number, string> = { 1: 'locked', 2: 'unlockable', 3: 'done' };

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

function project(ctx: Pick<AppContext, 'db'>): ProjectRow {
  const row = ctx.db.prepare('SELECT * FROM launch_projects WHERE id = ?').get(LAUNCH_PROJECT_ID) as
    ProjectRow | undefined;
  if (!row) throw notFound();
  return row;
}

export function phaseOf(p: ProjectRow, now: number): Phase {
  if (now < p.start_at) return 'warmup';
  if (now < p.end_at) return 'subscription';
  if (now < p.publish_at) return 'ended';
  return 'published';
}

function payCurrencies(ctx: Pick<AppContext, 'db'>, projectId: number): Array<{ id: number; name: string }> {
  return ctx.db
    .prepare(
      `SELECT c.id, c.name FROM launch_pay_currencies l JOIN currencies c ON c.id = l.currency_id
       WHERE l.project_id = ? ORDER BY l.sorts`,
    )
    .all(projectId) as Array<{ id: number; name: string }>;
}

/** BEF price in a pay currency: the USDT price / that currency's USDT price, 8 decimals (truncated). */
function priceIn(ctx: Pick<AppContext, 'db' | 'market'>, p: ProjectRow, currencyId: number): Decimal {
  const currency = findCurrency(ctx.db, currencyId);
  if (!currency) throw badRequest('launch.pay_currency_unsupported', { field: 'c_id' });
  return new Decimal(p.price_usdt).dividedBy(usdtPrice(ctx, currency)).decimalPlaces(8, Decimal.ROUND_DOWN);
}

function requirePayCurrency(
  ctx: Pick<AppContext, 'db'>,
  p: ProjectRow,
  cId: number,
): { id: number; name: string } {
  const found = payCurrencies(ctx, p.id).find((c) => c.id === cId);
  if (!found) throw badRequest('launch.pay_currency_unsupported', { field: 'c_id' });
  return found;
}

/** The project in `lang` (its text translated when a translation exists, else English). */
export function launchInfo(ctx: Ctx, lang: Lang = 'en') {
  const p = project(ctx);
  const now = ctx.clock.now();
  const token = findCurrency(ctx.db, p.token_currency_id);
  const copy = launchCopy(p.id, lang);
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
    pay_currencies: payCurrencies(ctx, p.id).map((c) => ({
      c_id: c.id,
      name: c.name,
      price: priceIn(ctx, p, c.id).toFixed(),
    })),
  };
}

export function upstart(ctx: Ctx, userId: number, lang: Lang = 'en') {
  const info = launchInfo(ctx, lang);
  const balances = info.pay_currencies.map((c) => ({
    c_id: c.c_id,
    name: c.name,
    balance: getBalance(ctx.db, userId, 'change', c.c_id).available,
  }));
  return {
    ...info,
    detail: { balance: getBalance(ctx.db, userId, 'change', 3).available, balances },
  };
}

export function launchPrice(ctx: Ctx, cId: number) {
  const p = project(ctx);
  const c = requirePayCurrency(ctx, p, cId);
  return { c_id: c.id, name: c.name, price: priceIn(ctx, p, c.id).toFixed() };
}

/** Lock ends that passed: 1 -> 2 (unlockable). */
export function sweepLaunch(ctx: Pick<AppContext, 'db'>, now: number): number {
  return ctx.db
    .prepare('UPDATE launch_subscriptions SET status = 2 WHERE status = 1 AND endtime_at <= ?')
    .run(now).changes;
}

const AMOUNT = /^\d{1,12}(\.\d{1,8})?$/;

export interface SubscribeInput {
  amount: string;
  buymoney: string;
  c_id: number;
}

export function subscribe(ctx: Ctx, userId: number, input: SubscribeInput) {
  const now = ctx.clock.now();
  const p = project(ctx);
  if (!AMOUNT.test(input.amount) || !new Decimal(input.amount).isGreaterThan(0))
    throw badRequest('launch.amount_invalid', { field: 'amount' });
  const amount = new Decimal(input.amount);
  const pay = requirePayCurrency(ctx, p, input.c_id);
  if (phaseOf(p, now) !== 'subscription') throw conflict('launch.not_open');
  if (amount.isLessThan(p.min)) throw badRequest('launch.below_minimum', { field: 'amount' });
  if (amount.isGreaterThan(p.max)) throw badRequest('launch.above_maximum', { field: 'amount' });
  if (!AMOUNT.test(input.buymoney) || !new Decimal(input.buymoney).isGreaterThan(0))
    throw badRequest('validation.failed', { field: 'buymoney' });
  // The server's own price is charged; the client's `buymoney` (the price it showed) is only
  // checked against it: any difference is refused (the client fetches the price again).
  const buymoney = priceIn(ctx, p, pay.id);
  if (!new Decimal(input.buymoney).isEqualTo(buymoney)) throw conflict('launch.price_changed');
  const payAmount = buymoney.times(amount).decimalPlaces(8, Decimal.ROUND_DOWN);
  if (!payAmount.isGreaterThan(0)) throw badRequest('launch.amount_invalid', { field: 'amount' });
  const end = now + p.lock_days * DAY_MS;

  return ctx.db
    .transaction(() => {
      const fresh = project(ctx);
      const left = new Decimal(fresh.total).minus(fresh.sold);
      if (amount.isGreaterThan(left)) throw conflict('launch.sold_out');
      ctx.db
        .prepare('UPDATE launch_projects SET sold = ? WHERE id = ?')
        .run(new Decimal(fresh.sold).plus(amount).toFixed(), fresh.id);
      const info = ctx.db
        .prepare(
          `INSERT INTO launch_subscriptions (user_id, project_id, token_currency_id, pay_currency_id, price, amount, pay_amount, status, created_at, endtime_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`,
        )
        .run(
          userId,
          fresh.id,
          fresh.token_currency_id,
          pay.id,
          buymoney.toFixed(),
          amount.toFixed(),
          payAmount.toFixed(),
          now,
          end,
        );
      const id = Number(info.lastInsertRowid);
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
      postLedger(ctx.db, entries, { now });
      return {
        id,
        amount: amount.toFixed(),
        price: buymoney.toFixed(),
        pay_amount: payAmount.toFixed(),
        currency_name: pay.name,
        endtime_at: isoTime(end),
        status: 1,
      };
    })
    .immediate();
}

const SUB_SELECT = `SELECT s.*, pc.name AS pay_name, tc.name AS token_name FROM launch_subscriptions s
  JOIN currencies pc ON pc.id = s.pay_currency_id JOIN currencies tc ON tc.id = s.token_currency_id`;

export function subscriptions(ctx: Ctx, userId: number, page: number, limit: number) {
  sweepLaunch(ctx, ctx.clock.now());
  const size = Math.min(Math.max(limit, 1), UPLIST_PAGE);
  const rows = ctx.db
    .prepare(`${SUB_SELECT} WHERE s.user_id = ? ORDER BY s.id DESC LIMIT ? OFFSET ?`)
    .all(userId, size, (Math.max(page, 1) - 1) * size) as SubscriptionRow[];
  return rows.map((s) => ({
    id: s.id,
    price: s.price,
    amount: s.amount,
    pay_amount: s.pay_amount,
    currency_name: s.pay_name,
    token_name: s.token_name,
    created_at: isoTime(s.created_at),
    endtime_at: isoTime(s.endtime_at),
    status: s.status,
    status_text: LAUNCH_STATUS_TEXT[s.status] ?? 'unknown',
  }));
}

export function unlock(ctx: Ctx, userId: number, id: number) {
  const now = ctx.clock.now();
  sweepLaunch(ctx, now);
  return ctx.db
    .transaction(() => {
      const s = ctx.db.prepare(`${SUB_SELECT} WHERE s.id = ? AND s.user_id = ?`).get(id, userId) as
        SubscriptionRow | undefined;
      if (!s) throw notFound('launch.order_not_found');
      const changed = ctx.db
        .prepare('UPDATE launch_subscriptions SET status = 3, unlocked_at = ? WHERE id = ? AND status = 2')
        .run(now, id).changes;
      if (changed !== 1) throw conflict('launch.not_unlockable');
      const base = {
        userId,
        walletType: 'change' as const,
        currencyId: s.token_currency_id,
        ref: `launch:${id}`,
      };
      postLedger(
        ctx.db,
        [
          { ...base, field: 'locked', amount: new Decimal(s.amount).negated(), reason: 'launch_unlock' },
          { ...base, amount: s.amount, reason: 'launch_unlock' },
        ],
        { now },
      );
      return { id, status: 3 };
    })
    .immediate();
}

/** Dev tool: the subscription's lock end moves into the past, then the normal sweep runs. */
export function expireLaunch(ctx: Pick<AppContext, 'db' | 'clock'>, id: number) {
  const now = ctx.clock.now();
  const changed = ctx.db
    .prepare('UPDATE launch_subscriptions SET endtime_at = ? WHERE id = ? AND status = 1')
    .run(now - 1, id).changes;
  if (changed !== 1 && !ctx.db.prepare('SELECT 1 FROM launch_subscriptions WHERE id = ?').get(id))
    throw new AppError('not_found', 404);
  sweepLaunch(ctx, now);
  const row = ctx.db.prepare('SELECT status FROM launch_subscriptions WHERE id = ?').get(id) as {
    status: number;
  };
  return { kind: 'launch', id, status: row.status };
}
