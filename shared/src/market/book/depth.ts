// The order book (doc 1 §3: bids and asks as [price, quantity]; market_depth) and the depth
// chart's cumulative sides. Only levels the server published are shown: nothing is ever
// invented (issue 5 item 8). Decimal text throughout.
import { addDecimals, compareDecimals, mulDivTruncated } from '@app/shared';

export interface DepthWire {
  bids: Array<[string, string]>;
  asks: Array<[string, string]>;
}

export interface BookLevel {
  price: string;
  amount: string;
  /** Cumulative amount from the best price to this level. */
  total: string;
  /** total as a share of the deepest side's total ("0.425"). */
  depth: string;
}

export interface Book {
  /** Best (highest) first. */
  bids: BookLevel[];
  /** Best (lowest) first. */
  asks: BookLevel[];
}

export const EMPTY_BOOK: Book = { bids: [], asks: [] };

function validLevels(levels: unknown): Array<[string, string]> {
  if (!Array.isArray(levels)) return [];
  const out: Array<[string, string]> = [];
  for (const l of levels) {
    if (!Array.isArray(l) || l.length < 2) continue;
    const p = String(l[0]);
    const q = String(l[1]);
    if (compareDecimals(p, 0) === 1 && compareDecimals(q, 0) === 1) out.push([p, q]);
  }
  return out;
}

/** A market_depth payload or depth answer as valid levels; null when it is not one. */
export function depthFromPayload(payload: unknown): DepthWire | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const r = payload as Record<string, unknown>;
  if (!Array.isArray(r.bids) && !Array.isArray(r.asks)) return null;
  return { bids: validLevels(r.bids), asks: validLevels(r.asks) };
}

/** The best `levels` of each side with cumulative totals and depth bars (of valid levels). */
export function buildBook(depth: DepthWire, levels: number): Book {
  // Exact decimal work on the strings (levels are valid decimals: validLevels).
  const bids = [...depth.bids].sort(([a], [b]) => compareDecimals(b, a) ?? 0).slice(0, levels);
  const asks = [...depth.asks].sort(([a], [b]) => compareDecimals(a, b) ?? 0).slice(0, levels);
  const cum = (side: Array<[string, string]>) => {
    let total = '0';
    return side.map(([, amount]) => (total = addDecimals(total, amount) ?? total));
  };
  const bidTotals = cum(bids);
  const askTotals = cum(asks);
  const deepest = [...bidTotals, ...askTotals].reduce((m, v) => (compareDecimals(v, m) === 1 ? v : m), '0');
  const level = ([price, amount]: [string, string], total = '0'): BookLevel => ({
    price,
    amount,
    total,
    depth: mulDivTruncated(total, 1, deepest, 3) ?? '0',
  });
  return {
    bids: bids.map((l, i) => level(l, bidTotals[i])),
    asks: asks.map((l, i) => level(l, askTotals[i])),
  };
}

/** The best price for a market order: the lowest ask to buy, the highest bid to sell. */
export function bestPrice(book: Book, side: 'buy' | 'sell'): string | null {
  const level = side === 'buy' ? book.asks[0] : book.bids[0];
  return level ? level.price : null;
}

/** The depth chart's sides as [price, cumulative amount], ascending by price. */
export function depthCurves(book: Book): { bids: Array<[string, string]>; asks: Array<[string, string]> } {
  return {
    bids: [...book.bids].reverse().map((l) => [l.price, l.total]),
    asks: book.asks.map((l) => [l.price, l.total]),
  };
}
