import type { AppContext } from '../context';
import { badRequest, conflict, notFound } from '../core/errors';
import type { Instrument } from '../market/instruments';
import type { TapeTrade } from '../market/tape';
import { USDT_ID } from '../wallet/currencies';
import { Decimal, type LedgerEntryInput } from '../wallet/ledger';
import { getBalanceSync as getBalance, postLedgerSync as postLedger } from '../wallet/ledger-sync';
import {
  ceilTicks,
  floorTicks,
  isoOrNull,
  pageOf,
  positiveDecimal,
  ticksOf,
  trunc,
  userListening,
  statementCache,
} from './common';
import { TapeCursor } from './cursor';
import { TriggerBooks, type TriggerEntry, type TriggerSide } from './triggers';

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

export type LeverStatus = 0 | 1 | 3 | 4;
export type CloseReason = 'manual' | 'take_profit' | 'stop_loss' | 'liquidation';
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

interface OrderRow {
  id: number;
  user_id: number;
  instrument_id: number;
  type: 1 | 2;
  order_mode: 0 | 1;
  status: LeverStatus;
  share: number;
  multiple: number;
  per_hand: string;
  spread: string;
  fee_rate: string;
  origin_price: string;
  price: string;
  target_price: string | null;
  margin: string;
  fee: string;
  liquidation_price: string;
  target_profit_price: string | null;
  stop_loss_price: string | null;
  close_price: string | null;
  profits: string | null;
  close_reason: CloseReason | null;
  created_at: number;
  opened_at: number | null;
  completed_at: number | null;
  open_seq: number | null;
  close_seq: number | null;
}

export interface LeverOrderView {
  id: number;
  type: 1 | 2;
  status: LeverStatus;
  symbol: string;
  currency_id: number;
  legal_id: number;
  currency: string;
  legal: string;
  multiple: number;
  share: number;
  lever_share_num: string;
  origin_price: string;
  price: string;
  target_price: string | null;
  update_price: string;
  origin_caution_money: string;
  caution_money: string;
  trade_fee: string;
  target_profit_price: string | null;
  stop_loss_price: string | null;
  liquidation_price: string;
  contract_value: string;
  profits: string;
  close_reason: CloseReason | null;
  create_time: string;
  transaction_time: string | null;
  complete_time: string | null;
  open_seq: number | null;
  close_seq: number | null;
}

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

/** Leveraged contracts: placement, lists, stops, and the position engine on the price tape. */
export class LeverEngine {
  private readonly books = new TriggerBooks<Fire>();
  private readonly live = new Map<number, Live>();
  private readonly byUser = new Map<number, Set<number>>();
  private readonly holdingsByInstrument = new Map<number, Set<number>>();
  private readonly dirty = new Set<number>();
  private readonly unsubscribe: () => void;
  private timer: NodeJS.Timeout | undefined;

  private readonly sql: ReturnType<typeof statementCache>;
  private readonly cursor: TapeCursor;

  constructor(private readonly ctx: AppContext) {
    this.sql = statementCache(ctx.db);
    this.cursor = new TapeCursor(ctx.db, 'lever');
    const rows = this.sql('SELECT * FROM lever_orders WHERE status IN (0, 1)').all() as OrderRow[];
    for (const row of rows) {
      const instrument = ctx.market.instrument(row.instrument_id);
      if (instrument) this.track(row, instrument);
    }
    // Trades recorded after the last one this engine saw (e.g. back-filled downtime) fire what they cross.
    for (const instrumentId of new Set(rows.map((r) => r.instrument_id))) {
      for (const trade of this.cursor.after(instrumentId)) this.onTick(trade);
    }
    this.unsubscribe = ctx.market.onTick((trade) => this.onTick(trade));
    if (ctx.config.market.feed !== 'manual') {
      this.timer = setInterval(() => {
        try {
          this.flushRevaluations();
        } catch (error) {
          ctx.log.error({ err: error }, 'lever revaluation failed');
        }
      }, REVALUE_MS);
      this.timer.unref();
    }
  }

