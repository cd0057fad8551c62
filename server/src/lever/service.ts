import { lever } from '@app/contract';
import type { AppContext } from '../context';
import { columnAs } from '../core/column';
import { badRequest, conflict, notFound } from '../core/errors';
import type { Selectable, Transaction } from 'kysely';
import type { DB, Q } from '../db';
import { groupCommitOf, LaneBatches, type GroupCommit } from '../db/group-commit';
import { closeHolding, insertOrder, lockLeverBalance, openOrderIds, orderById } from './queries';
import type { Instrument, TapeTrade } from '../market';
import {
  ledgerEntryOf,
  ceilTicks,
  USDT_ID,
  Decimal,
  floorTicks,
  getBalance,
  isoOrNull,
  type LedgerEntryInput,
  pageOf,
  positiveDecimal,
  postLedger,
  TapeCursor,
  ticksOf,
  TickGate,
  TriggerBooks,
  type TriggerEntry,
  type TriggerSide,
  trunc,
  userListening,
} from '../kernel';

/** Multiples offered when none are configured (spec §9). */
export const LEVER_MULTIPLES = [20, 50, 100, 200] as const;
/** Hand counts suggested by `deal` (the autocomplete list). */
export const LEVER_SHARES = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000] as const;
export const MIN_SHARE = 1;
export const MAX_SHARE = 1000;
/** Pending + holding orders per user. */
export const MAX_OPEN_ORDERS = 100;
/** Revaluation pushes on lever_trade: at most one per user per interval. */
export const REVALUE_MS = 1000;

/** An order as every call and the lever_trade channel answer it (the contract's type). */
export type LeverOrderView = lever.LeverOrderView;
export type LeverStatus = LeverOrderView['status'];
export type CloseReason = NonNullable<LeverOrderView['close_reason']>;
type FireKind = 'open' | 'tp' | 'sl' | 'liq';

interface Fire {
  id: number;
  kind: FireKind;
}

/** A pending order or holding position, as the engine keeps it in memory. */
interface Live {
  id: number;
  userId: number;
  instrument: Instrument;
  type: 1 | 2;
  status: 0 | 1;
  price: Decimal;
  share: number;
  perHand: Decimal;
  margin: Decimal;
  fee: Decimal;
  targetPrice: Decimal | undefined;
  liquidationTicks: number;
  tp: Decimal | undefined;
  sl: Decimal | undefined;
  handles: Array<TriggerEntry<Fire>>;
}

/** A row of `lever_orders` as every select reads it. */
type OrderRow = Selectable<DB['lever_orders']>;

export interface SubmitInput {
  legal_id?: number;
  currency_id: number;
  multiple?: number;
  share?: string;
  type?: number;
  status?: number;
  target_price?: string;
}

export interface StopInput {
  id: number;
  target_profit_price?: string;
  stop_loss_price?: string;
}

export type LeverEvent =
  | 'open'
  | 'pending'
  | 'cancel'
  | 'setstop'
  | 'close'
  | 'take_profit'
  | 'stop_loss'
  | 'liquidation'
  | 'revalue';

const ref = (id: number) => `lever:${id}`;
const sign = (type: 1 | 2) => (type === 1 ? 1 : -1);

/** P/L of a position closed at `close` (truncated toward zero). */
export function profitOf(
  type: 1 | 2,
  price: Decimal,
  close: Decimal,
  share: number,
  perHand: Decimal,
): Decimal {
  return trunc(close.minus(price).times(share).times(perHand).times(sign(type)));
}

/** Figures of an order at tape price `p` (see API.md "Leveraged contracts"). */
export function leverFigures(
  instrument: Pick<Instrument, 'spread' | 'leverTradeFee' | 'leverShareNum' | 'precision'>,
  type: 1 | 2,
  p: Decimal,
  share: number,
  multiple: number,
) {
  const perHand = new Decimal(instrument.leverShareNum);
  const spread = p.times(instrument.spread).div(100);
  const price = trunc(type === 1 ? p.plus(spread) : p.minus(spread));
  const notional = price.times(share).times(perHand);
  const margin = trunc(notional.div(multiple));
  const fee = trunc(notional.times(instrument.leverTradeFee).div(100));
  const liquidationTicks =
    type === 1
      ? ceilTicks(price.times(multiple - 1).div(multiple), instrument.precision)
      : floorTicks(price.times(multiple + 1).div(multiple), instrument.precision);
  return {
    perHand,
    price,
    margin,
    fee,
    contractValue: trunc(p.times(share).times(perHand)),
    liquidationTicks,
  };
}

