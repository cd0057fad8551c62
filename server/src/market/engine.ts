import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../core/clock';
import type { MarketConfig } from '../core/config';
import { badRequest, notFound } from '../core/errors';
import type { Store } from '../db';
import type { ChannelFilter, Hub, SubscribeEvent } from '../realtime/hub';
import {
  addTrade,
  type Candle,
  candleOfTrade,
  type CandleView,
  type CandleWrite,
  tradeAmount,
  viewOf,
} from './candles';
import { colorOf, formatUnits, parseUnits, percentChange } from './decimal';
import { simulateDepth, type DepthBook } from './depth';
import { type FeedTrade, type MarketFeed, SimulatedFeed } from './feed';
import { findInstrument, type Instrument, INSTRUMENTS, instrumentById } from './instruments';
import { isOpen, nextChange } from './schedule';
import { type KeptTrade, MarketStorage } from './storage';
import { flagsOf, type TapePoint, type TapeRow, type TapeTrade } from './tape';
import { bucketEnd, bucketStart, DAY_MS, type Period, PERIODS } from './time';

/** Crypto quote (spec §3 "Quote (crypto)"), element of quotation_new's `quotation` and the daymarket payload. */
export interface CryptoQuote {
  id: number;
  currency_id: number;
  legal_id: number;
  currency_name: string;
  legal_name: string;
  symbol: string;
  logo: string;
  now_price: string;
  change: string;
  volume: string;
  high: string;
  low: string;
  open: string;
  color: 1 | 0 | -1;
  spread: string;
  lever_trade_fee: string;
  lever_share_num: string;
}

/** Metals / futures quote (spec §3 "Quote (futures/metals)"), element of futureslist and the futures payload. */
export interface FuturesQuote {
  id: number;
  currency_id: number;
  legal_id: number;
  symbol: string;
  name: string;
  logo: string;
  new_price: string;
  last_close: string;
  open_price: string;
  high_price: string;
  low_price: string;
  volume: string;
  inTrade: 1 | 0;
  change: string;
  color: 1 | 0 | -1;
  spread: string;
  lever_trade_fee: string;
  lever_share_num: string;
}

/** A recent trade as new_tradehistory and market_detail hand it out. */
export interface TradeView {
  seq: number;
  price: string;
  number: string;
  /** 1 sell, 2 buy (taker side). */
  way: 1 | 2;
  /** Epoch ms. */
  time: number;
}

export interface DepthView extends DepthBook {
  currency_id: number;
  legal_id: number;
  symbol: string;
}

export interface ScheduleView {
  currency_id: number;
  symbol: string;
  inTrade: 1 | 0;
  /** Epoch ms of the next open/close, null when always open. */
  next_change: number | null;
}

export interface PinResult {
  symbol: string;
  currency_id: number;
  /** The pinned price, null once released. */
  price: string | null;
  last_price: string | undefined;
}

/**
 * Called for every trade once it is stored, in tape order. A listener that returns a promise is
 * awaited (with the others of the same batch) before the market records its next trades, so
 * `await market.tick()` and `await market.pin()` resolve after the engines handled the trades.
 */
export type TickListener = (trade: TapeTrade) => void | Promise<void>;

/**
 * The market engine, as the rest of the server uses it (`ctx.market`). Instrument ids are
 * currency ids (see instruments.ts).
 */
