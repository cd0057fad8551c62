import { bestPrice, buildBook, depthFromPayload } from './depth';
import { isNonTradingTime } from './pair';

describe('order book', () => {
  const wire = {
    bids: [
      ['99', '1'],
      ['100', '2'],
      ['98', '0'],
      ['bad', '1'],
      ['97', '3'],
    ],
    asks: [
      ['102', '1'],
      ['101', '3'],
    ],
  };
  it('keeps only published positive levels, best first, at most n a side', () => {
    const book = buildBook(depthFromPayload(wire)!, 2);
    expect(book.bids.map((l) => l.price)).toEqual(['100', '99']);
    expect(book.asks.map((l) => l.price)).toEqual(['101', '102']);
    // Cumulative depth against the deepest side (asks 4).
    expect(book.asks.map((l) => l.depth)).toEqual(['0.750', '1.000']);
    expect(book.bids.map((l) => l.depth)).toEqual(['0.500', '0.750']);
  });
  it('never invents levels', () => {
    const book = buildBook({ bids: [], asks: [] }, 6);
    expect(book).toEqual({ bids: [], asks: [] });
    expect(bestPrice(book, 'buy')).toBeNull();
    expect(depthFromPayload({ foo: 1 })).toBeNull();
  });
  it('buys at the best ask and sells at the best bid', () => {
    const book = buildBook(depthFromPayload(wire)!, 10);
    expect(bestPrice(book, 'buy')).toBe('101');
    expect(bestPrice(book, 'sell')).toBe('100');
  });
  it('blocks placement only for metals and futures outside trading hours (doc 1 §4)', () => {
    expect(isNonTradingTime(1, false)).toBe(true);
    expect(isNonTradingTime(2, false)).toBe(true);
    expect(isNonTradingTime(0, false)).toBe(false);
    expect(isNonTradingTime(1, true)).toBe(false);
    expect(isNonTradingTime(1, null)).toBe(false);
  });
});
