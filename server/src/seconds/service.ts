import type { AppContext } from '../context';
import { badRequest, conflict, notFound } from '../core/errors';
import type { Instrument } from '../market/instruments';
import { findInstrument, INSTRUMENTS } from '../market/instruments';
import type { TapeTrade } from '../market/tape';
import { findCurrency } from '../wallet/currencies';
import { Decimal } from '../wallet/ledger';
import { getBalanceSync as getBalance, postLedgerSync as postLedger } from '../wallet/ledger-sync';
import { isoOrNull, pageOf, positiveDecimal, trunc, userListening, statementCache } from '../lever/common';

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

interface OrderRow {
  id: number;
  user_id: number;
  instrument_id: number;
  type: 1 | 2;
  status: 1 | 3;
  currency_id: number;
  number: string;
  seconds: number;
  profit_ratio: string;
  open_price: string;
  open_seq: number;
  open_trade_time: number;
  created_at: number;
  end_at: number;
  end_price: string | null;
  end_seq: number | null;
  end_trade_time: number | null;
  fact_profits: string | null;
  result: 'win' | 'loss' | 'tie' | null;
  completed_at: number | null;
}

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
  private readonly unsubscribe: () => void;
  private timer: NodeJS.Timeout | undefined;

  private readonly sql: ReturnType<typeof statementCache>;

  constructor(private readonly ctx: AppContext) {
    this.sql = statementCache(ctx.db);
    const rows = this.sql(
      'SELECT id, instrument_id, end_at FROM micro_orders WHERE status = 1',
    ).all() as Array<Pick<OrderRow, 'id' | 'instrument_id' | 'end_at'>>;
    for (const row of rows) this.heap(row.instrument_id).push([row.end_at, row.id]);
    this.unsubscribe = ctx.market.onTick((trade) => this.onTick(trade));
    // Orders due while the server was down settle now, from the tape.
    this.settleDue();
    if (ctx.config.market.feed !== 'manual') {
      this.timer = setInterval(() => {
        try {
          this.settleDue();
        } catch (error) {
          ctx.log.error({ err: error }, 'seconds settlement failed');
        }
      }, SWEEP_MS);
      this.timer.unref();
    }
  }

  stop(): void {
    this.unsubscribe();
    if (this.timer) clearInterval(this.timer);
  }

  private readonly names = new Map<number, string>();

  private currencyName(id: number): string {
    let name = this.names.get(id);
    if (name === undefined) {
      name = findCurrency(this.ctx.db, id)?.name ?? '';
      this.names.set(id, name);
    }
    return name;
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

  view(row: OrderRow): MicroOrderView {
    const instrument = findInstrument(row.instrument_id);
    const now = this.ctx.clock.now();
    const status: 1 | 2 | 3 = row.status === 3 ? 3 : now >= row.end_at ? 2 : 1;
    return {
      id: row.id,
      type: row.type,
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
      result: row.result,
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

  payableCurrencies(userId: number) {
    return PAYABLE_CURRENCIES.map((p) => {
      const currency = findCurrency(this.ctx.db, p.id);
      const balance = getBalance(this.ctx.db, userId, 'micro', p.id);
      const name = currency?.name ?? '';
      return {
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
      };
    });
  }

  list(
    userId: number,
    input: { status: 1 | 3; instrumentId?: number; page?: number; limit?: number },
  ): { data: MicroOrderView[]; total: number; page: number; limit: number } {
    const { page, limit, offset } = pageOf(input, 100, 500);
    const where = ['user_id = ?', 'status = ?'];
    const args: number[] = [userId, input.status];
    if (input.instrumentId !== undefined) {
      where.push('instrument_id = ?');
      args.push(input.instrumentId);
    }
    const rows = this.sql(
      `SELECT * FROM micro_orders WHERE ${where.join(' AND ')} ORDER BY id DESC LIMIT ? OFFSET ?`,
    ).all(...args, limit, offset) as OrderRow[];
    const { n } = this.sql(`SELECT COUNT(*) AS n FROM micro_orders WHERE ${where.join(' AND ')}`).get(
      ...args,
    ) as { n: number };
    return { data: rows.map((r) => this.view(r)), total: n, page, limit };
  }

  private row(id: number): OrderRow | undefined {
    return this.sql('SELECT * FROM micro_orders WHERE id = ?').get(id) as OrderRow | undefined;
  }

  // ---- placing ----------------------------------------------------------------------------------

  private pair(input: MicroSubmitInput): Instrument {
    let instrument: Instrument | undefined;
    if (input.match_id !== undefined) instrument = INSTRUMENTS.find((i) => i.matchId === input.match_id);
    else if (input.symbol !== undefined) instrument = findInstrument(input.symbol);
    if (!instrument) throw notFound('seconds.pair_not_found');
    return instrument;
  }

  submit(userId: number, input: MicroSubmitInput): MicroOrderView {
    const { ctx } = this;
    const type = input.type;
    if (type !== 1 && type !== 2) throw badRequest('seconds.type_invalid', { field: 'type' });
    const option = SECONDS_OPTIONS.find((o) => o.seconds === input.seconds && o.status === 1);
    if (!option) throw badRequest('seconds.seconds_invalid', { field: 'seconds' });
    const payable = PAYABLE_CURRENCIES.find((p) => p.id === (input.currency_id ?? 3));
    const currency = payable ? findCurrency(ctx.db, payable.id) : undefined;
    if (!payable || !currency) throw badRequest('seconds.currency_invalid', { field: 'currency_id' });
    const number = positiveDecimal(input.number, currency.precision);
    if (!number) throw badRequest('seconds.number_invalid', { field: 'number' });
    if (number.isLessThan(payable.min)) throw badRequest('seconds.below_minimum', { field: 'number' });
    if (number.isGreaterThan(payable.max)) throw badRequest('seconds.above_maximum', { field: 'number' });
    const instrument = this.pair(input);
    if (!ctx.market.inTrade(instrument.id)) throw conflict('trade.market_closed');
    const last = ctx.market.lastTrade(instrument.id);
    if (!last) throw conflict('seconds.no_market_price');
    const now = ctx.clock.now();
    const endAt = now + option.seconds * 1000;
    const id = ctx.db
      .transaction(() => {
        const info = this.sql(
          `INSERT INTO micro_orders (user_id, instrument_id, type, status, currency_id, number, seconds, profit_ratio,
               open_price, open_seq, open_trade_time, created_at, end_at)
             VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(
          userId,
          instrument.id,
          type,
          currency.id,
          number.toFixed(),
          option.seconds,
          option.profit_ratio,
          last.price,
          last.seq,
          last.time,
          now,
          endAt,
        );
        const orderId = Number(info.lastInsertRowid);
        postLedger(
          ctx.db,
          [
            {
              userId,
              walletType: 'micro',
              currencyId: currency.id,
              amount: number.negated(),
              reason: 'seconds_stake',
              ref: `seconds:${orderId}`,
            },
          ],
          { now },
        );
        return orderId;
      })
      .immediate();
    this.heap(instrument.id).push([endAt, id]);
    return this.view(this.row(id) as OrderRow);
  }

  // ---- settlement -------------------------------------------------------------------------------

  /** A trade after an order's end time means the tape has passed it: its price is final. */
  private onTick(trade: TapeTrade): void {
    const heap = this.due.get(trade.instrumentId);
    const top = heap?.peek();
    if (!heap || !top || top[0] >= trade.time) return;
    const ids: number[] = [];
    for (let next = heap.peek(); next && next[0] < trade.time; next = heap.peek()) {
      heap.pop();
      ids.push(next[1]);
    }
    this.settle(ids);
  }

  /**
   * Settles what is due: orders whose end the tape has passed, and (quiet or closed tapes) orders
   * ended more than SETTLE_GRACE_MS ago. Returns the number settled.
   */
  settleDue(): number {
    const now = this.ctx.clock.now();
    let count = 0;
    for (const [instrumentId, heap] of this.due) {
      const lastTime = this.ctx.market.lastTrade(instrumentId)?.time ?? -Infinity;
      const ids: number[] = [];
      for (let next = heap.peek(); next; next = heap.peek()) {
        const [endAt] = next;
        if (!(endAt < lastTime || endAt + SETTLE_GRACE_MS <= now)) break;
        heap.pop();
        ids.push(next[1]);
      }
      if (ids.length > 0) count += this.settle(ids);
    }
    return count;
  }

  private settle(ids: readonly number[]): number {
    const { ctx } = this;
    const now = ctx.clock.now();
    const settled: OrderRow[] = [];
    ctx.db
      .transaction(() => {
        for (const id of ids) {
          const row = this.row(id);
          if (!row || row.status !== 1) continue;
          const point = ctx.market.priceAt(row.instrument_id, row.end_at);
          // Before the tape (impossible after an open on it): settle on the open trade itself.
          const end = point ?? { seq: row.open_seq, time: row.open_trade_time, price: row.open_price };
          const number = new Decimal(row.number);
          const result = outcome(row.type, new Decimal(row.open_price), new Decimal(end.price));
          const currency = findCurrency(ctx.db, row.currency_id);
          const profit =
            result === 'win'
              ? trunc(number.times(row.profit_ratio).div(100), currency?.precision ?? 8)
              : result === 'loss'
                ? number.negated()
                : new Decimal(0);
          const base = {
            userId: row.user_id,
            walletType: 'micro' as const,
            currencyId: row.currency_id,
            ref: `seconds:${id}`,
          };
          if (result === 'win')
            postLedger(ctx.db, [{ ...base, amount: number.plus(profit), reason: 'seconds_payout' }], { now });
          else if (result === 'tie')
            postLedger(ctx.db, [{ ...base, amount: number, reason: 'seconds_refund' }], { now });
          this.sql(
            `UPDATE micro_orders SET status = 3, end_price = ?, end_seq = ?, end_trade_time = ?, fact_profits = ?,
                 result = ?, completed_at = ? WHERE id = ?`,
          ).run(end.price, end.seq, end.time, profit.toFixed(), result, now, id);
          settled.push(this.row(id) as OrderRow);
        }
      })
      .immediate();
    for (const row of settled) {
      if (userListening(ctx, row.user_id, 'closed_microorder'))
        ctx.hub.publishToUser(row.user_id, 'closed_microorder', this.view(row));
    }
    return settled.length;
  }
}