export interface Market {
  readonly instruments: readonly Instrument[];
  readonly feedName: string;
  /** By id, name (BTC, XAUUSD) or symbol (BTC/USDT). */
  instrument(ref: string | number): Instrument | undefined;
  /** Price of the last tape trade (decimal text), undefined if none. */
  lastPrice(instrumentId: number): string | undefined;
  lastTrade(instrumentId: number): TapeTrade | undefined;
  /** The tape's price at an instant: the last trade at or before `timeMs` (with its seq), undefined before the tape. */
  priceAt(instrumentId: number, timeMs: number): Promise<TapePoint | undefined>;
  /** Called for every trade after it is stored; returns an unsubscribe function. */
  onTick(listener: TickListener): () => void;
  /** Whether the instrument trades at `timeMs` (default now). */
  inTrade(instrumentId: number, timeMs?: number): boolean;
  schedule(instrumentId: number): ScheduleView;
  cryptoQuotes(): CryptoQuote[];
  futuresQuotes(kind: 'metal' | 'futures'): FuturesQuote[];
  depth(instrumentId: number): DepthView;
  /** Candles of a period: those with `from <= time <= to` (newest `limit`), or the newest `limit` up to `to`. */
  candles(
    instrumentId: number,
    period: Period,
    range: { from?: number; to?: number; limit: number },
  ): Promise<CandleView[]>;
  /** 1-minute candles of the latest Shanghai day that has any (futuresMinuts). */
  dayMinutes(instrumentId: number): Promise<Array<CandleView & { amount: string }>>;
  /** Newest first. */
  recentTrades(instrumentId: number, limit: number): TradeView[];
  /** Dev tool: pins the instrument's prints to `price` (null releases); prints once at once. */
  pin(ref: string, price: string | null): Promise<PinResult>;
  /** Manual feed: lets the feed emit the trades due up to the clock's now, checks schedules; returns the number of trades. */
  tick(): Promise<number>;
  /** Runs the publisher once (the timer does it every MARKET_PUBLISH_MS). */
  publish(): void;
  /** Deletes expired tape trades (the timer does it every minute). Returns the number deleted. */
  prune(): Promise<number>;
  /** Starts the feed, the publisher and the pruner (the engine node only: an engine job). */
  startFeed(): Promise<void>;
  /** Stops them; resolves once the trades being recorded are stored and handled. */
  stopFeed(): Promise<void>;
  /** Applies trades the engine node stored (relayed over the bus) to this node's state. */
  applyRemote(trades: readonly TapeTrade[]): void;
  /** Stops the feed and timers; resolves once the trades being recorded are stored and handled. */
  stop(): Promise<void>;
}

export interface MarketDeps {
  store: Store;
  clock: Clock;
  hub: Hub;
  config: MarketConfig;
  log: FastifyBaseLogger;
  publicOrigin: string;
}

interface LastTrade {
  trade: TapeTrade;
  ticks: number;
}

interface InstrumentState {
  instrument: Instrument;
  filter: ChannelFilter;
  /** The last trade stored and handed to the listeners (what `lastTrade` and `priceAt` answer). */
  last: LastTrade | undefined;
  /** The last trade taken in (candles built), possibly not stored yet: times never go back from it. */
  head: LastTrade | undefined;
  /** Current (newest) candle per period, and where its bucket ends. */
  candles: Partial<Record<Period, Candle>>;
  ends: Partial<Record<Period, number>>;
  /** The daily candle before the current one (last_close). */
  prevDay: Candle | undefined;
  /** Newest 1-minute candles (<= 1441, oldest first; the last one is the current candle). */
  minutes: Candle[];
  /** Newest trades, oldest first (<= 50). */
  recent: TapeTrade[];
  /** Trades not yet published on market_detail. */
  pendingDetail: TapeTrade[];
  quoteDirty: boolean;
  depthDirty: boolean;
  dirtyPeriods: Set<Period>;
  /** Candles that closed since the last publish (their final state goes out before the new candle). */
  rolled: Map<Period, Candle>;
  inTrade: boolean;
  pinned: number | undefined;
  depthCache: { seq: number; view: DepthView } | undefined;
}

const RECENT_KEPT = 50;
const DETAIL_MAX = 20;
/** The engine node's storage timer: partitions ahead (PostgreSQL) and the tape's retention. */
const MAINTAIN_EVERY_MS = 60_000;

const candleChannel = (i: Instrument) => (i.kind === 'crypto' ? 'kline' : 'futures_kline');
const quoteChannel = (i: Instrument) => (i.kind === 'crypto' ? 'daymarket' : 'futures');

/** Builds the market: back-fills history (first start) or the gap since the last run, loads state. The feed starts with `startFeed` (an engine job). */
export async function createMarket(deps: MarketDeps): Promise<Market> {
  const engine = new MarketEngine(deps);
  await engine.start();
  return engine;
}

