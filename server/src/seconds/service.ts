import type { AppContext } from '../context';
import { badRequest, conflict, notFound } from '../core/errors';
import type { Selectable } from 'kysely';
import { findInstrument, type Instrument, INSTRUMENTS, type TapeTrade } from '../market';
import type { DB, Q } from '../db';
import {
  ledgerEntryOf,
  currencyById,
  type Currency,
  Decimal,
  getBalance,
  isoOrNull,
  type LedgerEntryInput,
  pageOf,
  positiveDecimal,
  postLedger,
  trunc,
  userListening,
} from '../kernel';

/** Durations (spec: "N Sec" with the profit rate; only status 1 is offered). */
export const SECONDS_OPTIONS = [
  { seconds: 30, profit_ratio: '80', status: 1 },
  { seconds: 60, profit_ratio: '85', status: 1 },
  { seconds: 120, profit_ratio: '90', status: 1 },
  { seconds: 300, profit_ratio: '95', status: 1 },
  { seconds: 600, profit_ratio: '100', status: 0 },
] as const;

/** Stake currencies of the micro wallet with their suggested amounts and bounds. */
export const PAYABLE_CURRENCIES = [
  { id: 3, numbers: ['10', '50', '100', '500', '1000', '5000'], min: '10', max: '50000' },
  { id: 1, numbers: ['0.001', '0.005', '0.01', '0.05', '0.1'], min: '0.001', max: '5' },
] as const;

/** With a quiet (or closed) tape, an order settles this long after its end on the last trade at or before it. */
export const SETTLE_GRACE_MS = 5000;
const SWEEP_MS = 500;

/** A row of `micro_orders` as every select reads it. */
type OrderRow = Selectable<DB['micro_orders']>;

const RESULTS = ['win', 'loss', 'tie'] as const;
const resultOf = (value: string | null) => RESULTS.find((r) => r === value) ?? null;

export interface MicroOrderView {
  id: number;
  type: 1 | 2;
  status: 1 | 2 | 3;
  match_id: number;
  symbol_name: string;
  currency_id: number;
  currency_name: string;
  number: string;
  seconds: number;
  profit_ratio: string;
  open_price: string;
  end_price: string | null;
  fact_profits: string | null;
  result: 'win' | 'loss' | 'tie' | null;
  created_at: string;
  end_at: string;
  complete_at: string | null;
  remain_milli_seconds: number;
  open_seq: number;
  open_trade_time: string;
  end_seq: number | null;
  end_trade_time: string | null;
}

export interface MicroSubmitInput {
  match_id?: number;
  symbol?: string;
  currency_id?: number;
  type?: number;
  seconds?: number;
  number?: string;
}

/** The outcome of a seconds contract: up wins above the open price, down below; equal ties. */
export function outcome(type: 1 | 2, open: Decimal, end: Decimal): 'win' | 'loss' | 'tie' {
  if (end.isEqualTo(open)) return 'tie';
  return end.isGreaterThan(open) === (type === 1) ? 'win' : 'loss';
}

/** A binary min-heap of (end_at, id) per instrument: the orders still to settle. */
class DueHeap {
  private readonly items: Array<[number, number]> = [];
  get size(): number {
    return this.items.length;
  }
  peek(): [number, number] | undefined {
    return this.items[0];
  }
  push(item: [number, number]): void {
    const a = this.items;
    a.push(item);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      const parent = a[p] as [number, number];
      if (parent[0] <= item[0]) break;
      a[i] = parent;
      i = p;
    }
    a[i] = item;
  }
  pop(): [number, number] | undefined {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (!top || !last || a.length === 0) return top;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= a.length) break;
      const r = l + 1;
      const right = a[r];
      const child = right && right[0] < (a[l] as [number, number])[0] ? r : l;
      const c = a[child] as [number, number];
      if (c[0] >= last[0]) break;
      a[i] = c;
      i = child;
    }
    a[i] = last;
    return top;
  }
}

/** Seconds contracts: open on the tape's last trade, settle on the tape's price at open + seconds. */
export class SecondsEngine {
  private readonly due = new Map<number, DueHeap>();
  private unsubscribe: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** The sweep in progress (one at a time). */
  private sweeping: Promise<number> | undefined;
  /** Settlements in progress (stop waits for them). */
  private readonly running = new Set<Promise<unknown>>();
  private readonly currencies = new Map<number, Currency | undefined>();