/** What a fired trigger did to its order (`gone`: another writer had already moved the row on). */
type FireOutcome = 'open' | Exclude<CloseReason, 'manual'> | 'gone' | undefined;

/** The status and close-reason columns, checked against the contract once (in `view`). */
const statusOf = (row: OrderRow): LeverStatus =>
  columnAs(lever.leverOrderView.shape.status, row.status, `lever_orders.status (order ${row.id})`);
const reasonOf = (row: OrderRow): CloseReason | null =>
  columnAs(
    lever.leverOrderView.shape.close_reason,
    row.close_reason,
    `lever_orders.close_reason (order ${row.id})`,
  );

/**
 * Refuses a submission past `MAX_OPEN_ORDERS` pending or holding orders of the user, counted in
 * the database inside the submission's transaction: first the user's lever USDT balance row is
 * locked (the row the order's ledger posting locks anyway), so one user's submissions on every
 * node wait for each other and each counts the orders the previous one committed.
 */
async function checkOpenOrderCap(q: Transaction<DB>, userId: number): Promise<void> {
  await lockLeverBalance(q, { userId });
  const open = await openOrderIds(q, { userId }, MAX_OPEN_ORDERS);
  if (open.rows.length >= MAX_OPEN_ORDERS) throw badRequest('lever.too_many_orders');
}

/**
 * Leveraged contracts: placement, lists, stops, and the position engine on the price tape.
 *
 * Per instrument, the tape's trades, placements and stop changes go through one lane (a queue):
 * a trade's opens and closes are written before the next trade is looked at, and an order is
 * priced and armed against the last trade the engine has handled, so it sees every later one.
 * Opens, closes, liquidations and cancels each move the row from one status to the next only
 * where it still has the first, in the transaction that posts the ledger rows: each happens
 * exactly once even with several writers.
 */
export class LeverEngine {
  private readonly books = new TriggerBooks<Fire>();
  private readonly live = new Map<number, Live>();
  private readonly holdingsByInstrument = new Map<number, Set<number>>();
  private readonly dirty = new Set<number>();
  /** The tape side: lanes, the start-up gate, the last trade handled, the cursor. */
  private readonly ticks: TickGate<Fire>;
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<number> | undefined;

  /** Submissions queued together for an instrument share one lane job (and one group commit). */
  private readonly submitLanes: LaneBatches;
  private readonly group: GroupCommit;

  constructor(private readonly ctx: AppContext) {
    this.ticks = new TickGate({
      engine: 'lever',
      prices: ctx.prices,
      books: this.books,
      process: (trade) => this.process(trade),
      // Positions on the instrument are revalued at the next flush.
      onTrade: ({ instrumentId }) => {
        if ((this.holdingsByInstrument.get(instrumentId)?.size ?? 0) > 0) this.dirty.add(instrumentId);
      },
    });
    // Joining a running lane job pays on SQLite only (db/group-commit.ts LaneBatches).
    this.submitLanes = new LaneBatches(this.ticks, ctx.store.dialect === 'sqlite');
    this.group = groupCommitOf(ctx.store);
  }