class MarketEngine implements Market {
  readonly instruments = INSTRUMENTS;
  readonly feedName: string;
  private readonly storage: MarketStorage;
  private readonly states = new Map<number, InstrumentState>();
  private readonly listeners = new Set<TickListener>();
  private feed: MarketFeed | undefined;
  private nextSeq = 1;
  /** Trades are recorded one batch at a time, in order: each batch waits for the one before. */
  private chain: Promise<unknown> = Promise.resolve();
  private pruning: Promise<number> | undefined;
  private timers: NodeJS.Timeout[] = [];
  private unsubscribeHook: (() => void) | undefined;
  private stopped = false;
  private feedRunning = false;

  constructor(private readonly deps: MarketDeps) {
    this.storage = new MarketStorage(deps.store, deps.log);
    this.feedName = deps.config.feed;
  }

  async start(): Promise<void> {
    const now = this.deps.clock.now();
    await this.storage.open(now);
    this.nextSeq = await this.storage.nextSeq();
    this.nextSeq = await this.storage.backfillOrGapFill(this.deps.config, now, this.nextSeq);
    for (const instrument of INSTRUMENTS) this.states.set(instrument.id, await this.loadState(instrument));
    await this.seedMissingPrices();
    await this.prune();
    this.unsubscribeHook = this.deps.hub.onSubscribe((event) => this.onSubscribe(event));
  }

  /**
   * The engine node's part (an engine job, see cluster/README.md): the feed, the publisher and the
   * pruner. The feed carries on from the last trade this node knows (its own or relayed ones).
   */
  async startFeed(): Promise<void> {
    if (this.feedRunning || this.stopped) return;
    this.feedRunning = true;
    const { config, clock } = this.deps;
    await this.chain;
    this.nextSeq = Math.max(this.nextSeq, await this.storage.nextSeq());
    this.feed =
      config.feed === 'off'
        ? undefined
        : new SimulatedFeed(INSTRUMENTS, {
            seed: config.seed,
            clock,
            tickMs: config.feedTickMs,
            start: (instrument) => {
              const last = this.states.get(instrument.id)?.last;
              return last ? { ticks: last.ticks, time: last.trade.time } : undefined;
            },
          });
    if (config.feed !== 'manual') {
      this.feed?.start((trades) => void this.safely('ingest', () => this.ingest(trades)));
      this.timers.push(
        setInterval(() => void this.safely('publish', () => this.publish()), config.publishMs),
      );
      this.timers.push(setInterval(() => void this.safely('prune', () => this.prune()), MAINTAIN_EVERY_MS));
      for (const timer of this.timers) timer.unref();
    }
  }

  // ---- start-up -------------------------------------------------------------------------------

  private async loadState(instrument: Instrument): Promise<InstrumentState> {
    const { storage } = this;
    const recent = (await storage.recent(instrument.id, RECENT_KEPT)).reverse();
    const newest = recent[recent.length - 1];
    const candles: Partial<Record<Period, Candle>> = {};
    const ends: Partial<Record<Period, number>> = {};
    let minutes: Candle[] = [];
    for (const period of PERIODS) {
      const latest = await storage.latestCandles(instrument, period, period === '1min' ? 1441 : 1);
      const candle = latest[latest.length - 1];
      if (period === '1min') minutes = latest;
      if (candle) {
        candles[period] = candle;
        ends[period] = bucketEnd(period, candle.time);
      }
    }
    const day = candles['1day'];
    const last = newest
      ? { trade: newest, ticks: parseUnits(newest.price, instrument.precision) ?? 1 }
      : undefined;
    return {
      instrument,
      filter: { currency_id: instrument.id, legal_id: instrument.legalId, symbol: instrument.symbol },
      last,
      head: last,
      candles,
      ends,
      prevDay: day ? await storage.candleBefore(instrument, '1day', day.time) : undefined,
      minutes,
      recent,
      pendingDetail: [],
      quoteDirty: false,
      depthDirty: false,
      dirtyPeriods: new Set(),
      rolled: new Map(),
      inTrade: isOpen(instrument.schedule, this.deps.clock.now()),
      pinned: undefined,
      depthCache: undefined,
    };
  }

