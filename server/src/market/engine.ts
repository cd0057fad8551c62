import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../core/clock';
import type { MarketConfig } from '../core/config';
import { badRequest, notFound } from '../core/errors';
import type { Store } from '../db';
import type { Hub } from '../realtime/hub';
import { type CandleView, viewOf } from './candles';
import { formatUnits, parseUnits } from './decimal';
import { findInstrument, type Instrument, INSTRUMENTS, instrumentById } from './instruments';
import { ChannelPublisher } from './publisher';
import type { PricePort, TickListener } from './port';
import { TapeRecorder } from './recorder';
import { isOpen } from './schedule';
import { type InstrumentState, loadState } from './state';
import { type KeptTrade, MarketStorage } from './storage';
import type { TapePoint, TapeTrade } from './tape';
import { bucketStart, type Period } from './time';
import {
  type CryptoQuote,
  cryptoQuote,
  depthOf,
  type DepthView,
  type FuturesQuote,
  futuresQuote,
  type ScheduleView,
  scheduleView,
  type TradeView,
  tradeView,
} from './views';

export type { TickListener } from './port';
export type { CryptoQuote, DepthView, FuturesQuote, ScheduleView, TradeView } from './views';
export { scheduleChannels } from './views';

/*
 * The market engine is a composition of four jobs (see each file):
 *   storage.ts    tape and candle storage (PostgreSQL day partitions, retention, history back-fill)
 *   recorder.ts   the feed: trades in, seq, recorded in order, in-memory state moved, tick listeners
 *   publisher.ts  channel publishing (quotes, depth, candles, trades, schedule flips)
 *   views.ts      the answers' shapes, computed from the in-memory state (state.ts)
 * This file wires them and keeps the public `Market` interface.
 */

export interface PinResult {
  symbol: string;
  currency_id: number;
  /** The pinned price, null once released. */
  price: string | null;
  last_price: string | undefined;
}

/**
 * The whole market engine: the market's routes and the composition root see it; the other
 * domains see its `PricePort` (`ctx.prices`). Instrument ids are currency ids (see instruments.ts).
 */
export interface Market extends PricePort {
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
  /**
   * Called when this node, starting as the engine node, wrote market history (a back-fill or the
   * gap since the feed last ran). Returns an unsubscribe function.
   */
  onFilled(listener: () => void): () => void;
  /** Not the engine node: loads the state again from the database (after the engine node's fill). */
  reload(): Promise<void>;
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

/** The engine node's storage timer: partitions ahead (PostgreSQL), the tape's retention, compaction. */
const MAINTAIN_EVERY_MS = 60_000;

/** Builds the market: loads state from the database. History (first start) and the gap since the feed last ran are back-filled by `startFeed` (an engine job). */
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
  private readonly recorder: TapeRecorder;
  private readonly publisher: ChannelPublisher;
  private pruning: Promise<number> | undefined;
  private timers: NodeJS.Timeout[] = [];
  private stopped = false;
  private readonly filledListeners = new Set<() => void>();

  constructor(private readonly deps: MarketDeps) {
    this.feedName = deps.config.feed;
    this.storage = new MarketStorage(deps.store, deps.log);
    this.recorder = new TapeRecorder(
      { storage: this.storage, clock: deps.clock, config: deps.config, log: deps.log },
      this.states,
    );
    this.publisher = new ChannelPublisher(
      { hub: deps.hub, clock: deps.clock, seed: deps.config.seed, publicOrigin: deps.publicOrigin },
      this.states,
    );
  }

  async start(): Promise<void> {
    await this.storage.open(this.deps.clock.now());
    await this.recorder.open();
    await this.loadStates();
    await this.prune();
    this.publisher.listen();
  }

  /** Each instrument's state from the database (a state that has seen later trades is kept). */
  private async loadStates(): Promise<void> {
    for (const instrument of INSTRUMENTS) {
      const state = await loadState(this.storage, instrument, this.deps.clock.now());
      const known = this.states.get(instrument.id)?.head?.trade.seq ?? 0;
      if ((state.head?.trade.seq ?? 0) >= known) this.states.set(instrument.id, state);
    }
  }

  async reload(): Promise<void> {
    if (this.stopped || this.recorder.running) return;
    await this.loadStates();
  }

