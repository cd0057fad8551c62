import type { AppContext } from '../context';
import { AppError, badRequest, conflict, notFound } from '../core/errors';
import { forUpdate, type Q } from '../db';
import { compiledQuery, compiledRowsQuery } from '../db/compiled';
import {
  deferInsert,
  deferredId,
  groupCommitOf,
  LaneBatches,
  type DeferredIds,
  type DeferredKind,
  type GroupCommit,
} from '../db/group-commit';
import type { Instrument, TapeTrade } from '../market';
import {
  ledgerEntryOf,
  ceil,
  type Currency,
  USDT_ID,
  currencyById,
  Decimal,
  getBalance,
  isoOrNull,
  type LedgerEntryInput,
  pageOf,
  PLACES,
  positiveDecimal,
  postLedger,
  TapeCursor,
  ticksOf,
  TickGate,
  TriggerBooks,
  type TriggerEntry,
  trunc,
} from '../kernel';

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
  side: string;
  mode: number;
  status: number;
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

const sideOf = (value: string): Side => (value === 'out' ? 'out' : 'in');

export interface SpotOrderInput {
  legal_id?: number;
  currency_id: number;
  price?: string;
  num?: string;
  mode?: number;
  trade_type?: number;
}

/** The spot pair of a currency id: a crypto instrument whose coin is a wallet currency. */
export async function spotPair(ctx: AppContext, currencyId: number, legalId?: number): Promise<SpotPair> {
  const instrument = ctx.prices.instrument(currencyId);
  if (!instrument || instrument.kind !== 'crypto' || instrument.id !== currencyId)
    throw notFound('spot.pair_not_found');
  if (legalId !== undefined && legalId !== instrument.legalId) throw notFound('spot.pair_not_found');
  const coin = await currencyById(ctx.store.q, instrument.id);
  const legal = await currencyById(ctx.store.q, USDT_ID);
  if (!coin || !legal) throw notFound('spot.pair_not_found');
  return { instrument, coin, legal };
}

const ref = (id: number) => `spot:${id}`;

/**
 * A placement never reads back what it wrote (its row and ids stay in memory): its group commit
 * may run its writes on SQLite's write worker (group-commit.ts, store.offload).
 */
const OFFLOAD = { offload: true };

/** The columns a placement writes (its id comes from the database, or deferredId in a group). */
const placedColumns = (v: Omit<OrderRow, 'id' | 'fill_seq' | 'fill_time'>) => ({
  user_id: v.user_id,
  side: v.side,
  mode: v.mode,
  status: v.status,
  instrument_id: v.instrument_id,
  currency_id: v.currency_id,
  legal_id: v.legal_id,
  price: v.price,
  number: v.number,
  total: v.total,
  fee: v.fee,
  fee_currency_id: v.fee_currency_id,
  locked: v.locked,
  created_at: v.created_at,
  completed_at: v.completed_at,
});

/** The placement's insert, compiled once (db/compiled.ts). */
const insertOrder = compiledQuery((q, v: Omit<OrderRow, 'id' | 'fill_seq' | 'fill_time'>) =>
  q.insertInto('spot_orders').values(placedColumns(v)).returningAll(),
);

/** An order row as a placement writes it. */
type NewOrderRow = Omit<OrderRow, 'fill_seq' | 'fill_time'>;

const insertOrderRows = compiledRowsQuery((q, rows: NewOrderRow[]) =>
  q.insertInto('spot_orders').values(rows.map((v) => ({ id: v.id, ...placedColumns(v) }))),
);

/** Most order rows in one deferred insert (16 values a row). */
const ORDER_CHUNK = 128;

/**
 * Inside a SQLite group commit, the placements' rows: inserted at its end in one statement (a
 * chunk), with the ids `deferredId` gave them (spot orders are never deleted: the largest id + 1
 * is the next free one).
 */
const ORDER_ROWS: DeferredKind<NewOrderRow> = {
  async insert(q, rows) {
    for (let start = 0; start < rows.length; start += ORDER_CHUNK) {
      await insertOrderRows(q, rows.slice(start, start + ORDER_CHUNK));
    }
  },
};

const largestOrderId = compiledQuery((q) =>
  q.selectFrom('spot_orders').select((eb) => eb.fn.max('id').as('id')),
);