  /** Without history (MARKET_BACKFILL=none on a new database) each instrument starts with one print at its start price. */
  private async seedMissingPrices(): Promise<void> {
    const now = this.deps.clock.now();
    const seeds: FeedTrade[] = [];
    for (const state of this.states.values()) {
      if (state.last) continue;
      const { instrument } = state;
      const ticks = parseUnits(instrument.startPrice, instrument.precision) ?? 1;
      seeds.push({ instrumentId: instrument.id, time: now, ticks, lots: 1, side: 2, kind: 0 });
    }
    if (seeds.length > 0) await this.ingest(seeds, 2);
  }

  // ---- trades ---------------------------------------------------------------------------------

  /**
   * Records trades: tape and candles in one transaction (one multi-row insert each), then the
   * in-memory state and the listeners. Batches are recorded one at a time, in order.
   */
  private ingest(trades: readonly FeedTrade[], kindOverride?: 2): Promise<void> {
    const run = this.chain.then(() => this.ingestNow(trades, kindOverride));
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async ingestNow(trades: readonly FeedTrade[], kindOverride?: 2): Promise<void> {
    if (trades.length === 0 || this.stopped) return;
    const sorted = [...trades].sort((a, b) => a.time - b.time);
    const rows: Array<{ state: InstrumentState; trade: TapeTrade; ticks: number; row: TapeRow }> = [];
    const candles = new Set<CandleWrite>();
    for (const feedTrade of sorted) {
      const state = this.states.get(feedTrade.instrumentId);
      if (!state) continue;
      const { instrument } = state;
      const time = Math.max(feedTrade.time, state.head?.trade.time ?? feedTrade.time);
      const trade: TapeTrade = {
        seq: this.nextSeq++,
        instrumentId: instrument.id,
        time,
        price: formatUnits(feedTrade.ticks, instrument.precision),
        qty: formatUnits(feedTrade.lots, instrument.qtyPrecision),
        side: feedTrade.side,
        kind: kindOverride ?? feedTrade.kind,
      };
      const row: TapeRow = {
        instrument_id: instrument.id,
        time,
        seq: trade.seq,
        ticks: feedTrade.ticks,
        lots: feedTrade.lots,
        flags: flagsOf(trade.side, trade.kind),
      };
      rows.push({ state, trade, ticks: feedTrade.ticks, row });
      this.applyTrade(state, trade, feedTrade.ticks, feedTrade.lots, candles);
    }
    if (rows.length === 0) return;
    // Every candle a trade touched (those that closed inside the batch included), each once.
    const writes = [...candles];
    await this.storage.record(
      rows.map((r) => r.row),
      writes,
    );
    const handled: Array<Promise<void>> = [];
    for (const { state, trade, ticks } of rows) {
      this.announce(state, trade, ticks);
      for (const listener of this.listeners) {
        try {
          const result = listener(trade);
          if (result) handled.push(result);
        } catch (error) {
          this.deps.log.error({ err: error }, 'market tick listener failed');
        }
      }
    }
    if (handled.length === 0) return;
    for (const outcome of await Promise.allSettled(handled)) {
      if (outcome.status === 'rejected')
        this.deps.log.error({ err: outcome.reason as unknown }, 'market tick listener failed');
    }
  }

  /** A stored trade becomes the instrument's last trade, joins its recent list and the channels' news. */
  private announce(state: InstrumentState, trade: TapeTrade, ticks: number): void {
    state.last = { trade, ticks };
    state.recent.push(trade);
    if (state.recent.length > RECENT_KEPT) state.recent.splice(0, state.recent.length - RECENT_KEPT);
    state.pendingDetail.push(trade);
    if (state.pendingDetail.length > DETAIL_MAX)
      state.pendingDetail.splice(0, state.pendingDetail.length - DETAIL_MAX);
    state.quoteDirty = true;
    state.depthDirty = true;
  }

  private applyTrade(
    state: InstrumentState,
    trade: TapeTrade,
    ticks: number,
    lots: number,
    written: Set<CandleWrite>,
  ) {
    const amount = tradeAmount(state.instrument, ticks, lots);
    for (const period of PERIODS) {
      const current = state.candles[period];
      const end = state.ends[period];
      if (current && end !== undefined && trade.time < end && trade.time >= current.time) {
        addTrade(current, ticks, lots, amount);
      } else {
        const start = bucketStart(period, trade.time);
        const candle = candleOfTrade(start, ticks, lots, amount);
        if (current && state.dirtyPeriods.has(period)) state.rolled.set(period, current);
        if (period === '1day' && current) state.prevDay = current;
        state.candles[period] = candle;
        state.ends[period] = bucketEnd(period, start);
        if (period === '1min') {
          state.minutes.push(candle);
          if (state.minutes.length > 1441) state.minutes.splice(0, state.minutes.length - 1441);
        }
      }
      const candle = state.candles[period];
      if (candle) written.add(this.writeOf(state, period, candle));
      state.dirtyPeriods.add(period);
    }
    state.head = { trade, ticks };
  }

  /** One CandleWrite per candle object, so a batch writes each touched candle once. */
  private readonly writes = new WeakMap<Candle, CandleWrite>();
  private writeOf(state: InstrumentState, period: Period, candle: Candle): CandleWrite {
    let write = this.writes.get(candle);
    if (!write) {
      write = { instrument: state.instrument, period, candle };
      this.writes.set(candle, write);
    }
    return write;
  }

  async tick(): Promise<number> {
    if (this.stopped) return 0;
    const trades = this.feed?.poll?.(this.deps.clock.now()) ?? [];
    await this.ingest(trades);
    this.checkSchedules(this.deps.clock.now());
    return trades.length;
  }

  // ---- reading ----------------------------------------------------------------------------------

  instrument(ref: string | number): Instrument | undefined {
    return findInstrument(ref);
  }

  private stateOf(instrumentId: number): InstrumentState {
    const state = this.states.get(instrumentId);
    if (!state) throw notFound('market.symbol_not_found');
    return state;
  }

  lastPrice(instrumentId: number): string | undefined {
    return this.states.get(instrumentId)?.last?.trade.price;
  }

  lastTrade(instrumentId: number): TapeTrade | undefined {
    return this.states.get(instrumentId)?.last?.trade;
  }

  /** Read from the stored tape (not this node's memory): right whichever node recorded the trade. */
  async priceAt(instrumentId: number, timeMs: number): Promise<TapePoint | undefined> {
    return this.storage.priceAt(instrumentId, timeMs);
  }

  onTick(listener: TickListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  inTrade(instrumentId: number, timeMs?: number): boolean {
    const instrument = instrumentById(instrumentId);
    return instrument ? isOpen(instrument.schedule, timeMs ?? this.deps.clock.now()) : false;
  }

  schedule(instrumentId: number): ScheduleView {
    const { instrument } = this.stateOf(instrumentId);
    const now = this.deps.clock.now();
    return {
      currency_id: instrument.id,
      symbol: instrument.symbol,
      inTrade: isOpen(instrument.schedule, now) ? 1 : 0,
      next_change: nextChange(instrument.schedule, now) ?? null,
    };
  }

  private logo(instrument: Instrument): string {
    return `${this.deps.publicOrigin}/api/assets/coin/${instrument.name}.svg`;
  }

  private cryptoQuote(state: InstrumentState): CryptoQuote {
    const { instrument } = state;
    const p = instrument.precision;
    const now = this.deps.clock.now();
    const lastTicks = state.last?.ticks ?? 0;
    // Rolling 24 hours of 1-minute candles.
    const since = now - DAY_MS;
    let open: number | undefined;
    let high = lastTicks;
    let low = lastTicks;
    let volume = 0;
    for (const candle of state.minutes) {
      if (candle.time < since) continue;
      if (open === undefined) {
        open = candle.open;
        high = candle.high;
        low = candle.low;
      }
      if (candle.high > high) high = candle.high;
      if (candle.low < low) low = candle.low;
      volume += candle.volume;
    }
    const base = open ?? lastTicks;
    return {
      id: instrument.matchId,
      currency_id: instrument.id,
      legal_id: instrument.legalId,
      currency_name: instrument.name,
      legal_name: instrument.quoteName,
      symbol: instrument.symbol,
      logo: this.logo(instrument),
      now_price: formatUnits(lastTicks, p),
      change: percentChange(lastTicks, base),
      volume: formatUnits(volume, instrument.qtyPrecision),
      high: formatUnits(Math.max(high, lastTicks), p),
      low: formatUnits(Math.min(low, lastTicks), p),
      open: formatUnits(base, p),
      color: colorOf(lastTicks, base),
      spread: instrument.spread,
      lever_trade_fee: instrument.leverTradeFee,
      lever_share_num: instrument.leverShareNum,
    };
  }

  private futuresQuote(state: InstrumentState): FuturesQuote {
    const { instrument } = state;
    const p = instrument.precision;
    const lastTicks = state.last?.ticks ?? 0;
    // The latest trading day (Asia/Shanghai): on a closed day, the last day that traded.
    const day = state.candles['1day'];
    const open = day?.open ?? lastTicks;
    const lastClose = state.prevDay?.close ?? open;
    return {
      id: instrument.matchId,
      currency_id: instrument.id,
      legal_id: instrument.legalId,
      symbol: instrument.symbol,
      name: instrument.title,
      logo: this.logo(instrument),
      new_price: formatUnits(lastTicks, p),
      last_close: formatUnits(lastClose, p),
      open_price: formatUnits(open, p),
      high_price: formatUnits(Math.max(day?.high ?? lastTicks, lastTicks), p),
      low_price: formatUnits(Math.min(day?.low ?? lastTicks, lastTicks), p),
      volume: formatUnits(day?.volume ?? 0, instrument.qtyPrecision),
      inTrade: isOpen(instrument.schedule, this.deps.clock.now()) ? 1 : 0,
      change: percentChange(lastTicks, lastClose),
      color: lastTicks === open ? 0 : colorOf(lastTicks, lastClose),
      spread: instrument.spread,
      lever_trade_fee: instrument.leverTradeFee,
      lever_share_num: instrument.leverShareNum,
    };
  }

  private quoteOf(state: InstrumentState): CryptoQuote | FuturesQuote {
    return state.instrument.kind === 'crypto' ? this.cryptoQuote(state) : this.futuresQuote(state);
  }

  cryptoQuotes(): CryptoQuote[] {
    return INSTRUMENTS.filter((i) => i.kind === 'crypto').map((i) => this.cryptoQuote(this.stateOf(i.id)));
  }

  futuresQuotes(kind: 'metal' | 'futures'): FuturesQuote[] {
    return INSTRUMENTS.filter((i) => i.kind === kind).map((i) => this.futuresQuote(this.stateOf(i.id)));
  }

  private depthOf(state: InstrumentState): DepthView {
    const { instrument } = state;
    const lastTicks = state.last?.ticks ?? 1;
    // One book per last trade: repeated reads agree, the book moves with the tape.
    const seq = state.last?.trade.seq ?? 0;
    if (state.depthCache?.seq === seq) return state.depthCache.view;
    const book = simulateDepth(instrument, lastTicks, this.deps.config.seed, seq);
    const view: DepthView = {
      bids: book.bids,
      asks: book.asks,
      currency_id: instrument.id,
      legal_id: instrument.legalId,
      symbol: instrument.symbol,
    };
    state.depthCache = { seq, view };
    return view;
  }

  depth(instrumentId: number): DepthView {
    return this.depthOf(this.stateOf(instrumentId));
  }

  async candles(
    instrumentId: number,
    period: Period,
    range: { from?: number; to?: number; limit: number },
  ): Promise<CandleView[]> {
    const { instrument } = this.stateOf(instrumentId);
    const to = range.to ?? this.deps.clock.now();
    const rows = await this.storage.rangeCandles(instrument, period, range.from ?? 0, to, range.limit);
    return rows.map((c) => viewOf(instrument, c));
  }

  async dayMinutes(instrumentId: number): Promise<Array<CandleView & { amount: string }>> {
    const { instrument, candles } = this.stateOf(instrumentId);
    const latest = candles['1min'];
    if (!latest) return [];
    const dayStart = bucketStart('1day', latest.time);
    const rows = await this.storage.rangeCandles(instrument, '1min', dayStart, latest.time, 1440);
    return rows.map((c) => ({ ...viewOf(instrument, c), amount: formatUnits(c.amount, 2) }));
  }

  recentTrades(instrumentId: number, limit: number): TradeView[] {
    const state = this.stateOf(instrumentId);
    return state.recent
      .slice(-limit)
      .reverse()
      .map((t) => tradeView(t));
  }

  // ---- dev tool -------------------------------------------------------------------------------

  async pin(ref: string, price: string | null): Promise<PinResult> {
    const instrument = findInstrument(ref);
    if (!instrument) throw notFound('market.symbol_not_found');
    const state = this.stateOf(instrument.id);
    if (price === null) {
      state.pinned = undefined;
      this.feed?.pin?.(instrument.id, null);
      state.quoteDirty = true;
      state.depthDirty = true;
      return {
        symbol: instrument.symbol,
        currency_id: instrument.id,
        price: null,
        last_price: state.last?.trade.price,
      };
    }
    const ticks = parseUnits(price, instrument.precision);
    if (ticks === undefined || ticks <= 0) {
      throw badRequest(
        'validation.failed',
        { field: 'price' },
        `Invalid request data: price: must be above 0 with at most ${instrument.precision} decimals`,
      );
    }
    state.pinned = ticks;
    this.feed?.pin?.(instrument.id, ticks);
    // The pinned price prints at once (even while the market is closed), then the feed's prints follow it.
    await this.ingest([
      { instrumentId: instrument.id, time: this.deps.clock.now(), ticks, lots: 1, side: 2, kind: 1 },
    ]);
    this.publishInstrument(state);
    return {
      symbol: instrument.symbol,
      currency_id: instrument.id,
      price: formatUnits(ticks, instrument.precision),
      last_price: state.last?.trade.price,
    };
  }

  // ---- channels -------------------------------------------------------------------------------

  private checkSchedules(now: number): void {
    const { hub } = this.deps;
    for (const state of this.states.values()) {
      const open = isOpen(state.instrument.schedule, now);
      if (open === state.inTrade) continue;
      state.inTrade = open;
      state.quoteDirty = true;
      state.depthDirty = true;
      const payload = this.schedule(state.instrument.id);
      for (const channel of scheduleChannels(state.instrument)) {
        if (hub.hasSubscribers(channel, {})) hub.publish(channel, {}, payload);
      }
    }
  }

  publish(): void {
    if (this.stopped) return;
    this.checkSchedules(this.deps.clock.now());
    for (const state of this.states.values()) this.publishInstrument(state);
  }

  /** Publishes what changed for one instrument, to subscribed sockets only (nothing is computed otherwise). */
  private publishInstrument(state: InstrumentState): void {
    const { hub } = this.deps;
    const { instrument, filter } = state;
    if (state.quoteDirty) {
      state.quoteDirty = false;
      const channel = quoteChannel(instrument);
      if (hub.hasSubscribers(channel, filter)) hub.publish(channel, filter, this.quoteOf(state));
    }
    if (state.depthDirty) {
      state.depthDirty = false;
      if (hub.hasSubscribers('market_depth', filter))
        hub.publish('market_depth', filter, this.depthOf(state));
    }
    if (state.dirtyPeriods.size > 0) {
      const channel = candleChannel(instrument);
      for (const period of state.dirtyPeriods) {
        const periodFilter = { ...filter, period };
        if (!hub.hasSubscribers(channel, periodFilter)) continue;
        const closed = state.rolled.get(period);
        if (closed) hub.publish(channel, periodFilter, candlePayload(instrument, period, closed));
        const candle = state.candles[period];
        if (candle) hub.publish(channel, periodFilter, candlePayload(instrument, period, candle));
      }
      state.dirtyPeriods.clear();
      state.rolled.clear();
    }
    if (state.pendingDetail.length > 0) {
      if (hub.hasSubscribers('market_detail', filter)) {
        hub.publish('market_detail', filter, {
          currency_id: instrument.id,
          legal_id: instrument.legalId,
          symbol: instrument.symbol,
          data: [...state.pendingDetail].reverse().map(tradeView),
        });
      }
      state.pendingDetail = [];
    }
  }

  /** A new `market_schedule_<currency>` subscriber gets the current state at once (other channels: next change). */
  private onSubscribe(event: SubscribeEvent): void {
    if (!event.channel.startsWith('market_schedule_')) return;
    const instrument = findInstrument(event.channel.slice('market_schedule_'.length));
    if (instrument) event.emit(this.schedule(instrument.id));
  }

  // ---- housekeeping ---------------------------------------------------------------------------

  /** One pruning run at a time (the timer's and a caller's share it). */
  prune(): Promise<number> {
    if (this.stopped) return Promise.resolve(0);
    this.pruning ??= this.pruneNow().finally(() => {
      this.pruning = undefined;
    });
    return this.pruning;
  }

  private async pruneNow(): Promise<number> {
    const kept = new Map<number, KeptTrade>();
    for (const state of this.states.values()) {
      const last = state.last?.trade;
      if (last) kept.set(state.instrument.id, { seq: last.seq, time: last.time });
    }
    return this.storage.maintain(this.deps.clock.now(), this.deps.config.tapeRetentionDays, kept);
  }

  private async safely(what: string, run: () => unknown): Promise<void> {
    try {
      await run();
    } catch (error) {
      this.deps.log.error({ err: error }, `market ${what} failed`);
    }
  }

  async stopFeed(): Promise<void> {
    this.feedRunning = false;
    this.feed?.stop();
    this.feed = undefined;
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    // The batch being recorded finishes (its listeners included) before the database closes.
    await this.chain;
    await this.pruning?.catch(() => undefined);
  }

  /**
   * Trades the engine node stored (relayed over the bus): applied to this node's state (last
   * price, candles, depth, recent trades) and told to the tick listeners, not stored again.
   * Trades already known (by seq) are skipped.
   */
  applyRemote(trades: readonly TapeTrade[]): void {
    if (this.stopped || this.feedRunning) return;
    const candles = new Set<CandleWrite>();
    for (const trade of [...trades].sort((a, b) => a.seq - b.seq)) {
      const state = this.states.get(trade.instrumentId);
      if (!state || (state.head && trade.seq <= state.head.trade.seq)) continue;
      const { instrument } = state;
      const ticks = parseUnits(trade.price, instrument.precision);
      const lots = parseUnits(trade.qty, instrument.qtyPrecision);
      if (ticks === undefined || lots === undefined) continue;
      this.nextSeq = Math.max(this.nextSeq, trade.seq + 1);
      this.applyTrade(state, trade, ticks, lots, candles);
      this.announce(state, trade, ticks);
      for (const listener of this.listeners) {
        try {
          void Promise.resolve(listener(trade)).catch((error: unknown) =>
            this.deps.log.error({ err: error }, 'market tick listener failed'),
          );
        } catch (error) {
          this.deps.log.error({ err: error }, 'market tick listener failed');
        }
      }
    }
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    await this.stopFeed();
    this.stopped = true;
    this.unsubscribeHook?.();
    this.listeners.clear();
  }
}

function tradeView(trade: TapeTrade): TradeView {
  return { seq: trade.seq, price: trade.price, number: trade.qty, way: trade.side, time: trade.time };
}

/** The spec's Candle: time, open, high, low, close, volume, period, change (close vs open, %), symbol. */
function candlePayload(instrument: Instrument, period: Period, candle: Candle) {
  return {
    symbol: instrument.symbol,
    period,
    ...viewOf(instrument, candle),
    change: percentChange(candle.close, candle.open),
    currency_id: instrument.id,
    legal_id: instrument.legalId,
  };
}

/** `market_schedule_<currency id>` and `market_schedule_<name>` (e.g. market_schedule_101, market_schedule_XAUUSD). */
export function scheduleChannels(instrument: Instrument): string[] {
  return [`market_schedule_${instrument.id}`, `market_schedule_${instrument.name}`];
}
