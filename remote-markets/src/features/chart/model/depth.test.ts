import { buildBook, depthCurves, depthFromPayload } from './depth';

describe('order book', () => {
  it('keeps the best 10 levels a side with cumulative totals and depth bars', () => {
    const bids = Array.from({ length: 12 }, (_, i) => [String(100 - i), '1'] as [string, string]);
    const book = buildBook({
      bids,
      asks: [
        ['101', '2'],
        ['102', '2'],
      ],
    });
    expect(book.bids).toHaveLength(10);
    expect(book.bids[0]).toEqual({ price: '100', amount: '1', total: '1', depth: '10.0%' });
    expect(book.bids[9]).toMatchObject({ price: '91', total: '10', depth: '100.0%' });
    expect(book.asks.map((l) => [l.price, l.total, l.depth])).toEqual([
      ['101', '2', '20.0%'],
      ['102', '4', '40.0%'],
    ]);
  });

  it('sorts unsorted sides best first and drops empty or broken levels', () => {
    const book = buildBook({
      bids: [
        ['98', '1'],
        ['99', '1'],
        ['97', '0'],
      ],
      asks: [
        ['103', '1'],
        ['101', '1'],
        ['x', '1'],
      ],
    });
    expect(book.bids.map((l) => l.price)).toEqual(['99', '98']);
    expect(book.asks.map((l) => l.price)).toEqual(['101', '103']);
  });

  it('gives the depth chart ascending cumulative curves', () => {
    const book = buildBook({
      bids: [
        ['99', '1'],
        ['98', '2'],
      ],
      asks: [
        ['101', '1'],
        ['102', '0.5'],
      ],
    });
    expect(depthCurves(book)).toEqual({
      bids: [
        ['98', '3'],
        ['99', '1'],
      ],
      asks: [
        ['101', '1'],
        ['102', '1.5'],
      ],
    });
  });

  it('reads market_depth payloads', () => {
    expect(depthFromPayload({ bids: [['1', '2']], asks: [], currency_id: 1 })).toEqual({
      bids: [['1', '2']],
      asks: [],
    });
    expect(depthFromPayload({ nothing: true })).toBeNull();
  });
});