  /** Loads the live orders and replays the tape after the cursor, then follows the tape. */
  async start(): Promise<void> {
    const { ctx } = this;
    const { q } = ctx.store;
    // A new start (this node leads again) reloads everything open.
    for (const live of [...this.live.values()]) this.untrack(live);
    // Trades from now on queue behind the start-up (the gate), none is missed.
    this.ticks.follow();
    try {
      const rows = await q.selectFrom('lever_orders').selectAll().where('status', 'in', [0, 1]).execute();
      for (const row of rows) {
        const instrument = ctx.prices.instrument(row.instrument_id);
        if (instrument) this.track(row, instrument);
      }
      // Trades recorded after the last one this engine saw (e.g. back-filled downtime) fire what they cross.
      await this.ticks.replay(
        q,
        rows.map((r) => r.instrument_id),
      );
    } finally {
      this.ticks.open();
    }
    if (ctx.config.market.feed !== 'manual') {
      this.timer = setInterval(() => {
        this.flushRevaluations().catch((error: unknown) =>
          ctx.log.error({ err: error }, 'lever revaluation failed'),
        );
      }, REVALUE_MS);
      this.timer.unref();
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.ticks.close();
    await this.flushing?.catch(() => undefined);
    const instrumentIds = [...this.live.values()].map((l) => l.instrument.id);
    await this.ticks.saveCursors(this.ctx.store.q, instrumentIds);
  }

  /** Resolves once every trade and placement queued so far is handled (tests, bench). */
  idle(): Promise<void> {
    return this.ticks.idle();
  }

  /** Live orders in memory (tests, bench). */
  get liveCount(): number {
    return this.live.size;
  }

  /** An order or position written (or re-stopped) by another node: tracked anew if still open. */
  async watch(id: number): Promise<void> {
    const row = await this.row(this.ctx.store.q, id);
    const known = this.live.get(id);
    if (known) this.untrack(known);
    if (row) this.adopt(row);
  }

  /** The live entry of an open row this node has not tracked (written on another node). */
  private adopt(row: OrderRow): Live | undefined {
    const instrument = this.ctx.prices.instrument(row.instrument_id);
    if (!instrument || (row.status !== 0 && row.status !== 1)) return undefined;
    return this.track(row, instrument);
  }

  // ---- memory indexes ---------------------------------------------------------------------------

  private track(row: OrderRow, instrument: Instrument): Live {
    const live: Live = {
      id: row.id,
      userId: row.user_id,
      instrument,
      type: row.type === 2 ? 2 : 1,
      status: row.status === 0 ? 0 : 1,
      price: new Decimal(row.price),
      share: row.share,
      perHand: new Decimal(row.per_hand),
      margin: new Decimal(row.margin),
      fee: new Decimal(row.fee),
      targetPrice: row.target_price === null ? undefined : new Decimal(row.target_price),
      liquidationTicks: ticksOf(row.liquidation_price, instrument.precision),
      tp: row.target_profit_price === null ? undefined : new Decimal(row.target_profit_price),
      sl: row.stop_loss_price === null ? undefined : new Decimal(row.stop_loss_price),
      handles: [],
    };
    this.live.set(live.id, live);
    if (live.status === 1) this.holdingSet(instrument.id).add(live.id);
    this.arm(live);
    return live;
  }

  private holdingSet(instrumentId: number): Set<number> {
    let set = this.holdingsByInstrument.get(instrumentId);
    if (!set) {
      set = new Set();
      this.holdingsByInstrument.set(instrumentId, set);
    }
    return set;
  }

  private untrack(live: Live): void {
    this.disarm(live);
    this.live.delete(live.id);
    this.holdingsByInstrument.get(live.instrument.id)?.delete(live.id);
  }

  private disarm(live: Live): void {
    const book = this.books.of(live.instrument.id);
    for (const handle of live.handles) book.remove(handle);
    live.handles = [];
  }

  /** (Re)creates the triggers of a live order. */
  private arm(live: Live): void {
    this.disarm(live);
    const book = this.books.of(live.instrument.id);
    const p = live.instrument.precision;
    const add = (side: TriggerSide, key: number, kind: FireKind) =>
      live.handles.push(book.add(side, key, { id: live.id, kind }));
    const long = live.type === 1;
    if (live.status === 0) {
      if (live.targetPrice) {
        // A buy limit opens when a trade prints at or below it, a sell at or above.
        add(long ? 'below' : 'above', ticksOf(live.targetPrice, p), 'open');
      }
      return;
    }
    add(long ? 'below' : 'above', live.liquidationTicks, 'liq');
    if (live.tp) add(long ? 'above' : 'below', long ? ceilTicks(live.tp, p) : floorTicks(live.tp, p), 'tp');
    if (live.sl) add(long ? 'below' : 'above', long ? floorTicks(live.sl, p) : ceilTicks(live.sl, p), 'sl');
  }

  // ---- reading ----------------------------------------------------------------------------------

  private async row(q: Q, id: number): Promise<OrderRow | undefined> {
    return (await orderById(q, { id })).rows[0];
  }

  private async ownRow(userId: number, id: number): Promise<OrderRow> {
    const row = await this.row(this.ctx.store.q, id);
    if (!row || row.user_id !== userId) throw notFound('lever.order_not_found');
    return row;
  }

  view(row: OrderRow): LeverOrderView {
    const instrument = this.ctx.prices.instrument(row.instrument_id);
    const last = this.ctx.prices.lastPrice(row.instrument_id) ?? row.origin_price;
    const status = statusOf(row);
    const type = row.type === 2 ? 2 : 1;
    const open = status === 0 || status === 1;
    const update = open ? last : (row.close_price ?? row.origin_price);
    const perHand = new Decimal(row.per_hand);
    const profits =
      status === 1
        ? profitOf(type, new Decimal(row.price), new Decimal(last), row.share, perHand).toFixed()
        : (row.profits ?? '0');
    return {
      id: row.id,
      type,
      status,
      symbol: instrument?.symbol ?? '',
      currency_id: row.instrument_id,
      legal_id: instrument?.legalId ?? USDT_ID,
      currency: instrument?.name ?? '',
      legal: 'USDT',
      multiple: row.multiple,
      share: row.share,
      lever_share_num: row.per_hand,
      origin_price: row.origin_price,
      price: row.price,
      target_price: row.target_price,
      update_price: update,
      origin_caution_money: row.margin,
      caution_money: open ? row.margin : '0',
      trade_fee: row.fee,
      target_profit_price: row.target_profit_price,
      stop_loss_price: row.stop_loss_price,
      liquidation_price: row.liquidation_price,
      contract_value: trunc(new Decimal(update).times(row.share).times(perHand)).toFixed(),
      profits,
      close_reason: reasonOf(row),
      create_time: isoOrNull(row.created_at) ?? '',
      transaction_time: isoOrNull(row.opened_at),
      complete_time: isoOrNull(row.completed_at),
      open_seq: row.open_seq,
      close_seq: row.close_seq,
    };
  }

  private pair(currencyId: number, legalId?: number): Instrument {
    const instrument = this.ctx.prices.instrument(currencyId);
    if (!instrument || instrument.id !== currencyId) throw notFound('lever.pair_not_found');
    if (legalId !== undefined && legalId !== instrument.legalId) throw notFound('lever.pair_not_found');
    return instrument;
  }

  async deal(userId: number, currencyId: number, legalId?: number) {
    const instrument = this.pair(currencyId, legalId);
    const balance = await getBalance(this.ctx.store.q, userId, 'lever', USDT_ID);
    const now = this.ctx.prices.lastPrice(instrument.id) ?? '0';
    return {
      multiple: { muit: LEVER_MULTIPLES.map((value) => ({ value })), share: [...LEVER_SHARES] },
      user_lever: balance.available,
      lock_lever: balance.locked,
      now_price: now,
      spread: instrument.spread,
      lever_trade_fee: instrument.leverTradeFee,
      lever_share_num: instrument.leverShareNum,
      hand_value: trunc(new Decimal(instrument.leverShareNum).times(now)).toFixed(),
      min_share: MIN_SHARE,
      max_share: MAX_SHARE,
      currency_id: instrument.id,
      legal_id: instrument.legalId,
      symbol: instrument.symbol,
      currency_name: instrument.name,
      in_trade: this.ctx.prices.inTrade(instrument.id) ? (1 as const) : (0 as const),
    };
  }

  async list(
    userId: number,
    input: { status: LeverStatus; currencyId?: number; page?: number; limit?: number },
  ): Promise<{ data: LeverOrderView[]; total: number; page: number; limit: number }> {
    const { page, limit, offset } = pageOf(input, 100, 100);
    const { q } = this.ctx.store;
    let where = q.selectFrom('lever_orders').where('user_id', '=', userId).where('status', '=', input.status);
    if (input.currencyId !== undefined) where = where.where('instrument_id', '=', input.currencyId);
    const rows = await where.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
    const count = await where.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    return { data: rows.map((r) => this.view(r)), total: Number(count?.n ?? 0), page, limit };
  }

  async isLocked(userId: number, id: number): Promise<0 | 1> {
    const row = await this.ownRow(userId, id);
    return this.live.has(row.id) ? 0 : 1;
  }

  // ---- placing ----------------------------------------------------------------------------------

  async submit(userId: number, input: SubmitInput): Promise<LeverOrderView> {
    const { ctx } = this;
    const type = input.type;
    if (type !== 1 && type !== 2) throw badRequest('lever.type_invalid', { field: 'type' });
    const mode = input.status ?? 1;
    if (mode !== 0 && mode !== 1) throw badRequest('lever.status_invalid', { field: 'status' });
    const shareText = (input.share ?? '').trim();
    const share = /^\d{1,7}$/.test(shareText) ? Number(shareText) : NaN;
    if (!Number.isInteger(share) || share < MIN_SHARE || share > MAX_SHARE)
      throw badRequest('lever.share_invalid', { field: 'share' });
    const multiple = input.multiple;
    if (multiple === undefined || !(LEVER_MULTIPLES as readonly number[]).includes(multiple))
      throw badRequest('lever.multiple_invalid', { field: 'multiple' });
    const instrument = this.pair(input.currency_id, input.legal_id);
    if (!ctx.prices.inTrade(instrument.id)) throw conflict('trade.market_closed');
    if (!ctx.prices.lastTrade(instrument.id)) throw conflict('lever.no_market_price');
    let target: Decimal | undefined;
    if (mode === 0) {
      target = positiveDecimal(input.target_price, instrument.precision);
      if (!target) throw badRequest('lever.price_invalid', { field: 'target_price' });
    }
    // In the instrument's lane: priced against the last trade the engine handled, armed before
    // the next one is looked at.
    const row = await this.submitLanes.run(instrument.id, async () => {
      const last = this.ticks.last(instrument.id) ?? ctx.prices.lastTrade(instrument.id);
      if (!last) throw conflict('lever.no_market_price');
      const lastPrice = new Decimal(last.price);
      let p = lastPrice;
      if (target) {
        if (type === 1 ? target.isGreaterThan(lastPrice) : target.isLessThan(lastPrice))
          throw badRequest('lever.limit_price_side', { field: 'target_price' });
        p = target;
      }
      const f = leverFigures(instrument, type, p, share, multiple);
      const now = ctx.clock.now();
      const entry = ledgerEntryOf({ userId, walletType: 'lever', currencyId: USDT_ID });
      const inserted = await this.group.run(userId, async (q, tail) => {
        await checkOpenOrderCap(q, userId);
        const [created] = (
          await insertOrder(q, {
            user_id: userId,
            instrument_id: instrument.id,
            type,
            order_mode: mode,
            status: mode === 1 ? 1 : 0,
            share,
            multiple,
            per_hand: instrument.leverShareNum,
            spread: instrument.spread,
            fee_rate: instrument.leverTradeFee,
            origin_price: mode === 1 ? last.price : p.toFixed(),
            price: f.price.toFixed(),
            target_price: mode === 0 ? p.toFixed() : null,
            margin: f.margin.toFixed(),
            fee: f.fee.toFixed(),
            liquidation_price: formatTicks(f.liquidationTicks, instrument.precision),
            created_at: now,
            opened_at: mode === 1 ? now : null,
            open_seq: mode === 1 ? last.seq : null,
          })
        ).rows;
        if (!created) throw new Error('lever_orders insert returned no id');
        const { id } = created;
        // The cursor row once per transaction, after the balances (group-commit.ts, BatchTail).
        tail.max(`cursor:lever:${instrument.id}`, last.seq, (tq, seq) =>
          TapeCursor.set(tq, 'lever', instrument.id, seq),
        );
        const entries: LedgerEntryInput[] = [];
        if (mode === 1) {
          entries.push(
            entry({ amount: f.margin.negated(), reason: 'margin_deduction', ref: ref(id) }),
            entry({ field: 'locked', amount: f.margin, reason: 'margin_deduction', ref: ref(id) }),
          );
          if (f.fee.isGreaterThan(0))
            entries.push(entry({ amount: f.fee.negated(), reason: 'fee_deduction', ref: ref(id) }));
        } else {
          const hold = f.margin.plus(f.fee);
          entries.push(
            entry({ amount: hold.negated(), reason: 'margin_deduction', ref: ref(id) }),
            entry({ field: 'locked', amount: hold, reason: 'margin_deduction', ref: ref(id) }),
          );
        }
        await postLedger(
          q,
          entries.filter((e) => !new Decimal(e.amount).isZero()),
          { now },
        );
        return (await this.row(q, id)) as OrderRow;
      });
      this.track(inserted, instrument);
      return inserted;
    });
    await this.push(userId, mode === 1 ? 'open' : 'pending', row.id);
    return this.view((await this.row(ctx.store.q, row.id)) ?? row);
  }

  async cancel(userId: number, id: number): Promise<LeverOrderView> {
    const row = await this.ownRow(userId, id);
    const live = this.live.get(id) ?? this.adopt(row);
    if (row.status !== 0 || !live) throw conflict('lever.not_pending');
    const now = this.ctx.clock.now();
    const hold = new Decimal(row.margin).plus(row.fee);
    await this.ctx.store.tx(async (q) => {
      const updated = await q
        .updateTable('lever_orders')
        .set({ status: 4, completed_at: now })
        .where('id', '=', id)
        .where('status', '=', 0)
        .executeTakeFirst();
      // Opened (or cancelled) by another writer meanwhile.
      if (Number(updated.numUpdatedRows) !== 1) throw conflict('lever.not_pending');
      const entry = ledgerEntryOf({
        userId,
        walletType: 'lever',
        currencyId: USDT_ID,
        reason: 'margin_release',
        ref: ref(id),
      });
      if (hold.isGreaterThan(0))
        await postLedger(q, [entry({ field: 'locked', amount: hold.negated() }), entry({ amount: hold })], {
          now,
        });
    });
    this.untrack(live);
    await this.push(userId, 'cancel', id);
    return this.view(await this.ownRow(userId, id));
  }

  async close(userId: number, id: number): Promise<LeverOrderView> {
    const row = await this.ownRow(userId, id);
    const live = this.live.get(id) ?? this.adopt(row);
    if (row.status !== 1 || !live) throw conflict('lever.not_holding');
    if (!this.ctx.prices.inTrade(live.instrument.id)) throw conflict('trade.market_closed');
    const last = this.ctx.prices.lastTrade(live.instrument.id);
    if (!last) throw conflict('lever.no_market_price');
    const closed = await this.group.run(userId, (q) => this.closeRow(q, live, last, 'manual'));
    // Closed by the engine (or another writer) meanwhile.
    if (!closed) throw conflict('lever.not_holding');
    this.untrack(live);
    await this.push(userId, 'close', id);
    return this.view(await this.ownRow(userId, id));
  }

  async setStop(userId: number, input: StopInput): Promise<LeverOrderView> {
    const row = await this.ownRow(userId, input.id);
    const live = this.live.get(input.id) ?? this.adopt(row);
    if (row.status !== 1 || !live) throw conflict('lever.not_holding');
    const parse = (value: string | undefined, field: string): Decimal | undefined => {
      if (value === undefined || value.trim() === '' || /^0+(\.0+)?$/.test(value.trim())) return undefined;
      const d = positiveDecimal(value, 8);
      if (!d) throw badRequest('lever.stop_invalid', { field });
      return d;
    };
    const tp = parse(input.target_profit_price, 'target_profit_price');
    const sl = parse(input.stop_loss_price, 'stop_loss_price');
    const current = new Decimal(this.ctx.prices.lastPrice(live.instrument.id) ?? row.origin_price);
    const hi = Decimal.max(live.price, current);
    const lo = Decimal.min(live.price, current);
    if (live.type === 1) {
      if (tp && tp.isLessThan(hi))
        throw badRequest('lever.take_profit_side', { field: 'target_profit_price' });
      if (sl && sl.isGreaterThan(lo)) throw badRequest('lever.stop_loss_side', { field: 'stop_loss_price' });
    } else {
      if (tp && tp.isGreaterThan(lo))
        throw badRequest('lever.take_profit_side', { field: 'target_profit_price' });
      if (sl && sl.isLessThan(hi)) throw badRequest('lever.stop_loss_side', { field: 'stop_loss_price' });
    }
    // In the instrument's lane: the new stops are armed before the next trade is looked at.
    await this.ticks.run(live.instrument.id, async () => {
      const lastSeq = this.ticks.last(live.instrument.id)?.seq;
      await this.ctx.store.tx(async (q) => {
        const updated = await q
          .updateTable('lever_orders')
          .set({ target_profit_price: tp?.toFixed() ?? null, stop_loss_price: sl?.toFixed() ?? null })
          .where('id', '=', input.id)
          .where('status', '=', 1)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) throw conflict('lever.not_holding');
        if (lastSeq !== undefined) await TapeCursor.set(q, 'lever', live.instrument.id, lastSeq);
      });
      if (!this.live.has(live.id)) return;
      live.tp = tp;
      live.sl = sl;
      this.arm(live);
    });
    await this.push(userId, 'setstop', input.id);
    return this.view(await this.ownRow(userId, input.id));
  }

