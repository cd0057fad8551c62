import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../core/clock';
import type { MarketConfig } from '../core/config';
import { dbTrace } from '../db/trace';
import type { CandleWrite } from './candles';
import { formatUnits, parseUnits } from './decimal';
import { type FeedTrade, type MarketFeed, SimulatedFeed } from './feed';
import { INSTRUMENTS } from './instruments';
import type { TickListener } from './port';
import { announce, applyTrade, type InstrumentState } from './state';
import type { MarketStorage } from './storage';
import { flagsOf, type TapeRow, type TapeTrade } from './tape';

export interface RecorderDeps {
  storage: MarketStorage;
  clock: Clock;
  config: MarketConfig;
  log: FastifyBaseLogger;
}

/**
 * The market's feed job: takes the feed's trades in, gives each its seq, records them (tape rows
 * and the candles they touched, one transaction a batch, batches one at a time and in order),
 * then moves the in-memory state and tells the tick listeners. On a node that is not the engine
 * node, trades relayed from it are applied (`applyRemote`) without being stored again.
 */
export class TapeRecorder {
  private readonly listeners = new Set<TickListener>();
  private feed: MarketFeed | undefined;
  private nextSeq = 1;
  /** Trades are recorded one batch at a time, in order: each batch waits for the one before. */
  private chain: Promise<unknown> = Promise.resolve();
  private stopped = false;
  private feedRunning = false;

  constructor(
    private readonly deps: RecorderDeps,
    private readonly states: ReadonlyMap<number, InstrumentState>,
  ) {}

  get running(): boolean {
    return this.feedRunning;
  }

  /** Start-up on every node: the seq to carry on from (nothing is written here). */
  async open(): Promise<void> {
    this.nextSeq = await this.deps.storage.nextSeq();
  }

  /**
   * The engine node, before its feed starts: back-fills the history of a new database (or of an
   * instrument added later) or the gap since the feed last ran. Only the engine node writes
   * history; the other nodes read its rows. Answers whether anything was written.
   */
  async fill(): Promise<boolean> {
    const { storage, config, clock } = this.deps;
    await this.chain;
    const from = Math.max(this.nextSeq, await storage.nextSeq());
    this.nextSeq = await storage.backfillOrGapFill(config, clock.now(), from);
    return this.nextSeq !== from;
  }

  /** Without history (MARKET_BACKFILL=none on a new database) each instrument starts with one print at its start price. */
  async seedMissingPrices(): Promise<void> {
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

  onTick(listener: TickListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Starts the feed (the engine node). It carries on from the last trade this node knows (its own
   * or relayed ones). In manual mode the feed only moves through `tick`.
   */
  async startFeed(onError: (error: unknown) => void): Promise<void> {
    if (this.feedRunning || this.stopped) return;
    this.feedRunning = true;
    const { config, clock, storage } = this.deps;
    await this.chain;
    this.nextSeq = Math.max(this.nextSeq, await storage.nextSeq());
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
    if (config.feed !== 'manual') this.feed?.start((trades) => void this.ingest(trades).catch(onError));
  }

  /** Manual feed: records the trades due up to `now`; returns their number. */
  async tick(now: number): Promise<number> {
    if (this.stopped) return 0;
    const trades = this.feed?.poll?.(now) ?? [];
    await this.ingest(trades);
    return trades.length;
  }

  /** Dev tool: pins (or releases, null) the feed's prints of an instrument. */
  pinFeed(instrumentId: number, ticks: number | null): void {
    this.feed?.pin?.(instrumentId, ticks);
  }

  /**
   * Records trades: tape and candles in one transaction (one multi-row insert each), then the
   * in-memory state and the listeners. Batches are recorded one at a time, in order.
   */
  ingest(trades: readonly FeedTrade[], kindOverride?: 2): Promise<void> {
    const run = this.chain.then(async () => {
      const started = dbTrace.event ? performance.now() : 0;
      await this.ingestNow(trades, kindOverride);
      dbTrace.event?.('tape', started, performance.now(), trades.length);
    });
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
      applyTrade(state, trade, feedTrade.ticks, feedTrade.lots, candles);
    }
    if (rows.length === 0) return;
    // Every candle a trade touched (those that closed inside the batch included), each once.
    await this.deps.storage.record(
      rows.map((r) => r.row),
      [...candles],
    );
    const handled: Array<Promise<void>> = [];
    for (const { state, trade, ticks } of rows) {
      announce(state, trade, ticks);
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
      applyTrade(state, trade, ticks, lots, candles);
      announce(state, trade, ticks);
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

  /** Stops the feed; resolves once the batch being recorded is stored and handled. */
  async stopFeed(): Promise<void> {
    this.feedRunning = false;
    this.feed?.stop();
    this.feed = undefined;
    await this.chain;
  }

  async stop(): Promise<void> {
    await this.stopFeed();
    this.stopped = true;
    this.listeners.clear();
  }
}
