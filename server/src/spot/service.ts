import type { AppContext } from '../context';
import { AppError, badRequest, conflict, notFound } from '../core/errors';
import type { Instrument } from '../market/instruments';
import type { TapeTrade } from '../market/tape';
import { findCurrency, USDT_ID, type Currency } from '../wallet/currencies';
import { Decimal, type LedgerEntryInput } from '../wallet/ledger';
import { getBalanceSync as getBalance, postLedgerSync as postLedger } from '../wallet/ledger-sync';
import {
  ceil,
  isoOrNull,
  pageOf,
  PLACES,
  positiveDecimal,
  ticksOf,
  trunc,
  statementCache,
} from '../lever/common';
import { TapeCursor } from '../lever/cursor';
import { TriggerBooks, type TriggerEntry } from '../lever/triggers';

/** Fee in percent of what the user receives (coin on a buy, USDT on a sell). */
export const SPOT_FEE_PERCENT = '0.1';
const FEE_RATE = new Decimal(SPOT_FEE_PERCENT).div(100);

export type Side = 'in' | 'out';

export interface SpotPair {
  instrument: Instrument;
  coin: Currency;
  legal: Currency;
}

interface OrderRow {
  id: number;
  user_id: number;
  side: Side;
  mode: 1 | 2;
  status: 0 | 1 | 2;
  instrument_id: number;
  currency_id: number;
  legal_id: number;
  price: string;
  number: string;
  total: string;
  fee: string;
  fee_currency_id: number;
  locked: string;
  created_at: number;
  completed_at: number | null;
  fill_seq: number | null;
  fill_time: number | null;
}

export interface SpotOrderView {
  id: number;
  type: Side;
  way: 1 | 2;
  direction: 'buy' | 'sell';
  mode: 1 | 2;
  status: 0 | 1 | 2;
  currency_id: number;
  legal_id: number;
  currency_name: string;
  legal_name: string;
  symbol: string;
  price: string;
  number: string;
  total: string;
  fee: string;
  fee_currency: string;
  locked: string;
  create_time: string;
  complete_time: string | null;
  time: string;
  fill_seq: number | null;
  fill_time: string | null;
}

export interface SpotOrderInput {
  legal_id?: number;
  currency_id: number;
  price?: string;
  num?: string;
  mode?: number;
  trade_type?: number;
}

/** The spot pair of a currency id: a crypto instrument whose coin is a wallet currency. */
export function spotPair(ctx: AppContext, currencyId: number, legalId?: number): SpotPair {
  const instrument = ctx.market.instrument(currencyId);
  if (!instrument || instrument.kind !== 'crypto' || instrument.id !== currencyId)
    throw notFound('spot.pair_not_found');
  if (legalId !== undefined && legalId !== instrument.legalId) throw notFound('spot.pair_not_found');
  const coin = findCurrency(ctx.db, instrument.id);
  const legal = findCurrency(ctx.db, USDT_ID);
  if (!coin || !legal) throw notFound('spot.pair_not_found');
  return { instrument, coin, legal };
}

const ref = (id: number) => `spot:${id}`;

/** Spot orders: placement, revoke, lists, and limit fills on the tape (in-memory trigger heaps). */
export class SpotEngine {
  private readonly books = new TriggerBooks<number>();
  private readonly handles = new Map<number, { instrumentId: number; entry: TriggerEntry<number> }>();
  private readonly unsubscribe: () => void;
  private readonly names = new Map<number, string>();

  private readonly sql: ReturnType<typeof statementCache>;
  private readonly cursor: TapeCursor;

  constructor(private readonly ctx: AppContext) {
    this.sql = statementCache(ctx.db);
    this.cursor = new TapeCursor(ctx.db, 'spot');
    const rows = this.sql(
      'SELECT id, side, instrument_id, price FROM spot_orders WHERE status = 0',
    ).all() as Array<Pick<OrderRow, 'id' | 'side' | 'instrument_id' | 'price'>>;
    for (const row of rows) {
      const instrument = ctx.market.instrument(row.instrument_id);
      if (instrument) this.index(row.id, row.side, instrument, row.price);
    }
    // Trades recorded after the last one this engine saw (e.g. back-filled downtime) fill what they cross.
    for (const instrumentId of new Set(rows.map((r) => r.instrument_id))) {
      for (const trade of this.cursor.after(instrumentId)) this.onTick(trade);
    }
    this.unsubscribe = ctx.market.onTick((trade) => this.onTick(trade));
  }

