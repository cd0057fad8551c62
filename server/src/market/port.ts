import type { DepthBook } from './depth';
import type { Instrument } from './instruments';
import type { TapePoint, TapeTrade } from './tape';

/**
 * Called for every trade once it is stored, in tape order. A listener that returns a promise is
 * awaited (with the others of the same batch) before the market records its next trades, so
 * `await market.tick()` and `await market.pin()` resolve after the engines handled the trades.
 */
export type TickListener = (trade: TapeTrade) => void | Promise<void>;

/**
 * What the other domains see of the market (`ctx.prices`): instruments, the last price, the
 * price at a time, the trades after a point of the tape, and every new trade. Only the market's
 * routes and the composition root see the whole engine (`Market`, engine.ts), which implements
 * this. Instrument ids are currency ids (see instruments.ts).
 */
export interface PricePort {
  readonly instruments: readonly Instrument[];
  /** By id, name (BTC, XAUUSD) or symbol (BTC/USDT). */
  instrument(ref: string | number): Instrument | undefined;
  /** Price of the last tape trade (decimal text), undefined if none. */
  lastPrice(instrumentId: number): string | undefined;
  lastTrade(instrumentId: number): TapeTrade | undefined;
  /** The tape's price at an instant: the last trade at or before `timeMs` (with its seq), undefined before the tape. */
  priceAt(instrumentId: number, timeMs: number): Promise<TapePoint | undefined>;
  /** The stored tape trades of an instrument after `seq`, in order (engines replay them at start). */
  tradesAfter(instrumentId: number, seq: number): Promise<TapeTrade[]>;
  /** Called for every trade after it is stored; returns an unsubscribe function. */
  onTick(listener: TickListener): () => void;
  /** Whether the instrument trades at `timeMs` (default now). */
  inTrade(instrumentId: number, timeMs?: number): boolean;
  /** The simulated order book (spot market orders fill against it). */
  depth(instrumentId: number): DepthBook;
}
