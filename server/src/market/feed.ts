import type { Clock } from '../core/clock';
import type { Instrument } from './instruments';
import { hashUniform, Random } from './random';
import { isOpen } from './schedule';
import { effectiveMs, halfSpreadTicks, logAnchor, logOfTicks, ouStep, YEAR_MS } from './simulation';
import { pow10 } from './decimal';

/** A trade as a feed reports it: integer ticks and lots of the instrument. */
export interface FeedTrade {
  instrumentId: number;
  /** Epoch ms. */
  time: number;
  ticks: number;
  lots: number;
  /** Taker side: 1 sell, 2 buy. */
  side: 1 | 2;
  /** 0 a market trade, 1 a pinned print. */
  kind: 0 | 1;
}

/**
 * Where trades come from. The engine records whatever a feed emits (tape, candles, channels), so a
 * real upstream only has to implement this: start emitting batches of trades to `sink`, stop.
 * `poll` lets tests drive a feed by hand (MARKET_FEED=manual); `pin` forces the next prints of an
 * instrument to one price (dev tool).
 */
export interface MarketFeed {
  readonly name: string;
  start(sink: (trades: FeedTrade[]) => void): void;
  stop(): void;
  /** The trades due up to `now` (used by `start`'s timer, or by hand in manual mode). */
  poll?(now: number): FeedTrade[];
  /** Pins an instrument's prints to `ticks` (null releases). */
  pin?(instrumentId: number, ticks: number | null): void;
}

export interface FeedStart {
  /** Ticks and time of the last recorded trade, the walk's starting point. */
  ticks: number;
  time: number;
}

/** Trade slots: each 100 ms slot holds a trade with probability rate/10 (2-4 trades a second). */
export const SLOT_MS = 100;
/** Longest stretch generated trade by trade after a pause (e.g. a moved test clock); older time is one step. */
const MAX_CATCH_UP_SLOTS = 100;

interface WalkState {
  instrument: Instrument;
  x: number;
  lastTime: number;
  /** The last slot already generated (trades start after the feed is created). */
  lastSlot: number;
  pinned: number | undefined;
  random: Random;
  probability: number;
}

/**
 * The default feed: a seeded random walk per instrument (see simulation.ts). Whether a slot holds a
 * trade, and when inside it, is a hash of (seed, instrument, slot), so the trade times do not depend
 * on timer jitter; prices and sizes come from a per-instrument seeded generator. The same seed and
 * the same clock readings give the same trades. No trades while an instrument's market is closed.
 */
export class SimulatedFeed implements MarketFeed {
  readonly name = 'simulated';
  private readonly states = new Map<number, WalkState>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    instruments: readonly Instrument[],
    private readonly options: {
      seed: number;
      clock: Clock;
      tickMs: number;
      start: (instrument: Instrument) => FeedStart | undefined;
    },
  ) {
    for (const instrument of instruments) {
      const start = options.start(instrument);
      this.states.set(instrument.id, {
        instrument,
        x: start ? logOfTicks(instrument, start.ticks) : logAnchor(instrument),
        lastTime: start?.time ?? options.clock.now(),
        lastSlot: Math.floor(options.clock.now() / SLOT_MS) - 1,
        pinned: undefined,
        random: new Random(options.seed, instrument.id, start?.time ?? 0),
        probability: Math.min(0.95, (instrument.tradesPerSecond * SLOT_MS) / 1000),
      });
    }
  }

  start(sink: (trades: FeedTrade[]) => void): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      const trades = this.poll(this.options.clock.now());
      if (trades.length > 0) sink(trades);
    }, this.options.tickMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  pin(instrumentId: number, ticks: number | null): void {
    const state = this.states.get(instrumentId);
    if (!state) return;
    state.pinned = ticks ?? undefined;
    // The walk carries on from the pinned price once released.
    if (ticks !== null) state.x = logOfTicks(state.instrument, ticks);
  }

  poll(now: number): FeedTrade[] {
    const trades: FeedTrade[] = [];
    const lastComplete = Math.floor(now / SLOT_MS) - 1;
    for (const state of this.states.values()) {
      if (lastComplete <= state.lastSlot) continue;
      const first = Math.max(state.lastSlot + 1, lastComplete - MAX_CATCH_UP_SLOTS + 1);
      const { instrument } = state;
      for (let slot = first; slot <= lastComplete; slot += 1) {
        const slotStart = slot * SLOT_MS;
        if (hashUniform(this.options.seed, instrument.id, slot) >= state.probability) continue;
        if (!isOpen(instrument.schedule, slotStart)) continue;
        const time = Math.max(
          state.lastTime,
          slotStart + Math.floor(hashUniform(this.options.seed, instrument.id, slot, 1) * SLOT_MS),
        );
        trades.push(this.trade(state, time));
      }
      state.lastSlot = lastComplete;
    }
    return trades;
  }

  private trade(state: WalkState, time: number): FeedTrade {
    const { instrument, random } = state;
    const gap = time - state.lastTime;
    state.lastTime = time;
    if (state.pinned !== undefined) {
      return {
        instrumentId: instrument.id,
        time,
        ticks: state.pinned,
        lots: 1,
        side: random.uniform() < 0.5 ? 1 : 2,
        kind: 1,
      };
    }
    const dt = gap > 60_000 ? effectiveMs(instrument, time - gap, time) : gap;
    const z = random.normal();
    state.x = ouStep(state.x, logAnchor(instrument), instrument.volatility, dt / YEAR_MS, z);
    const mid = Math.exp(state.x) * pow10(instrument.precision);
    // Buyers lift the ask, sellers hit the bid; a rise brings more buyers.
    const side: 1 | 2 = random.uniform() < (z > 0 ? 0.6 : 0.4) ? 2 : 1;
    const half = halfSpreadTicks(instrument, mid);
    const ticks = Math.max(1, side === 2 ? Math.ceil(mid + half) : Math.floor(mid - half));
    const size = instrument.tradeSize * Math.exp(0.9 * random.normal() - 0.4);
    const lots = Math.max(1, Math.round(size * pow10(instrument.qtyPrecision)));
    return { instrumentId: instrument.id, time, ticks, lots, side, kind: 0 };
  }
}