  stop(): void {
    this.unsubscribe();
    if (this.timer) clearInterval(this.timer);
    for (const live of this.live.values()) {
      const last = this.ctx.market.lastTrade(live.instrument.id);
      if (last) this.cursor.set(live.instrument.id, last.seq);
    }
  }

  /** Live orders in memory (tests, bench). */
  get liveCount(): number {
    return this.live.size;
  }

  // ---- memory indexes ---------------------------------------------------------------------------

  private track(row: OrderRow, instrument: Instrument): Live {
    const live: Live = {
      id: row.id,
      userId: row.user_id,
      instrument,
      type: row.type,
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
    let set = this.byUser.get(live.userId);
    if (!set) {
      set = new Set();
      this.byUser.set(live.userId, set);
    }
    set.add(live.id);
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
    this.byUser.get(live.userId)?.delete(live.id);
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

  private row(id: number): OrderRow | undefined {
    return this.sql('SELECT * FROM lever_orders WHERE id = ?').get(id) as OrderRow | undefined;
  }

  private ownRow(userId: number, id: number): OrderRow {
    const row = this.row(id);
    if (!row || row.user_id !== userId) throw notFound('lever.order_not_found');
    return row;
  }

  view(row: OrderRow): LeverOrderView {
    const instrument = this.ctx.market.instrument(row.instrument_id);
    const last = this.ctx.market.lastPrice(row.instrument_id) ?? row.origin_price;
    const open = row.status === 0 || row.status === 1;
    const update = open ? last : (row.close_price ?? row.origin_price);
    const perHand = new Decimal(row.per_hand);
    const profits =
      row.status === 1
        ? profitOf(row.type, new Decimal(row.price), new Decimal(last), row.share, perHand).toFixed()
        : (row.profits ?? '0');
    return {
      id: row.id,
      type: row.type,
      status: row.status,
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
      close_reason: row.close_reason,
      create_time: isoOrNull(row.created_at) ?? '',
      transaction_time: isoOrNull(row.opened_at),
      complete_time: isoOrNull(row.completed_at),
      open_seq: row.open_seq,
      close_seq: row.close_seq,
    };
  }

  private pair(currencyId: number, legalId?: number): Instrument {
    const instrument = this.ctx.market.instrument(currencyId);
    if (!instrument || instrument.id !== currencyId) throw notFound('lever.pair_not_found');
    if (legalId !== undefined && legalId !== instrument.legalId) throw notFound('lever.pair_not_found');
    return instrument;
  }

  deal(userId: number, currencyId: number, legalId?: number) {
    const instrument = this.pair(currencyId, legalId);
    const balance = getBalance(this.ctx.db, userId, 'lever', USDT_ID);
    const now = this.ctx.market.lastPrice(instrument.id) ?? '0';
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
      in_trade: this.ctx.market.inTrade(instrument.id) ? (1 as const) : (0 as const),
    };
  }

  list(
    userId: number,
    input: { status: LeverStatus; currencyId?: number; page?: number; limit?: number },
  ): { data: LeverOrderView[]; total: number; page: number; limit: number } {
    const { page, limit, offset } = pageOf(input, 100, 100);
    const where = ['user_id = ?', 'status = ?'];
    const args: number[] = [userId, input.status];
    if (input.currencyId !== undefined) {
      where.push('instrument_id = ?');
      args.push(input.currencyId);
    }
    const rows = this.sql(
      `SELECT * FROM lever_orders WHERE ${where.join(' AND ')} ORDER BY id DESC LIMIT ? OFFSET ?`,
    ).all(...args, limit, offset) as OrderRow[];
    const { n } = this.sql(`SELECT COUNT(*) AS n FROM lever_orders WHERE ${where.join(' AND ')}`).get(
      ...args,
    ) as { n: number };
    return { data: rows.map((r) => this.view(r)), total: n, page, limit };
  }

  isLocked(userId: number, id: number): 0 | 1 {
    const row = this.ownRow(userId, id);
    return this.live.has(row.id) ? 0 : 1;
  }

  // ---- placing ----------------------------------------------------------------------------------

  submit(userId: number, input: SubmitInput): LeverOrderView {
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
    if (!ctx.market.inTrade(instrument.id)) throw conflict('trade.market_closed');
    const last = ctx.market.lastTrade(instrument.id);
    if (!last) throw conflict('lever.no_market_price');
    const lastPrice = new Decimal(last.price);
    let p = lastPrice;
    if (mode === 0) {
      const target = positiveDecimal(input.target_price, instrument.precision);
      if (!target) throw badRequest('lever.price_invalid', { field: 'target_price' });
      if (type === 1 ? target.isGreaterThan(lastPrice) : target.isLessThan(lastPrice))
        throw badRequest('lever.limit_price_side', { field: 'target_price' });
      p = target;
    }
    if ((this.byUser.get(userId)?.size ?? 0) >= MAX_OPEN_ORDERS) throw badRequest('lever.too_many_orders');
    const f = leverFigures(instrument, type, p, share, multiple);
    const now = ctx.clock.now();
    const base = { userId, walletType: 'lever' as const, currencyId: USDT_ID };
    const row = ctx.db
      .transaction(() => {
        const info = this.sql(
          `INSERT INTO lever_orders (user_id, instrument_id, type, order_mode, status, share, multiple, per_hand, spread,
               fee_rate, origin_price, price, target_price, margin, fee, liquidation_price, created_at, opened_at, open_seq)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(
          userId,
          instrument.id,
          type,
          mode,
          mode === 1 ? 1 : 0,
          share,
          multiple,
          instrument.leverShareNum,
          instrument.spread,
          instrument.leverTradeFee,
          mode === 1 ? last.price : p.toFixed(),
          f.price.toFixed(),
          mode === 0 ? p.toFixed() : null,
          f.margin.toFixed(),
          f.fee.toFixed(),
          formatTicks(f.liquidationTicks, instrument.precision),
          now,
          mode === 1 ? now : null,
          mode === 1 ? last.seq : null,
        );
        const id = Number(info.lastInsertRowid);
        this.cursor.set(instrument.id, last.seq);
        const entries: LedgerEntryInput[] = [];
        if (mode === 1) {
          entries.push(
            { ...base, amount: f.margin.negated(), reason: 'margin_deduction', ref: ref(id) },
            { ...base, field: 'locked', amount: f.margin, reason: 'margin_deduction', ref: ref(id) },
          );
          if (f.fee.isGreaterThan(0))
            entries.push({ ...base, amount: f.fee.negated(), reason: 'fee_deduction', ref: ref(id) });
        } else {
          const hold = f.margin.plus(f.fee);
          entries.push(
            { ...base, amount: hold.negated(), reason: 'margin_deduction', ref: ref(id) },
            { ...base, field: 'locked', amount: hold, reason: 'margin_deduction', ref: ref(id) },
          );
        }
        postLedger(
          ctx.db,
          entries.filter((e) => !new Decimal(e.amount).isZero()),
          { now },
        );
        return this.row(id) as OrderRow;
      })
      .immediate();
    this.track(row, instrument);
    this.push(userId, mode === 1 ? 'open' : 'pending', row.id);
    return this.view(this.row(row.id) as OrderRow);
  }

  cancel(userId: number, id: number): LeverOrderView {
    const row = this.ownRow(userId, id);
    const live = this.live.get(id);
    if (row.status !== 0 || !live) throw conflict('lever.not_pending');
    const now = this.ctx.clock.now();
    const hold = new Decimal(row.margin).plus(row.fee);
    this.ctx.db
      .transaction(() => {
        const base = {
          userId,
          walletType: 'lever' as const,
          currencyId: USDT_ID,
          reason: 'margin_release',
          ref: ref(id),
        };
        if (hold.isGreaterThan(0))
          postLedger(
            this.ctx.db,
            [
              { ...base, field: 'locked', amount: hold.negated() },
              { ...base, amount: hold },
            ],
            {
              now,
            },
          );
        this.sql('UPDATE lever_orders SET status = 4, completed_at = ? WHERE id = ?').run(now, id);
      })
      .immediate();
    this.untrack(live);
    this.push(userId, 'cancel', id);
    return this.view(this.row(id) as OrderRow);
  }

  close(userId: number, id: number): LeverOrderView {
    const row = this.ownRow(userId, id);
    const live = this.live.get(id);
    if (row.status !== 1 || !live) throw conflict('lever.not_holding');
    if (!this.ctx.market.inTrade(live.instrument.id)) throw conflict('trade.market_closed');
    const last = this.ctx.market.lastTrade(live.instrument.id);
    if (!last) throw conflict('lever.no_market_price');
    this.ctx.db.transaction(() => this.closeLive(live, last, 'manual')).immediate();
    this.push(userId, 'close', id);
    return this.view(this.row(id) as OrderRow);
  }

  setStop(userId: number, input: StopInput): LeverOrderView {
    const row = this.ownRow(userId, input.id);
    const live = this.live.get(input.id);
    if (row.status !== 1 || !live) throw conflict('lever.not_holding');
    const parse = (value: string | undefined, field: string): Decimal | undefined => {
      if (value === undefined || value.trim() === '' || /^0+(\.0+)?$/.test(value.trim())) return undefined;
      const d = positiveDecimal(value, 8);
      if (!d) throw badRequest('lever.stop_invalid', { field });
      return d;
    };
    const tp = parse(input.target_profit_price, 'target_profit_price');
    const sl = parse(input.stop_loss_price, 'stop_loss_price');
    const current = new Decimal(this.ctx.market.lastPrice(live.instrument.id) ?? row.origin_price);
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
    const lastSeq = this.ctx.market.lastTrade(live.instrument.id)?.seq;
    this.ctx.db
      .transaction(() => {
        this.sql('UPDATE lever_orders SET target_profit_price = ?, stop_loss_price = ? WHERE id = ?').run(
          tp?.toFixed() ?? null,
          sl?.toFixed() ?? null,
          input.id,
        );
        if (lastSeq !== undefined) this.cursor.set(live.instrument.id, lastSeq);
      })
      .immediate();
    live.tp = tp;
    live.sl = sl;
    this.arm(live);
    this.push(userId, 'setstop', input.id);
    return this.view(this.row(input.id) as OrderRow);
  }

  // ---- the engine -------------------------------------------------------------------------------

  private onTick(trade: TapeTrade): void {
    const book = this.books.get(trade.instrumentId);
    if ((this.holdingsByInstrument.get(trade.instrumentId)?.size ?? 0) > 0)
      this.dirty.add(trade.instrumentId);
    if (!book || book.size === 0) return;
    const instrument = this.ctx.market.instrument(trade.instrumentId);
    if (!instrument) return;
    this.process(instrument, trade);
  }

  /** Applies every trigger a trade crosses (an order that opens may be closed by the same trade). */
  private process(instrument: Instrument, trade: TapeTrade): void {
    const book = this.books.get(instrument.id);
    if (!book) return;
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
      this.ctx.db
        .transaction(() => {
          this.cursor.set(instrument.id, trade.seq);
          for (const [id, kinds] of byId) {
            const live = this.live.get(id);
            if (!live) continue;
            // Each order in its own savepoint: one failure never blocks the others, and the
            // failed order gets its triggers back.
            try {
              this.ctx.db.transaction(() => {
                if (live.status === 0) {
                  if (kinds.has('open')) {
                    this.openPending(live, trade);
                    events.push([live.userId, id, 'open']);
                  }
                  return;
                }
                const reason: CloseReason | undefined = kinds.has('liq')
                  ? 'liquidation'
                  : kinds.has('tp')
                    ? 'take_profit'
                    : kinds.has('sl')
                      ? 'stop_loss'
                      : undefined;
                if (!reason) return;
                this.closeLive(live, trade, reason);
                events.push([live.userId, id, reason]);
              })();
            } catch (error) {
              this.ctx.log.error({ err: error, order: id }, 'lever trigger failed');
              if (this.live.has(id)) this.arm(live);
            }
          }
        })
        .immediate();
    }
    for (const [userId, id, event] of events) this.push(userId, event, id);
  }

  /** A pending limit order opens at its limit price: the fee held with the margin is charged. */
  private openPending(live: Live, trade: TapeTrade): void {
    const now = this.ctx.clock.now();
    if (live.fee.isGreaterThan(0)) {
      postLedger(
        this.ctx.db,
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
    this.sql('UPDATE lever_orders SET status = 1, opened_at = ?, open_seq = ? WHERE id = ?').run(
      now,
      trade.seq,
      live.id,
    );
    live.status = 1;
    this.holdingSet(live.instrument.id).add(live.id);
    this.arm(live);
  }

  /** Closes a holding position at a tape trade's price: margin, P/L (or liquidation) in the ledger. */
  private closeLive(live: Live, trade: TapeTrade, reason: CloseReason): void {
    const now = this.ctx.clock.now();
    const close = new Decimal(trade.price);
    const base = {
      userId: live.userId,
      walletType: 'lever' as const,
      currencyId: USDT_ID,
      ref: ref(live.id),
    };
    let profits: Decimal;
    const entries: LedgerEntryInput[] = [];
    if (reason === 'liquidation') {
      profits = live.margin.negated();
      entries.push({ ...base, field: 'locked', amount: live.margin.negated(), reason: 'liquidation' });
    } else {
      const pl = profitOf(live.type, live.price, close, live.share, live.perHand);
      // A loss never exceeds the margin (the balance cannot go below zero).
      profits = pl.isNegative() ? Decimal.max(pl, live.margin.negated()) : pl;
      entries.push(
        { ...base, field: 'locked', amount: live.margin.negated(), reason: 'margin_release' },
        { ...base, amount: live.margin, reason: 'margin_release' },
      );
      if (profits.isGreaterThan(0)) entries.push({ ...base, amount: profits, reason: 'profit' });
      else if (profits.isNegative()) entries.push({ ...base, amount: profits, reason: 'loss' });
    }
    postLedger(
      this.ctx.db,
      entries.filter((e) => !new Decimal(e.amount).isZero()),
      { now },
    );
    this.sql(
      `UPDATE lever_orders SET status = 3, close_price = ?, profits = ?, close_reason = ?, completed_at = ?, close_seq = ?
         WHERE id = ?`,
    ).run(trade.price, profits.toFixed(), reason, now, trade.seq, live.id);
    this.untrack(live);
  }

  // ---- channel ----------------------------------------------------------------------------------

  private rowsOf(userId: number, status: 0 | 1): LeverOrderView[] {
    const rows = this.sql(
      'SELECT * FROM lever_orders WHERE user_id = ? AND status = ? ORDER BY id DESC LIMIT 100',
    ).all(userId, status) as OrderRow[];
    return rows.map((r) => this.view(r));
  }

  /** Pushes a change to its owner on lever_trade (nothing is computed when nobody listens). */
  private push(userId: number, event: LeverEvent, id: number | null): void {
    if (!userListening(this.ctx, userId, 'lever_trade')) return;
    const row = id === null ? undefined : this.row(id);
    this.ctx.hub.publishToUser(userId, 'lever_trade', {
      event,
      id,
      order: row ? this.view(row) : null,
      trades_all: JSON.stringify(this.rowsOf(userId, 1)),
      trades_entrust: JSON.stringify(this.rowsOf(userId, 0)),
    });
  }

  /** One `revalue` push per listening user holding a pair whose price moved since the last run. */
  flushRevaluations(): number {
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
      this.push(userId, 'revalue', null);
      pushed += 1;
    }
    return pushed;
  }
}

function formatTicks(ticks: number, precision: number): string {
  return new Decimal(ticks).div(new Decimal(10).pow(precision)).toFixed(precision);
}
