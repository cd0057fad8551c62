// The order book (doc 1 §3: bids and asks as [price, quantity]; market_depth) and the depth
// chart's cumulative sides. Only levels the server published are shown: nothing is ever
// invented (issue 5 item 8). Decimal text throughout.
import type BigNumber from 'bignumber.js';
import { toDecimal } from '@app/shared';

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
    if (toDecimal(p).gt(0) && toDecimal(q).gt(0)) out.push([p, q]);
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

type Parsed = { price: string; amount: string; p: BigNumber; q: BigNumber };

/** Each level parsed once (a tick builds the book from 20 levels; no re-parsing in the sort). */
function parse(levels: Array<[string, string]>): Parsed[] {
  return levels.map(([price, amount]) => ({ price, amount, p: toDecimal(price), q: toDecimal(amount) }));
}

/** The best `levels` of each side with cumulative totals and depth bars (of valid levels). */
export function buildBook(depth: DepthWire, levels: number): Book {
  const bids = parse(depth.bids)
    .sort((a, b) => b.p.comparedTo(a.p) ?? 0)
    .slice(0, levels);
  const asks = parse(depth.asks)
    .sort((a, b) => a.p.comparedTo(b.p) ?? 0)
    .slice(0, levels);
  const cum = (side: Parsed[]) => {
    let total = toDecimal(0);
    return side.map((l) => (total = total.plus(l.q)));
  };
  const bidTotals = cum(bids);
  const askTotals = cum(asks);
  const deepest = [...bidTotals, ...askTotals].reduce((m, v) => (v.gt(m) ? v : m), toDecimal(0));
  const level = (l: Parsed, total: BigNumber = toDecimal(0)): BookLevel => ({
    price: l.price,
    amount: l.amount,
    total: total.toFixed(),
    depth: deepest.gt(0) ? total.div(deepest).toFixed(3, 1) : '0',
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