  // ---- the engine -------------------------------------------------------------------------------

  /** Applies every trigger a trade crosses (an order that opens may be closed by the same trade). */
  private async process(trade: TapeTrade): Promise<void> {
    if (!this.ticks.see(trade)) return;
    const book = this.books.get(trade.instrumentId);
    if (!book || book.size === 0) return;
    const instrument = this.ctx.prices.instrument(trade.instrumentId);
    if (!instrument) return;
    const price = ticksOf(trade.price, instrument.precision);
    const events: Array<[number, number, LeverEvent]> = [];
    for (let round = 0; round < 3; round += 1) {
      const fired = book.fire(price);
      if (fired.length === 0) break;
      const byId = new Map<number, Set<FireKind>>();
      for (const f of fired) {
        const kinds = byId.get(f.id) ?? new Set<FireKind>();
        kinds.add(f.kind);
        byId.set(f.id, kinds);
      }
      const fires: Array<[Live, Set<FireKind>]> = [];
      for (const [id, kinds] of byId) {
        const live = this.live.get(id);
        if (live) fires.push([live, kinds]);
      }
      // Memory follows the database once the transaction is committed.
      for (const [live, outcome] of await this.applyFires(instrument, trade, fires)) {
        if (outcome === 'open') {
          live.status = 1;
          this.holdingSet(live.instrument.id).add(live.id);
          this.arm(live);
          events.push([live.userId, live.id, 'open']);
        } else if (outcome === 'gone') {
          this.untrack(live);
        } else if (outcome !== undefined) {
          this.untrack(live);
          events.push([live.userId, live.id, outcome]);
        }
      }
    }
    for (const [userId, id, event] of events) await this.push(userId, event, id);
  }