  constructor(private readonly ctx: AppContext) {}

  /** Loads the open orders, settles those due while the server was down, starts the sweep. */
  async start(): Promise<void> {
    const { ctx } = this;
    // A new start (this node leads again) reloads everything open.
    this.due.clear();
    const rows = await ctx.store.q
      .selectFrom('micro_orders')
      .select(['id', 'instrument_id', 'end_at'])
      .where('status', '=', 1)
      .execute();
    for (const row of rows) this.heap(row.instrument_id).push([row.end_at, row.id]);
    this.unsubscribe = ctx.prices.onTick((trade) => this.onTick(trade));
    // Orders due while the server was down settle now, from the tape.
    await this.settleDue();
    if (ctx.config.market.feed !== 'manual') {
      this.timer = setInterval(() => {
        this.settleDue().catch((error: unknown) =>
          ctx.log.error({ err: error }, 'seconds settlement failed'),
        );
      }, SWEEP_MS);
      this.timer.unref();
    }
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await Promise.allSettled([...this.running]);
  }

  /** An open contract written by another node: on the due heap (settles once even if listed twice). */
  async watch(id: number): Promise<void> {
    const row = await this.ctx.store.q
      .selectFrom('micro_orders')
      .select(['id', 'instrument_id', 'end_at', 'status'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (row?.status === 1) this.heap(row.instrument_id).push([row.end_at, row.id]);
  }

  private async currency(id: number): Promise<Currency | undefined> {
    if (!this.currencies.has(id)) this.currencies.set(id, await currencyById(this.ctx.store.q, id));
    return this.currencies.get(id);
  }

  /** Currency names of the views to build (cached: currencies never change name). */
  private async loadNames(ids: Iterable<number>): Promise<void> {
    for (const id of new Set(ids)) await this.currency(id);
  }

  private currencyName(id: number): string {
    return this.currencies.get(id)?.name ?? '';
  }

  get openCount(): number {
    let n = 0;
    for (const heap of this.due.values()) n += heap.size;
    return n;
  }

  private heap(instrumentId: number): DueHeap {
    let heap = this.due.get(instrumentId);
    if (!heap) {
      heap = new DueHeap();
      this.due.set(instrumentId, heap);
    }
    return heap;
  }

  // ---- reading ----------------------------------------------------------------------------------

  /** The answer's view of an order (its currency's name must be loaded: `loadNames`). */
  private view(row: OrderRow): MicroOrderView {
    const instrument = findInstrument(row.instrument_id);
    const now = this.ctx.clock.now();
    const status: 1 | 2 | 3 = row.status === 3 ? 3 : now >= row.end_at ? 2 : 1;
    return {
      id: row.id,
      type: row.type === 2 ? 2 : 1,
      status,
      match_id: instrument?.matchId ?? 0,
      symbol_name: instrument?.symbol ?? '',
      currency_id: row.currency_id,
      currency_name: this.currencyName(row.currency_id),
      number: row.number,
      seconds: row.seconds,
      profit_ratio: row.profit_ratio,
      open_price: row.open_price,
      end_price: row.end_price,
      fact_profits: row.fact_profits,
      result: resultOf(row.result),
      created_at: isoOrNull(row.created_at) ?? '',
      end_at: isoOrNull(row.end_at) ?? '',
      complete_at: isoOrNull(row.completed_at),
      remain_milli_seconds: row.status === 3 ? 0 : Math.max(0, row.end_at - now),
      open_seq: row.open_seq,
      open_trade_time: isoOrNull(row.open_trade_time) ?? '',
      end_seq: row.end_seq,
      end_trade_time: isoOrNull(row.end_trade_time),
    };
  }

  async payableCurrencies(userId: number) {
    const { q } = this.ctx.store;
    const answer = [];
    for (const p of PAYABLE_CURRENCIES) {
      const currency = await this.currency(p.id);
      const balance = await getBalance(q, userId, 'micro', p.id);
      const name = currency?.name ?? '';
      answer.push({
        id: p.id,
        name,
        user_wallet: {
          micro_balance: balance.available,
          lock_micro_balance: balance.locked,
          currency_name: name,
        },
        micro_numbers: p.numbers.map((number) => ({ number })),
        min: p.min,
        max: p.max,
      });
    }
    return answer;
  }

  async list(
    userId: number,
    input: { status: 1 | 3; instrumentId?: number; page?: number; limit?: number },
  ): Promise<{ data: MicroOrderView[]; total: number; page: number; limit: number }> {
    const { page, limit, offset } = pageOf(input, 100, 500);
    const { q } = this.ctx.store;
    let where = q.selectFrom('micro_orders').where('user_id', '=', userId).where('status', '=', input.status);
    if (input.instrumentId !== undefined) where = where.where('instrument_id', '=', input.instrumentId);
    const rows = await where.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
    const count = await where.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    await this.loadNames(rows.map((r) => r.currency_id));
    return { data: rows.map((r) => this.view(r)), total: Number(count?.n ?? 0), page, limit };
  }

  private async row(q: Q, id: number): Promise<OrderRow | undefined> {
    return q.selectFrom('micro_orders').selectAll().where('id', '=', id).executeTakeFirst();
  }

  // ---- placing ----------------------------------------------------------------------------------

  private pair(input: MicroSubmitInput): Instrument {
    let instrument: Instrument | undefined;
    if (input.match_id !== undefined) instrument = INSTRUMENTS.find((i) => i.matchId === input.match_id);
    else if (input.symbol !== undefined) instrument = findInstrument(input.symbol);
    if (!instrument) throw notFound('seconds.pair_not_found');
    return instrument;
  }

  async submit(userId: number, input: MicroSubmitInput): Promise<MicroOrderView> {
    const { ctx } = this;
    const type = input.type;
    if (type !== 1 && type !== 2) throw badRequest('seconds.type_invalid', { field: 'type' });
    const option = SECONDS_OPTIONS.find((o) => o.seconds === input.seconds && o.status === 1);
    if (!option) throw badRequest('seconds.seconds_invalid', { field: 'seconds' });
    const payable = PAYABLE_CURRENCIES.find((p) => p.id === (input.currency_id ?? 3));
    const currency = payable ? await this.currency(payable.id) : undefined;
    if (!payable || !currency) throw badRequest('seconds.currency_invalid', { field: 'currency_id' });
    const number = positiveDecimal(input.number, currency.precision);
    if (!number) throw badRequest('seconds.number_invalid', { field: 'number' });
    if (number.isLessThan(payable.min)) throw badRequest('seconds.below_minimum', { field: 'number' });
    if (number.isGreaterThan(payable.max)) throw badRequest('seconds.above_maximum', { field: 'number' });
    const instrument = this.pair(input);
    if (!ctx.prices.inTrade(instrument.id)) throw conflict('trade.market_closed');
    const last = ctx.prices.lastTrade(instrument.id);
    if (!last) throw conflict('seconds.no_market_price');
    const now = ctx.clock.now();
    const endAt = now + option.seconds * 1000;
    const row = await ctx.store.tx(async (q) => {
      const inserted = await q
        .insertInto('micro_orders')
        .values({
          user_id: userId,
          instrument_id: instrument.id,
          type,
          status: 1,
          currency_id: currency.id,
          number: number.toFixed(),
          seconds: option.seconds,
          profit_ratio: option.profit_ratio,
          open_price: last.price,
          open_seq: last.seq,
          open_trade_time: last.time,
          created_at: now,
          end_at: endAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await postLedger(
        q,
        [
          {
            userId,
            walletType: 'micro',
            currencyId: currency.id,
            amount: number.negated(),
            reason: 'seconds_stake',
            ref: `seconds:${inserted.id}`,
          },
        ],
        { now },
      );
      return (await this.row(q, inserted.id)) as OrderRow;
    });
    this.heap(instrument.id).push([endAt, row.id]);
    return this.view(row);
  }

  // ---- settlement -------------------------------------------------------------------------------

  /** A trade after an order's end time means the tape has passed it: its price is final. */
  private onTick(trade: TapeTrade): Promise<void> | undefined {
    const heap = this.due.get(trade.instrumentId);
    const top = heap?.peek();
    if (!heap || !top || top[0] >= trade.time) return undefined;
    const due: Array<[number, number]> = [];
    for (let next = heap.peek(); next && next[0] < trade.time; next = heap.peek()) {
      heap.pop();
      due.push(next);
    }
    return this.settle(trade.instrumentId, due).then(() => undefined);
  }

  /**
   * Settles what is due: orders whose end the tape has passed, and (quiet or closed tapes) orders
   * ended more than SETTLE_GRACE_MS ago. Returns the number settled. One sweep at a time.
   */
  settleDue(): Promise<number> {
    this.sweeping ??= this.sweep().finally(() => {
      this.sweeping = undefined;
    });
    return this.sweeping;
  }

  private async sweep(): Promise<number> {
    const now = this.ctx.clock.now();
    let count = 0;
    for (const [instrumentId, heap] of this.due) {
      const lastTime = this.ctx.prices.lastTrade(instrumentId)?.time ?? -Infinity;
      const due: Array<[number, number]> = [];
      for (let next = heap.peek(); next; next = heap.peek()) {
        const [endAt] = next;
        if (!(endAt < lastTime || endAt + SETTLE_GRACE_MS <= now)) break;
        heap.pop();
        due.push(next);
      }
      if (due.length > 0) count += await this.settle(instrumentId, due);
    }
    return count;
  }

  /**
   * Settles orders taken off the due heap, in one transaction. Each settles exactly once, even
   * with several writers: the row moves from status 1 to 3 only where it is still 1, and the
   * payout is posted only by the writer that moved it. On failure the orders go back on the heap.
   */
  private settle(instrumentId: number, due: ReadonlyArray<[number, number]>): Promise<number> {
    const run = this.settleNow(due).catch((error: unknown) => {
      this.ctx.log.error({ err: error }, 'seconds settlement failed');
      const heap = this.heap(instrumentId);
      for (const item of due) heap.push(item);
      return 0;
    });
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
    return run;
  }

  private async settleNow(due: ReadonlyArray<[number, number]>): Promise<number> {
    const { ctx } = this;
    const { q } = ctx.store;
    // Read before the transaction: the rows (skipping those already settled) and the tape's
    // price at each end (the tape up to a passed end time never changes).
    const plans: Array<{ row: OrderRow; end: { seq: number; time: number; price: string } }> = [];
    for (const [, id] of due) {
      const row = await this.row(q, id);
      if (!row || row.status !== 1) continue;
      const point = await ctx.prices.priceAt(row.instrument_id, row.end_at);
      // Before the tape (impossible after an open on it): settle on the open trade itself.
      const end = point ?? { seq: row.open_seq, time: row.open_trade_time, price: row.open_price };
      await this.currency(row.currency_id);
      plans.push({ row, end });
    }
    if (plans.length === 0) return 0;
    const now = ctx.clock.now();
    const settled = await ctx.store.tx(async (tx) => {
      const done: OrderRow[] = [];
      for (const { row, end } of plans) {
        const number = new Decimal(row.number);
        const type = row.type === 2 ? 2 : 1;
        const result = outcome(type, new Decimal(row.open_price), new Decimal(end.price));
        const precision = this.currencies.get(row.currency_id)?.precision ?? 8;
        const profit =
          result === 'win'
            ? trunc(number.times(row.profit_ratio).div(100), precision)
            : result === 'loss'
              ? number.negated()
              : new Decimal(0);
        const updated = await tx
          .updateTable('micro_orders')
          .set({
            status: 3,
            end_price: end.price,
            end_seq: end.seq,
            end_trade_time: end.time,
            fact_profits: profit.toFixed(),
            result,
            completed_at: now,
          })
          .where('id', '=', row.id)
          .where('status', '=', 1)
          .returningAll()
          .executeTakeFirst();
        // Another writer settled it first.
        if (!updated) continue;
        const entry = ledgerEntryOf({
          userId: row.user_id,
          walletType: 'micro',
          currencyId: row.currency_id,
          ref: `seconds:${row.id}`,
        });
        const entries: LedgerEntryInput[] = [];
        if (result === 'win') entries.push(entry({ amount: number.plus(profit), reason: 'seconds_payout' }));
        else if (result === 'tie') entries.push(entry({ amount: number, reason: 'seconds_refund' }));
        if (entries.length > 0) await postLedger(tx, entries, { now });
        done.push(updated);
      }
      return done;
    });
    for (const row of settled) {
      if (userListening(ctx, row.user_id, 'closed_microorder'))
        ctx.hub.publishToUser(row.user_id, 'closed_microorder', this.view(row));
    }
    return settled.length;
  }
}