const ORDER_IDS: DeferredIds = {
  async first(q) {
    const { rows } = await largestOrderId(q, {});
    return Number(rows[0]?.id ?? 0) + 1;
  },
};

/**
 * Spot orders: placement, revoke, lists, and limit fills on the tape (in-memory trigger heaps).
 *
 * Per instrument, the tape's trades and the limit placements go through one lane (a queue): a
 * trade's fills are written before the next trade is looked at, and a limit order is priced
 * against the last trade the engine has handled, so it sees every later trade. Each fill moves
 * its row from pending to filled only where it is still pending, in the transaction that posts
 * its ledger rows, so a fill or a revoke happens exactly once even with several writers.
 */
export class SpotEngine {
  private readonly books = new TriggerBooks<number>();
  private readonly handles = new Map<number, { instrumentId: number; entry: TriggerEntry<number> }>();
  /** The tape side: lanes, the start-up gate, the last trade handled, the cursor. */
  private readonly ticks: TickGate<number>;
  private readonly names = new Map<number, string>();
  private readonly pairs = new Map<number, SpotPair>();
  /** Limit placements queued together for an instrument share one lane job (and one commit). */
  private readonly limitLanes: LaneBatches;
  private readonly group: GroupCommit;

  constructor(private readonly ctx: AppContext) {
    this.ticks = new TickGate({
      engine: 'spot',
      prices: ctx.prices,
      books: this.books,
      process: (trade) => this.process(trade),
    });
    // Joining a running lane job pays on SQLite only (db/group-commit.ts LaneBatches).
    this.limitLanes = new LaneBatches(this.ticks, ctx.store.dialect === 'sqlite');
    this.group = groupCommitOf(ctx.store);
  }

  /** Loads the pending orders and replays the tape after the cursor, then follows the tape. */
  async start(): Promise<void> {
    const { ctx } = this;
    const { q } = ctx.store;
    // A new start (this node leads again) reloads everything open.
    for (const id of [...this.handles.keys()]) this.unindex(id);
    // Trades from now on queue behind the start-up (the gate), none is missed.
    this.ticks.follow();
    try {
      const rows = await q
        .selectFrom('spot_orders')
        .select(['id', 'side', 'instrument_id', 'price'])
        .where('status', '=', 0)
        .execute();
      for (const row of rows) {
        const instrument = ctx.prices.instrument(row.instrument_id);
        if (instrument) this.index(row.id, sideOf(row.side), instrument, row.price);
      }
      // Trades recorded after the last one this engine saw (e.g. back-filled downtime) fill what they cross.
      await this.ticks.replay(
        q,
        rows.map((r) => r.instrument_id),
      );
    } finally {
      this.ticks.open();
    }
  }

  async stop(): Promise<void> {
    await this.ticks.close();
    const instrumentIds = [...this.handles.values()].map((h) => h.instrumentId);
    await this.ticks.saveCursors(this.ctx.store.q, instrumentIds);
  }

  /** A pending order written by another node: indexed (once) if it is still pending. */
  async watch(id: number): Promise<void> {
    const row = await this.row(this.ctx.store.q, id);
    const instrument = row ? this.ctx.prices.instrument(row.instrument_id) : undefined;
    if (!row || !instrument || row.status !== 0 || this.handles.has(id)) return;
    this.index(row.id, sideOf(row.side), instrument, row.price);
  }