  /**
   * Writes what fired, all in one transaction, else (one failed) each order in its own: one
   * failure never blocks the others, and the failed order gets its triggers back.
   */
  private async applyFires(
    instrument: Instrument,
    trade: TapeTrade,
    fires: ReadonlyArray<[Live, Set<FireKind>]>,
  ): Promise<Array<[Live, FireOutcome]>> {
    const { store, log } = this.ctx;
    const write = (list: ReadonlyArray<[Live, Set<FireKind>]>) =>
      store.tx(async (q) => {
        await TapeCursor.set(q, 'lever', instrument.id, trade.seq);
        const outcomes: Array<[Live, FireOutcome]> = [];
        for (const [live, kinds] of list) outcomes.push([live, await this.fireOne(q, live, kinds, trade)]);
        return outcomes;
      });
    try {
      return await write(fires);
    } catch (error) {
      if (fires.length === 1) {
        const [live] = fires[0] as [Live, Set<FireKind>];
        log.error({ err: error, order: live.id }, 'lever trigger failed');
        if (this.live.has(live.id)) this.arm(live);
        return [];
      }
    }
    const outcomes: Array<[Live, FireOutcome]> = [];
    for (const fire of fires) {
      try {
        outcomes.push(...(await write([fire])));
      } catch (error) {
        log.error({ err: error, order: fire[0].id }, 'lever trigger failed');
        if (this.live.has(fire[0].id)) this.arm(fire[0]);
      }
    }
    return outcomes;
  }

