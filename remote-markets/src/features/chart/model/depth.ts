// The order book (doc 1 §3: bids and asks as [price, quantity]; market_depth) and the depth
// chart's cumulative sides. Decimal text throughout.
import { toDecimal } from '@app/shared';
import type { DepthWire } from '../api/chartApi';

/** Levels shown per side (doc 1 §9: 10 in the spot variant). */
export const BOOK_LEVELS = 10;

export interface BookLevel {
  price: string;
  amount: string;
  /** Cumulative amount from the best price to this level. */
  total: string;
  /** total / the deepest total of both sides, as a CSS percentage ("42.5%"). */
  depth: string;
}

export interface Book {
  /** Best (highest) first. */
  bids: BookLevel[];
  /** Best (lowest) first. */
  asks: BookLevel[];
}

function validLevels(levels: unknown): Array<[string, string]> {
  if (!Array.isArray(levels)) return [];
  return levels
    .filter(
      (l): l is [string | number, string | number] =>
        Array.isArray(l) &&
        l.length >= 2 &&
        toDecimal(l[0] as string).isFinite() &&
        toDecimal(l[1] as string).gt(0),
    )
    .map(([p, q]) => [String(p), String(q)]);
}

export function depthFromPayload(payload: unknown): DepthWire | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const r = payload as Record<string, unknown>;
  if (!Array.isArray(r.bids) && !Array.isArray(r.asks)) return null;
  return { bids: validLevels(r.bids), asks: validLevels(r.asks) };
}

function cumulate(levels: Array<[string, string]>): Array<{ price: string; amount: string; total: string }> {
  let total = toDecimal(0);
  return levels.map(([price, amount]) => {
    total = total.plus(toDecimal(amount));
    return { price, amount, total: total.toFixed() };
  });
}

/** The book's best `levels` per side with cumulative totals and depth bars. */
export function buildBook(depth: DepthWire, levels = BOOK_LEVELS): Book {
  const bids = cumulate(
    validLevels(depth.bids)
      .sort((a, b) => toDecimal(b[0]).comparedTo(toDecimal(a[0])) ?? 0)
      .slice(0, levels),
  );
  const asks = cumulate(
    validLevels(depth.asks)
      .sort((a, b) => toDecimal(a[0]).comparedTo(toDecimal(b[0])) ?? 0)
      .slice(0, levels),
  );
  const deepest = toDecimal(bids[bids.length - 1]?.total ?? 0).gt(
    toDecimal(asks[asks.length - 1]?.total ?? 0),
  )
    ? toDecimal(bids[bids.length - 1]?.total ?? 0)
    : toDecimal(asks[asks.length - 1]?.total ?? 0);
  const share = (total: string) =>
    deepest.gt(0) ? `${toDecimal(total).div(deepest).times(100).toFixed(1, 1)}%` : '0%';
  return {
    bids: bids.map((l) => ({ ...l, depth: share(l.total) })),
    asks: asks.map((l) => ({ ...l, depth: share(l.total) })),
  };
}

/** The depth chart's sides as [price, cumulative amount], ascending by price. */
export function depthCurves(book: Book): { bids: Array<[string, string]>; asks: Array<[string, string]> } {
  return {
    bids: [...book.bids].reverse().map((l) => [l.price, l.total]),
    asks: book.asks.map((l) => [l.price, l.total]),
  };
}