  /** Resolves once every trade and placement queued so far is handled (tests, bench). */
  idle(): Promise<void> {
    return this.ticks.idle();
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

  private unindex(id: number): void {
    const handle = this.handles.get(id);
    if (!handle) return;
    this.books.get(handle.instrumentId)?.remove(handle.entry);
    this.handles.delete(id);
  }

  /** Currency names of the views to build (cached: currencies never change name). */
  private async loadNames(ids: Iterable<number>): Promise<void> {
    for (const id of new Set(ids)) {
      if (this.names.has(id)) continue;
      this.names.set(id, (await currencyById(this.ctx.store.q, id))?.name ?? String(id));
    }
  }

  private currencyName(id: number): string {
    return this.names.get(id) ?? String(id);
  }

  /** The answer's view of an order (its currencies' names must be loaded: `loadNames`). */
  private view(row: OrderRow): SpotOrderView {
    const instrument = this.ctx.prices.instrument(row.instrument_id);
    const side = sideOf(row.side);
    return {
      id: row.id,
      type: side,
      way: side === 'out' ? 1 : 2,
      direction: side === 'out' ? 'sell' : 'buy',
      mode: row.mode === 2 ? 2 : 1,
      status: row.status === 1 ? 1 : row.status === 2 ? 2 : 0,
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

  private async row(q: Q, id: number): Promise<OrderRow | undefined> {
    return q.selectFrom('spot_orders').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The pair of a currency id (cached: instruments and currencies do not change while running). */
  private async pair(currencyId: number, legalId?: number): Promise<SpotPair> {
    const known = this.pairs.get(currencyId);
    if (known && (legalId === undefined || legalId === known.legal.id)) return known;
    const pair = await spotPair(this.ctx, currencyId, legalId);
    this.pairs.set(currencyId, pair);
    for (const c of [pair.coin, pair.legal]) this.names.set(c.id, c.name);
    return pair;
  }

  /**
   * Places an order. The database work goes through the group commit (orders that arrive
   * together share one transaction, each in its own savepoint); the answer is built after the
   * commit.
   */
  async place(userId: number, side: Side, input: SpotOrderInput): Promise<SpotOrderView> {
    const { ctx } = this;
    if (input.trade_type !== undefined && input.trade_type !== 1) throw notFound('spot.pair_not_found');
    const mode = input.mode ?? 1;
    if (mode !== 1 && mode !== 2) throw badRequest('spot.mode_invalid', { field: 'mode' });
    const pair = await this.pair(input.currency_id, input.legal_id);
    const { instrument, coin, legal } = pair;
    const num = positiveDecimal(input.num, coin.precision);
    if (!num) throw badRequest('spot.number_invalid', { field: 'num' });
    if (!ctx.prices.lastTrade(instrument.id)) throw new AppError('spot.no_market_price', 409);
    const entry = ledgerEntryOf({ userId, walletType: 'change' });

    if (mode === 1) {
      const book = ctx.prices.depth(instrument.id);
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
      const now = ctx.clock.now();
      const row = await this.group.run(
        userId,
        async (q) => {
          const inserted = await this.insert(q, {
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
          const { id } = inserted;
          const entries: LedgerEntryInput[] =
            side === 'in'
              ? [
                  entry({ currencyId: legal.id, amount: total.negated(), reason: 'spot_pay', ref: ref(id) }),
                  entry({ currencyId: coin.id, amount: num, reason: 'spot_buy', ref: ref(id) }),
                ]
              : [
                  entry({ currencyId: coin.id, amount: num.negated(), reason: 'spot_pay', ref: ref(id) }),
                  entry({ currencyId: legal.id, amount: total, reason: 'spot_sell', ref: ref(id) }),
                ];
          if (fee.isGreaterThan(0)) {
            entries.push(
              entry({
                currencyId: side === 'in' ? coin.id : legal.id,
                amount: fee.negated(),
                reason: 'fee_deduction',
                ref: ref(id),
              }),
            );
          }
          await postLedger(q, entries, { now });
          return inserted;
        },
        OFFLOAD,
      );
      return this.view(row);
    }

    const price = positiveDecimal(input.price, instrument.precision);
    if (!price) throw badRequest('spot.price_invalid', { field: 'price' });
    const lockCurrency = side === 'in' ? legal.id : coin.id;
    const lock = side === 'in' ? ceil(price.times(num)) : num;
    // In the instrument's lane: priced against the last trade the engine handled, indexed before
    // the next one is looked at (limit orders queued together share one lane job: one commit).
    return this.limitLanes.run(instrument.id, async () => {
      const last = this.ticks.last(instrument.id) ?? ctx.prices.lastTrade(instrument.id);
      if (!last) throw new AppError('spot.no_market_price', 409);
      const lastPrice = new Decimal(last.price);
      if (side === 'in' ? price.isGreaterThan(lastPrice) : price.isLessThan(lastPrice))
        throw badRequest('spot.limit_price_side', { field: 'price' });
      const now = ctx.clock.now();
      const row = await this.group.run(
        userId,
        async (q, tail) => {
          const inserted = await this.insert(q, {
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
          // The cursor row once per transaction, after the balances (group-commit.ts, BatchTail).
          tail.max(`cursor:spot:${instrument.id}`, last.seq, (tq, seq) =>
            TapeCursor.set(tq, 'spot', instrument.id, seq),
          );
          await postLedger(
            q,
            [
              entry({
                currencyId: lockCurrency,
                amount: lock.negated(),
                reason: 'spot_order_lock',
                ref: ref(inserted.id),
              }),
              entry({
                currencyId: lockCurrency,
                field: 'locked',
                amount: lock,
                reason: 'spot_order_lock',
                ref: ref(inserted.id),
              }),
            ],
            { now },
          );
          return inserted;
        },
        OFFLOAD,
      );
      this.index(row.id, side, instrument, row.price);
      return this.view(row);
    });
  }

  private async insert(
    q: Q,
    o: {
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
    },
  ): Promise<OrderRow> {
    // The whole row in one literal (a spread plus more properties is slow on Node 20's V8).
    const placed: OrderRow = {
      id: 0,
      user_id: o.userId,
      side: o.side,
      mode: o.mode,
      status: o.status,
      instrument_id: o.pair.instrument.id,
      currency_id: o.pair.coin.id,
      legal_id: o.pair.legal.id,
      price: o.price,
      number: o.number,
      total: o.total,
      fee: o.fee,
      fee_currency_id: o.feeCurrency,
      locked: o.locked,
      created_at: o.now,
      completed_at: o.completedAt,
      fill_seq: null,
      fill_time: null,
    };
    // SQLite, in a group commit: the row is inserted with the group's others at its end.
    const id = await deferredId(q, ORDER_IDS);
    if (id !== undefined) {
      placed.id = id;
      if (deferInsert(q, ORDER_ROWS, [placed])) return placed;
    }
    const { rows } = await insertOrder(q, placed);
    const [row] = rows;
    if (!row) throw new Error('spot order insert returned no row');
    return row;
  }

  async revoke(userId: number, id: number, side: Side): Promise<void> {
    const { ctx } = this;
    const now = ctx.clock.now();
    await ctx.store.tx(async (q) => {
      const row = await forUpdate(
        ctx.store,
        q.selectFrom('spot_orders').selectAll().where('id', '=', id),
      ).executeTakeFirst();
      if (!row || row.user_id !== userId || row.side !== side) throw notFound('spot.order_not_found');
      if (row.status !== 0) throw conflict('spot.order_not_pending');
      const updated = await q
        .updateTable('spot_orders')
        .set({ status: 2, completed_at: now })
        .where('id', '=', id)
        .where('status', '=', 0)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw conflict('spot.order_not_pending');
      const currencyId = row.side === 'in' ? row.legal_id : row.currency_id;
      const entry = ledgerEntryOf({
        userId,
        walletType: 'change',
        currencyId,
        reason: 'spot_order_release',
        ref: ref(id),
      });
      await postLedger(
        q,
        [
          entry({ field: 'locked', amount: new Decimal(row.locked).negated() }),
          entry({ amount: row.locked }),
        ],
        { now },
      );
    });
    this.unindex(id);
  }

  /** Fills the limit orders a tape trade crosses, each at its own price, in one transaction. */
  private async process(trade: TapeTrade): Promise<void> {
    if (!this.ticks.see(trade)) return;
    const book = this.books.get(trade.instrumentId);
    if (!book || book.size === 0) return;
    const instrument = this.ctx.prices.instrument(trade.instrumentId);
    if (!instrument) return;
    const ids = book.fire(ticksOf(trade.price, instrument.precision));
    if (ids.length === 0) return;
    for (const id of ids) this.handles.delete(id);
    const failed = await this.fillAll(trade, ids);
    // A failed fill stays pending with its trigger back.
    for (const id of failed) {
      const row = await this.row(this.ctx.store.q, id);
      if (row?.status === 0) this.index(row.id, sideOf(row.side), instrument, row.price);
    }
  }

  /** Fills orders on a trade: all in one transaction, else (one failed) each in its own. Returns the failed ids. */
  private async fillAll(trade: TapeTrade, ids: readonly number[]): Promise<number[]> {
    const { store } = this.ctx;
    const fillIn = (list: readonly number[]) =>
      store.tx(async (q) => {
        await TapeCursor.set(q, 'spot', trade.instrumentId, trade.seq);
        for (const id of list) await this.fill(q, id, trade);
      });
    try {
      await fillIn(ids);
      return [];
    } catch (error) {
      if (ids.length === 1) {
        this.ctx.log.error({ err: error, order: ids[0] }, 'spot fill failed');
        return [...ids];
      }
    }
    const failed: number[] = [];
    for (const id of ids) {
      try {
        await fillIn([id]);
      } catch (error) {
        this.ctx.log.error({ err: error, order: id }, 'spot fill failed');
        failed.push(id);
      }
    }
    return failed;
  }

  private async fill(q: Q, id: number, trade: TapeTrade): Promise<void> {
    const { ctx } = this;
    const row = await forUpdate(
      ctx.store,
      q.selectFrom('spot_orders').selectAll().where('id', '=', id),
    ).executeTakeFirst();
    if (!row || row.status !== 0) return;
    const coin = await currencyById(q, row.currency_id);
    if (!coin) return;
    const now = ctx.clock.now();
    const num = new Decimal(row.number);
    const locked = new Decimal(row.locked);
    const entry = ledgerEntryOf({ userId: row.user_id, walletType: 'change', ref: ref(id) });
    let total: Decimal;
    let fee: Decimal;
    const entries: LedgerEntryInput[] = [];
    if (row.side === 'in') {
      total = locked;
      fee = trunc(num.times(FEE_RATE), coin.precision);
      entries.push(
        entry({ currencyId: row.legal_id, field: 'locked', amount: locked.negated(), reason: 'spot_pay' }),
        entry({ currencyId: row.currency_id, amount: num, reason: 'spot_buy' }),
      );
      if (fee.isGreaterThan(0))
        entries.push(entry({ currencyId: row.currency_id, amount: fee.negated(), reason: 'fee_deduction' }));
    } else {
      total = trunc(num.times(row.price));
      fee = trunc(total.times(FEE_RATE));
      entries.push(
        entry({ currencyId: row.currency_id, field: 'locked', amount: num.negated(), reason: 'spot_pay' }),
        entry({ currencyId: row.legal_id, amount: total, reason: 'spot_sell' }),
      );
      if (fee.isGreaterThan(0))
        entries.push(entry({ currencyId: row.legal_id, amount: fee.negated(), reason: 'fee_deduction' }));
    }
    const updated = await q
      .updateTable('spot_orders')
      .set({
        status: 1,
        total: total.toFixed(),
        fee: fee.toFixed(),
        completed_at: now,
        fill_seq: trade.seq,
        fill_time: trade.time,
      })
      .where('id', '=', id)
      .where('status', '=', 0)
      .executeTakeFirst();
    // Revoked or filled by another writer meanwhile.
    if (Number(updated.numUpdatedRows) !== 1) return;
    await postLedger(q, entries, { now });
  }

  async list(
    userId: number,
    filter: { status: 0 | 1; side?: Side; currencyId?: number; page?: number; limit?: number },
  ): Promise<{ list: SpotOrderView[]; page: number; limit: number; total: number }> {
    const { page, limit, offset } = pageOf(filter, 100, 100);
    const { q } = this.ctx.store;
    let where = q.selectFrom('spot_orders').where('user_id', '=', userId).where('status', '=', filter.status);
    if (filter.side) where = where.where('side', '=', filter.side);
    if (filter.currencyId !== undefined) where = where.where('currency_id', '=', filter.currencyId);
    let select = where.selectAll();
    select =
      filter.status === 1
        ? select.orderBy('completed_at', 'desc').orderBy('id', 'desc')
        : select.orderBy('id', 'desc');
    const rows = await select.limit(limit).offset(offset).execute();
    const count = await where.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    await this.loadNames(rows.flatMap((r) => [r.currency_id, r.legal_id, r.fee_currency_id]));
    return { list: rows.map((r) => this.view(r)), page, limit, total: Number(count?.n ?? 0) };
  }

  async deal(userId: number, currencyId: number, legalId?: number) {
    const { ctx } = this;
    const { instrument, coin, legal } = await spotPair(ctx, currencyId, legalId);
    const coinBalance = await getBalance(ctx.store.q, userId, 'change', coin.id);
    const legalBalance = await getBalance(ctx.store.q, userId, 'change', legal.id);
    const depth = ctx.prices.depth(instrument.id);
    const last = ctx.prices.lastPrice(instrument.id) ?? '0';
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
      in_trade: ctx.prices.inTrade(instrument.id) ? (1 as const) : (0 as const),
      depth: { bids: depth.bids, asks: depth.asks },
    };
  }
}