  private async fireOne(q: Q, live: Live, kinds: Set<FireKind>, trade: TapeTrade): Promise<FireOutcome> {
    if (live.status === 0) {
      if (!kinds.has('open')) return undefined;
      return (await this.openRow(q, live, trade)) ? 'open' : 'gone';
    }
    const reason: Exclude<CloseReason, 'manual'> | undefined = kinds.has('liq')
      ? 'liquidation'
      : kinds.has('tp')
        ? 'take_profit'
        : kinds.has('sl')
          ? 'stop_loss'
          : undefined;
    if (!reason) return undefined;
    return (await this.closeRow(q, live, trade, reason)) ? reason : 'gone';
  }

  /**
   * A pending limit order opens at its limit price: the fee held with the margin is charged.
   * False when the row is no longer pending (cancelled or opened by another writer).
   */
  private async openRow(q: Q, live: Live, trade: TapeTrade): Promise<boolean> {
    const now = this.ctx.clock.now();
    const updated = await q
      .updateTable('lever_orders')
      .set({ status: 1, opened_at: now, open_seq: trade.seq })
      .where('id', '=', live.id)
      .where('status', '=', 0)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    if (live.fee.isGreaterThan(0)) {
      await postLedger(
        q,
        [
          {
            userId: live.userId,
            walletType: 'lever',
            currencyId: USDT_ID,
            field: 'locked',
            amount: live.fee.negated(),
            reason: 'fee_deduction',
            ref: ref(live.id),
          },
        ],
        { now },
      );
    }
    return true;
  }

