import type { TradeWire } from '../api/chartApi';
import { mergeTrades, TRADES_KEPT, tradeFromWire, tradesFromPayload } from './trades';

const wire = (seq: number): TradeWire => ({
  seq,
  price: `${seq}.00`,
  number: '1',
  way: seq % 2 ? 1 : 2,
  time: seq * 1000,
});

describe('recent trades (market_detail, newest 20 kept)', () => {
  it('puts new trades first, without duplicates, and keeps 20', () => {
    const first = Array.from({ length: 15 }, (_, i) => tradeFromWire(wire(15 - i)));
    const next = mergeTrades(
      first,
      tradesFromPayload({ data: Array.from({ length: 10 }, (_, i) => wire(25 - i)) }),
    );
    expect(next).toHaveLength(TRADES_KEPT);
    expect(next[0]?.price).toBe('25.00');
    expect(next[TRADES_KEPT - 1]?.price).toBe('6.00');
    expect(mergeTrades(next, [tradeFromWire(wire(25))])).toEqual(next);
  });

  it('reads the taker side: way 1 sell, 2 buy', () => {
    expect(tradeFromWire(wire(1)).side).toBe('sell');
    expect(tradeFromWire(wire(2)).side).toBe('buy');
  });
});