  stop(): void {
    this.unsubscribe();
    for (const { instrumentId } of this.handles.values()) {
      const last = this.ctx.market.lastTrade(instrumentId);
      if (last) this.cursor.set(instrumentId, last.seq);
    }
  }

  /** Pending limit orders in memory (tests, bench). */
  get pendingCount(): number {
    return this.handles.size;
  }

  private index(id: number, side: Side, instrument: Instrument, price: string): void {
    const key = ticksOf(price, instrument.precision);
    // A buy fills when a trade prints at or below its price, a sell at or above.
    const entry = this.books.of(instrument.id).add(side === 'in' ? 'below' : 'above', key, id);
    this.handles.set(id, { instrumentId: instrument.id, entry });
  }

  private currencyName(id: number): string {
    let name = this.names.get(id);
    if (name === undefined) {
      name = findCurrency(this.ctx.db, id)?.name ?? String(id);
      this.names.set(id, name);
    }
    return name;
  }

  view(row: OrderRow): SpotOrderView {
    const instrument = this.ctx.market.instrument(row.instrument_id);
    return {
      id: row.id,
      type: row.side,
      way: row.side === 'out' ? 1 : 2,
      direction: row.side === 'out' ? 'sell' : 'buy',
      mode: row.mode,
      status: row.status,
      currency_id: row.currency_id,
      legal_id: row.legal_id,
      currency_name: this.currencyName(row.currency_id),
      legal_name: this.currencyName(row.legal_id),
      symbol: instrument?.symbol ?? '',
      price: row.price,
      number: row.number,
      total: row.total,
      fee: row.fee,
      fee_currency: this.currencyName(row.fee_currency_id),
      locked: row.locked,
      create_time: isoOrNull(row.created_at) ?? '',
      complete_time: isoOrNull(row.completed_at),
      time: isoOrNull(row.completed_at ?? row.created_at) ?? '',
      fill_seq: row.fill_seq,
      fill_time: isoOrNull(row.fill_time),
    };
  }

  private row(id: number): OrderRow | undefined {
    return this.sql('SELECT * FROM spot_orders WHERE id = ?').get(id) as OrderRow | undefined;
  }

  place(userId: number, side: Side, input: SpotOrderInput): SpotOrderView {
    const { ctx } = this;
    if (input.trade_type !== undefined && input.trade_type !== 1) throw notFound('spot.pair_not_found');
    const mode = input.mode ?? 1;
    if (mode !== 1 && mode !== 2) throw badRequest('spot.mode_invalid', { field: 'mode' });
    const pair = spotPair(ctx, input.currency_id, input.legal_id);
    const { instrument, coin, legal } = pair;
    const num = positiveDecimal(input.num, coin.precision);
    if (!num) throw badRequest('spot.number_invalid', { field: 'num' });
    const last = ctx.market.lastTrade(instrument.id);
    if (!last) throw new AppError('spot.no_market_price', 409);
    const now = ctx.clock.now();
    const base = { userId, walletType: 'change' as const };

    if (mode === 1) {
      const book = ctx.market.depth(instrument.id);
      const levels = side === 'in' ? book.asks : book.bids;
      let remaining = num;
      let cost = new Decimal(0);
      for (const [p, q] of levels) {
        if (remaining.isZero()) break;
        const take = Decimal.min(remaining, new Decimal(q));
        cost = cost.plus(take.times(p));
        remaining = remaining.minus(take);
      }
      if (!remaining.isZero()) throw badRequest('spot.depth_insufficient', { field: 'num' });
      const avg = trunc(cost.div(num), PLACES);
      const total = side === 'in' ? ceil(cost) : trunc(cost);
      const fee = side === 'in' ? trunc(num.times(FEE_RATE), coin.precision) : trunc(total.times(FEE_RATE));
      return ctx.db
        .transaction(() => {
          const id = this.insert({
            userId,
            side,
            mode: 1,
            status: 1,
            pair,
            price: avg.toFixed(),
            number: num.toFixed(),
            total: total.toFixed(),
            fee: fee.toFixed(),
            feeCurrency: side === 'in' ? coin.id : legal.id,
            locked: '0',
            now,
            completedAt: now,
          });
          const entries: LedgerEntryInput[] =
            side === 'in'
              ? [
                  {
                    ...base,
                    currencyId: legal.id,
                    amount: total.negated(),
                    reason: 'spot_pay',
                    ref: ref(id),
                  },
                  { ...base, currencyId: coin.id, amount: num, reason: 'spot_buy', ref: ref(id) },
                ]
              : [
                  { ...base, currencyId: coin.id, amount: num.negated(), reason: 'spot_pay', ref: ref(id) },
                  { ...base, currencyId: legal.id, amount: total, reason: 'spot_sell', ref: ref(id) },
                ];
          if (fee.isGreaterThan(0)) {
            entries.push({
              ...base,
              currencyId: side === 'in' ? coin.id : legal.id,
              amount: fee.negated(),
              reason: 'fee_deduction',
              ref: ref(id),
            });
          }
          postLedger(ctx.db, entries, { now });
          return this.view(this.row(id) as OrderRow);
        })
        .immediate();
    }

    const price = positiveDecimal(input.price, instrument.precision);
    if (!price) throw badRequest('spot.price_invalid', { field: 'price' });
    const lastPrice = new Decimal(last.price);
    if (side === 'in' ? price.isGreaterThan(lastPrice) : price.isLessThan(lastPrice))
      throw badRequest('spot.limit_price_side', { field: 'price' });
    const lockCurrency = side === 'in' ? legal.id : coin.id;
    const lock = side === 'in' ? ceil(price.times(num)) : num;
    const view = ctx.db
      .transaction(() => {
        const id = this.insert({
          userId,
          side,
          mode: 2,
          status: 0,
          pair,
          price: price.toFixed(),
          number: num.toFixed(),
          total: '0',
          fee: '0',
          feeCurrency: side === 'in' ? coin.id : legal.id,
          locked: lock.toFixed(),
          now,
          completedAt: null,
        });
        this.cursor.set(instrument.id, last.seq);
        postLedger(
          ctx.db,
          [
            {
              ...base,
              currencyId: lockCurrency,
              amount: lock.negated(),
              reason: 'spot_order_lock',
              ref: ref(id),
            },
            {
              ...base,
              currencyId: lockCurrency,
              field: 'locked',
              amount: lock,
              reason: 'spot_order_lock',
              ref: ref(id),
            },
          ],
          { now },
        );
        return this.view(this.row(id) as OrderRow);
      })
      .immediate();
    this.index(view.id, side, instrument, view.price);
    return view;
  }