  /**
   * Closes a holding position at a tape trade's price: margin, P/L (or liquidation) in the
   * ledger. False when the row is no longer holding (closed by another writer).
   */
  private async closeRow(q: Q, live: Live, trade: TapeTrade, reason: CloseReason): Promise<boolean> {
    const now = this.ctx.clock.now();
    const close = new Decimal(trade.price);
    const entry = ledgerEntryOf({
      userId: live.userId,
      walletType: 'lever',
      currencyId: USDT_ID,
      ref: ref(live.id),
    });
    let profits: Decimal;
    const entries: LedgerEntryInput[] = [];
    if (reason === 'liquidation') {
      profits = live.margin.negated();
      entries.push(entry({ field: 'locked', amount: live.margin.negated(), reason: 'liquidation' }));
    } else {
      const pl = profitOf(live.type, live.price, close, live.share, live.perHand);
      // A loss never exceeds the margin (the balance cannot go below zero).
      profits = pl.isNegative() ? Decimal.max(pl, live.margin.negated()) : pl;
      entries.push(
        entry({ field: 'locked', amount: live.margin.negated(), reason: 'margin_release' }),
        entry({ amount: live.margin, reason: 'margin_release' }),
      );
      if (profits.isGreaterThan(0)) entries.push(entry({ amount: profits, reason: 'profit' }));
      else if (profits.isNegative()) entries.push(entry({ amount: profits, reason: 'loss' }));
    }
    const updated = await closeHolding(q, {
      id: live.id,
      close_price: trade.price,
      profits: profits.toFixed(),
      close_reason: reason,
      completed_at: now,
      close_seq: trade.seq,
    });
    if (Number(updated.numAffectedRows) !== 1) return false;
    await postLedger(
      q,
      entries.filter((e) => !new Decimal(e.amount).isZero()),
      { now },
    );
    return true;
  }

