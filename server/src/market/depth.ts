import { formatUnits, pow10 } from './decimal';
import type { Instrument } from './instruments';
import { hash32, Random } from './random';
import { halfSpreadTicks } from './simulation';

/** Price and quantity as decimal text. */
export type Level = [string, string];

export interface DepthBook {
  /** Best (highest) first, all below the last price. */
  bids: Level[];
  /** Best (lowest) first, all above the last price. */
  asks: Level[];
}

export const DEPTH_LEVELS = 10;

/**
 * A simulated order book around the last price: `levels` asks ascending above it and bids
 * descending below it (never crossed: best bid < last < best ask), level gaps of about 0.005% of
 * the price, sizes around the instrument's typical trade size growing away from the touch. The
 * same (seed, instrument, version) gives the same book.
 */
export function simulateDepth(
  instrument: Instrument,
  lastTicks: number,
  seed: number,
  version: number,
  levels = DEPTH_LEVELS,
): DepthBook {
  const random = new Random(seed, instrument.id, hash32(version), 0xde97);
  const half = halfSpreadTicks(instrument, lastTicks);
  const step = Math.max(1, Math.round(lastTicks * 0.00005));
  const lotScale = pow10(instrument.qtyPrecision);
  const size = (level: number) => {
    const units =
      instrument.tradeSize * (0.3 + 2.2 * Math.exp(0.8 * random.normal() - 0.3)) * (1 + 0.25 * level);
    return formatUnits(Math.max(1, Math.round(units * lotScale)), instrument.qtyPrecision);
  };
  const asks: Level[] = [];
  const bids: Level[] = [];
  let ask = lastTicks + half;
  let bid = lastTicks - half;
  for (let level = 0; level < levels; level += 1) {
    if (level > 0) ask += step * (1 + Math.floor(random.uniform() * 3));
    asks.push([formatUnits(ask, instrument.precision), size(level)]);
    if (level > 0) bid -= step * (1 + Math.floor(random.uniform() * 3));
    if (bid >= 1) bids.push([formatUnits(bid, instrument.precision), size(level)]);
  }
  return { bids, asks };
}