  onFilled(listener: () => void): () => void {
    this.filledListeners.add(listener);
    return () => this.filledListeners.delete(listener);
  }

  /**
   * The engine node's part (an engine job, see cluster/README.md): the history (a new database's,
   * or the gap since the feed last ran: only the engine node writes it), a first print for an
   * instrument without any, then the feed, the publisher and the storage timer (partitions,
   * retention). The feed carries on from the last trade this node knows.
   */
  async startFeed(): Promise<void> {
    if (this.recorder.running || this.stopped) return;
    const { config } = this.deps;
    if (await this.recorder.fill()) {
      await this.loadStates();
      for (const listener of this.filledListeners) listener();
    }
    await this.recorder.seedMissingPrices();
    await this.recorder.startFeed((error) => this.deps.log.error({ err: error }, 'market ingest failed'));
    if (config.feed !== 'manual') {
      this.timers.push(
        setInterval(() => void this.safely('publish', () => this.publish()), config.publishMs),
      );
      this.timers.push(setInterval(() => void this.safely('prune', () => this.prune()), MAINTAIN_EVERY_MS));
      for (const timer of this.timers) timer.unref();
    }
  }

  async tick(): Promise<number> {
    if (this.stopped) return 0;
    const count = await this.recorder.tick(this.deps.clock.now());
    this.publisher.checkSchedules(this.deps.clock.now());
    return count;
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

  tradesAfter(instrumentId: number, seq: number): Promise<TapeTrade[]> {
    return this.storage.tradesAfter(instrumentId, seq);
  }

  onTick(listener: TickListener): () => void {
    return this.recorder.onTick(listener);
  }

  inTrade(instrumentId: number, timeMs?: number): boolean {
    const instrument = instrumentById(instrumentId);
    return instrument ? isOpen(instrument.schedule, timeMs ?? this.deps.clock.now()) : false;
  }

  schedule(instrumentId: number): ScheduleView {
    return scheduleView(this.stateOf(instrumentId).instrument, this.deps.clock.now());
  }

  cryptoQuotes(): CryptoQuote[] {
    const now = this.deps.clock.now();
    return INSTRUMENTS.filter((i) => i.kind === 'crypto').map((i) =>
      cryptoQuote(this.stateOf(i.id), now, this.deps.publicOrigin),
    );
  }

  futuresQuotes(kind: 'metal' | 'futures'): FuturesQuote[] {
    const now = this.deps.clock.now();
    return INSTRUMENTS.filter((i) => i.kind === kind).map((i) =>
      futuresQuote(this.stateOf(i.id), now, this.deps.publicOrigin),
    );
  }

  depth(instrumentId: number): DepthView {
    return depthOf(this.stateOf(instrumentId), this.deps.config.seed);
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
    // Object.assign on the fresh view (1,440 rows): a spread followed by more properties is slow
    // on Node 20.
    return rows.map((c) => Object.assign(viewOf(instrument, c), { amount: formatUnits(c.amount, 2) }));
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
      this.recorder.pinFeed(instrument.id, null);
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
    this.recorder.pinFeed(instrument.id, ticks);
    // The pinned price prints at once (even while the market is closed), then the feed's prints follow it.
    await this.recorder.ingest([
      { instrumentId: instrument.id, time: this.deps.clock.now(), ticks, lots: 1, side: 2, kind: 1 },
    ]);
    this.publisher.publishInstrument(state);
    return {
      symbol: instrument.symbol,
      currency_id: instrument.id,
      price: formatUnits(ticks, instrument.precision),
      last_price: state.last?.trade.price,
    };
  }

  // ---- channels and housekeeping -------------------------------------------------------------

  publish(): void {
    if (this.stopped) return;
    this.publisher.publish();
  }

  /** One storage run at a time (the timer's and a caller's share it). */
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
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    // The batch being recorded finishes (its listeners included) before the database closes.
    await this.recorder.stopFeed();
    await this.pruning?.catch(() => undefined);
  }

  applyRemote(trades: readonly TapeTrade[]): void {
    if (this.stopped) return;
    this.recorder.applyRemote(trades);
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    await this.stopFeed();
    await this.recorder.stop();
    this.stopped = true;
    this.publisher.close();
  }
}