  // ---- channel ----------------------------------------------------------------------------------

  private async rowsOf(userId: number, status: 0 | 1): Promise<LeverOrderView[]> {
    const rows = await this.ctx.store.q
      .selectFrom('lever_orders')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', '=', status)
      .orderBy('id', 'desc')
      .limit(100)
      .execute();
    return rows.map((r) => this.view(r));
  }

  /** Pushes a change to its owner on lever_trade (nothing is computed when nobody listens). */
  private async push(userId: number, event: LeverEvent, id: number | null): Promise<void> {
    if (!userListening(this.ctx, userId, 'lever_trade')) return;
    const row = id === null ? undefined : await this.row(this.ctx.store.q, id);
    const holding = await this.rowsOf(userId, 1);
    const pending = await this.rowsOf(userId, 0);
    this.ctx.hub.publishToUser(userId, 'lever_trade', {
      event,
      id,
      order: row ? this.view(row) : null,
      trades_all: JSON.stringify(holding),
      trades_entrust: JSON.stringify(pending),
    });
  }

  /** One `revalue` push per listening user holding a pair whose price moved since the last run (one run at a time). */
  flushRevaluations(): Promise<number> {
    this.flushing ??= this.flushNow().finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  private async flushNow(): Promise<number> {
    const users = new Set<number>();
    for (const instrumentId of this.dirty) {
      for (const id of this.holdingsByInstrument.get(instrumentId) ?? []) {
        const live = this.live.get(id);
        if (live) users.add(live.userId);
      }
    }
    this.dirty.clear();
    let pushed = 0;
    for (const userId of users) {
      if (!userListening(this.ctx, userId, 'lever_trade')) continue;
      await this.push(userId, 'revalue', null);
      pushed += 1;
    }
    return pushed;
  }
}

function formatTicks(ticks: number, precision: number): string {
  return new Decimal(ticks).div(new Decimal(10).pow(precision)).toFixed(precision);
}