  private insert(o: {
    userId: number;
    side: Side;
    mode: 1 | 2;
    status: 0 | 1;
    pair: SpotPair;
    price: string;
    number: string;
    total: string;
    fee: string;
    feeCurrency: number;
    locked: string;
    now: number;
    completedAt: number | null;
  }): number {
    const info = this.sql(
      `INSERT INTO spot_orders (user_id, side, mode, status, instrument_id, currency_id, legal_id, price, number,
           total, fee, fee_currency_id, locked, created_at, completed_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      o.userId,
      o.side,
      o.mode,
      o.status,
      o.pair.instrument.id,
      o.pair.coin.id,
      o.pair.legal.id,
      o.price,
      o.number,
      o.total,
      o.fee,
      o.feeCurrency,
      o.locked,
      o.now,
      o.completedAt,
    );
    return Number(info.lastInsertRowid);
  }

  revoke(userId: number, id: number, side: Side): void {
    const { ctx } = this;
    const now = ctx.clock.now();
    ctx.db
      .transaction(() => {
        const row = this.row(id);
        if (!row || row.user_id !== userId || row.side !== side) throw notFound('spot.order_not_found');
        if (row.status !== 0) throw conflict('spot.order_not_pending');
        const currencyId = row.side === 'in' ? row.legal_id : row.currency_id;
        const base = {
          userId,
          walletType: 'change' as const,
          currencyId,
          reason: 'spot_order_release',
          ref: ref(id),
        };
        postLedger(
          ctx.db,
          [
            { ...base, field: 'locked', amount: new Decimal(row.locked).negated() },
            { ...base, amount: row.locked },
          ],
          { now },
        );
        this.sql('UPDATE spot_orders SET status = 2, completed_at = ? WHERE id = ?').run(now, id);
      })
      .immediate();
    const handle = this.handles.get(id);
    if (handle) {
      this.books.get(handle.instrumentId)?.remove(handle.entry);
      this.handles.delete(id);
    }
  }

  /** Fills the limit orders a tape trade crosses: each at its own price, all in one transaction. */
  private onTick(trade: TapeTrade): void {
    const book = this.books.get(trade.instrumentId);
    if (!book || book.size === 0) return;
    const instrument = this.ctx.market.instrument(trade.instrumentId);
    if (!instrument) return;
    const ids = book.fire(ticksOf(trade.price, instrument.precision));
    if (ids.length === 0) return;
    for (const id of ids) this.handles.delete(id);
    this.ctx.db
      .transaction(() => {
        this.cursor.set(trade.instrumentId, trade.seq);
        for (const id of ids) {
          // Each order in its own savepoint; a failed fill stays pending with its trigger back.
          try {
            this.ctx.db.transaction(() => this.fill(id, trade))();
          } catch (error) {
            this.ctx.log.error({ err: error, order: id }, 'spot fill failed');
            const row = this.row(id);
            if (row?.status === 0) this.index(row.id, row.side, instrument, row.price);
          }
        }
      })
      .immediate();
  }

  private fill(id: number, trade: TapeTrade): void {
    const { ctx } = this;
    const row = this.row(id);
    if (!row || row.status !== 0) return;
    const coin = findCurrency(ctx.db, row.currency_id);
    if (!coin) return;
    const now = ctx.clock.now();
    const num = new Decimal(row.number);
    const locked = new Decimal(row.locked);
    const base = { userId: row.user_id, walletType: 'change' as const, ref: ref(id) };
    let total: Decimal;
    let fee: Decimal;
    const entries: LedgerEntryInput[] = [];
    if (row.side === 'in') {
      total = locked;
      fee = trunc(num.times(FEE_RATE), coin.precision);
      entries.push(
        { ...base, currencyId: row.legal_id, field: 'locked', amount: locked.negated(), reason: 'spot_pay' },
        { ...base, currencyId: row.currency_id, amount: num, reason: 'spot_buy' },
      );
      if (fee.isGreaterThan(0))
        entries.push({
          ...base,
          currencyId: row.currency_id,
          amount: fee.negated(),
          reason: 'fee_deduction',
        });
    } else {
      total = trunc(num.times(row.price));
      fee = trunc(total.times(FEE_RATE));
      entries.push(
        { ...base, currencyId: row.currency_id, field: 'locked', amount: num.negated(), reason: 'spot_pay' },
        { ...base, currencyId: row.legal_id, amount: total, reason: 'spot_sell' },
      );
      if (fee.isGreaterThan(0))
        entries.push({ ...base, currencyId: row.legal_id, amount: fee.negated(), reason: 'fee_deduction' });
    }
    postLedger(ctx.db, entries, { now });
    this.sql(
      'UPDATE spot_orders SET status = 1, total = ?, fee = ?, completed_at = ?, fill_seq = ?, fill_time = ? WHERE id = ?',
    ).run(total.toFixed(), fee.toFixed(), now, trade.seq, trade.time, id);
  }

  list(
    userId: number,
    filter: { status: 0 | 1; side?: Side; currencyId?: number; page?: number; limit?: number },
  ): { list: SpotOrderView[]; page: number; limit: number; total: number } {
    const { page, limit, offset } = pageOf(filter, 100, 100);
    const where = ['user_id = ?', 'status = ?'];
    const args: Array<string | number> = [userId, filter.status];
    if (filter.side) {
      where.push('side = ?');
      args.push(filter.side);
    }
    if (filter.currencyId !== undefined) {
      where.push('currency_id = ?');
      args.push(filter.currencyId);
    }
    const order = filter.status === 1 ? 'completed_at DESC, id DESC' : 'id DESC';
    const rows = this.sql(
      `SELECT * FROM spot_orders WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT ? OFFSET ?`,
    ).all(...args, limit, offset) as OrderRow[];
    const { n } = this.sql(`SELECT COUNT(*) AS n FROM spot_orders WHERE ${where.join(' AND ')}`).get(
      ...args,
    ) as { n: number };
    return { list: rows.map((r) => this.view(r)), page, limit, total: n };
  }

  deal(userId: number, currencyId: number, legalId?: number) {
    const { ctx } = this;
    const { instrument, coin, legal } = spotPair(ctx, currencyId, legalId);
    const coinBalance = getBalance(ctx.db, userId, 'change', coin.id);
    const legalBalance = getBalance(ctx.db, userId, 'change', legal.id);
    const depth = ctx.market.depth(instrument.id);
    const last = ctx.market.lastPrice(instrument.id) ?? '0';
    return {
      user_currency: coinBalance.available,
      user_legal: legalBalance.available,
      lock_currency: coinBalance.locked,
      lock_legal: legalBalance.locked,
      cny_price: last,
      now_price: last,
      currency_id: coin.id,
      legal_id: legal.id,
      currency_name: coin.name,
      legal_name: legal.name,
      symbol: instrument.symbol,
      fee_rate: SPOT_FEE_PERCENT,
      price_decimals: instrument.precision,
      number_decimals: coin.precision,
      in_trade: ctx.market.inTrade(instrument.id) ? (1 as const) : (0 as const),
      depth: { bids: depth.bids, asks: depth.asks },
    };
  }
}
