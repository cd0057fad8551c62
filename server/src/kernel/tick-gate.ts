import type { Q } from '../db';
import type { PricePort, TapeTrade } from '../market';
import { Lanes, ticksOf } from './common';
import { type CursorEngine, TapeCursor } from './cursor';
import type { TriggerBooks } from './triggers';

export interface TickGateOptions<T> {
  /** Which engine's tape cursor (`trading_cursors`) the gate replays from and saves. */
  engine: CursorEngine;
  prices: PricePort;
  /** The engine's trigger heaps: a trade that crosses none of its instrument's skips the lane. */
  books: TriggerBooks<T>;
  /** Handles a trade in its instrument's lane (calls `see` first, then fires what it crosses). */
  process: (trade: TapeTrade) => Promise<void>;
  /** Called for every trade first, in tape order (e.g. to mark revaluations due). */
  onTrade?: (trade: TapeTrade) => void;
}

/**
 * The tape side of a trigger engine (spot limit fills, lever opens/stops/liquidations): per
 * instrument, trades and the engine's own jobs (placements, stop changes) go through one lane,
 * so a trade's writes are done before the next trade is looked at and a placement lands between
 * two trades, never across one. While the engine starts (`follow` ... `open`), new trades queue
 * behind the start-up: none is missed. A trade that crosses no trigger skips the lane when the
 * lane is idle. `see` remembers the last trade handled per instrument, and `replay` runs the
 * trades after the engine's tape cursor (e.g. back-filled downtime) through the engine.
 */
export class TickGate<T> {
  private readonly lanes = new Lanes();
  /** Per instrument, the last tape trade the engine has handled. */
  private readonly seen = new Map<number, TapeTrade>();
  private ready = false;
  private gate: Promise<void> = Promise.resolve();
  private release: () => void = () => undefined;
  private unsubscribe: (() => void) | undefined;

  constructor(private readonly options: TickGateOptions<T>) {}

  /** Closes the gate, notes every instrument's last trade and follows the tape (trades queue until `open`). */
  follow(): void {
    const { prices } = this.options;
    this.unsubscribe?.();
    this.ready = false;
    this.gate = new Promise<void>((resolve) => {
      this.release = resolve;
    });
    for (const instrument of prices.instruments) {
      const last = prices.lastTrade(instrument.id);
      if (last) this.seen.set(instrument.id, last);
    }
    this.unsubscribe = prices.onTick((trade) => this.onTick(trade));
  }

  /** Runs the stored trades after the engine's cursor through the engine, per instrument. */
  async replay(q: Q, instrumentIds: Iterable<number>): Promise<void> {
    const { engine, prices, process } = this.options;
    for (const instrumentId of new Set(instrumentIds)) {
      this.seen.delete(instrumentId);
      const seq = await TapeCursor.get(q, engine, instrumentId);
      for (const trade of await prices.tradesAfter(instrumentId, seq)) await process(trade);
      const last = prices.lastTrade(instrumentId);
      if (last && !this.seen.has(instrumentId)) this.seen.set(instrumentId, last);
    }
  }

  /** Ends the start-up: the queued trades run. */
  open(): void {
    this.ready = true;
    this.release();
  }

  /** Stops following the tape; resolves once the queued trades and jobs are handled. */
  async close(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    await this.lanes.idle();
  }

  /** Moves the engine's cursor to the last trade handled on each instrument (at shutdown). */
  async saveCursors(q: Q, instrumentIds: Iterable<number>): Promise<void> {
    for (const instrumentId of new Set(instrumentIds)) {
      const last = this.seen.get(instrumentId);
      if (last) await TapeCursor.set(q, this.options.engine, instrumentId, last.seq);
    }
  }

  /** Runs a job in an instrument's lane (between two trades). */
  run<R>(instrumentId: number, job: () => Promise<R> | R): Promise<R> {
    return this.lanes.run(instrumentId, job);
  }

  /** How many trades and jobs of an instrument are queued or running. */
  depth(instrumentId: number): number {
    return this.lanes.depth(instrumentId);
  }

  /** Resolves once every trade and job queued so far is handled. */
  idle(): Promise<void> {
    return this.lanes.idle();
  }

  /** The last trade the engine has handled on an instrument. */
  last(instrumentId: number): TapeTrade | undefined {
    return this.seen.get(instrumentId);
  }

  /** Records a trade as handled; false when it was handled already (replayed at start-up). */
  see(trade: TapeTrade): boolean {
    const seen = this.seen.get(trade.instrumentId);
    if (seen && seen.seq >= trade.seq) return false;
    this.seen.set(trade.instrumentId, trade);
    return true;
  }

  /** Queues a tape trade in its instrument's lane; skips the queue when it crosses nothing. */
  private onTick(trade: TapeTrade): Promise<void> | undefined {
    const { books, prices, process, onTrade } = this.options;
    const { instrumentId } = trade;
    onTrade?.(trade);
    if (this.ready && !this.lanes.busy(instrumentId)) {
      const book = books.get(instrumentId);
      const instrument = prices.instrument(instrumentId);
      if (!book || !instrument || !book.crosses(ticksOf(trade.price, instrument.precision))) {
        this.see(trade);
        return undefined;
      }
    }
    const gate = this.gate;
    return this.lanes.run(instrumentId, async () => {
      if (!this.ready) await gate;
      await process(trade);
    });
  }
}
