import type { Instrument, PricePort, TapeTrade, TickListener } from '../market';
import { INSTRUMENTS } from '../market';
import { ticksOf } from './common';
import { TickGate } from './tick-gate';
import { TriggerBooks } from './triggers';

const BTC = INSTRUMENTS.find((i) => i.id === 1) as Instrument;

/** A price port fed by hand: `emit` hands a trade to the listeners as the market would. */
function fakePrices(last?: TapeTrade) {
  const listeners = new Set<TickListener>();
  const port: PricePort = {
    instruments: [BTC],
    instrument: (ref) => (ref === BTC.id ? BTC : undefined),
    lastPrice: () => last?.price,
    lastTrade: () => last,
    priceAt: async () => undefined,
    tradesAfter: async () => [],
    onTick: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    inTrade: () => true,
    depth: () => ({ asks: [], bids: [] }),
  };
  const emit = (trade: TapeTrade) => Promise.all([...listeners].map((l) => l(trade)));
  return { port, emit, listeners };
}

let seq = 100;
const trade = (price: string): TapeTrade => ({
  seq: (seq += 1),
  instrumentId: BTC.id,
  time: seq * 1000,
  price,
  qty: '1',
  side: 2,
  kind: 0,
});

function gateOver(prices: PricePort) {
  const books = new TriggerBooks<number>();
  const processed: string[] = [];
  const seenOnTrade: number[] = [];
  const gate: TickGate<number> = new TickGate({
    engine: 'spot',
    prices,
    books,
    process: async (t) => {
      if (!gate.see(t)) return;
      processed.push(t.price);
      for (const id of books.get(t.instrumentId)?.fire(ticksOf(t.price, BTC.precision)) ?? [])
        processed.push(`fired ${id}`);
    },
    onTrade: (t) => seenOnTrade.push(t.seq),
  });
  return { gate, books, processed, seenOnTrade };
}

describe('TickGate (the tape side of a trigger engine)', () => {
  it('queues the trades that arrive during start-up until open, then runs them in order', async () => {
    const first = trade('65000');
    const { port, emit } = fakePrices(first);
    const { gate, processed, seenOnTrade } = gateOver(port);
    gate.follow();
    expect(gate.last(BTC.id)).toBe(first);
    const a = trade('65001');
    const b = trade('65002');
    const pending = Promise.all([emit(a), emit(b)]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(processed).toEqual([]);
    expect(seenOnTrade).toEqual([a.seq, b.seq]);
    gate.open();
    await pending;
    expect(processed).toEqual(['65001', '65002']);
    expect(gate.last(BTC.id)).toBe(b);
  });

  it('lets a trade that crosses no trigger skip the lane, and runs one that crosses through it', async () => {
    const { port, emit } = fakePrices();
    const { gate, books, processed } = gateOver(port);
    gate.follow();
    gate.open();
    books.of(BTC.id).add('below', ticksOf('64000', BTC.precision), 7);
    const above = trade('64500');
    expect(await emit(above)).toEqual([undefined]);
    expect(processed).toEqual([]);
    expect(gate.last(BTC.id)).toBe(above);
    await emit(trade('63999'));
    expect(processed).toEqual(['63999', 'fired 7']);
  });

  it('sees a trade once: a replayed or older one is refused', () => {
    const { port } = fakePrices();
    const { gate } = gateOver(port);
    const t = trade('1');
    expect(gate.see(t)).toBe(true);
    expect(gate.see(t)).toBe(false);
    expect(gate.see({ ...t, seq: t.seq - 1 })).toBe(false);
  });

  it('runs placements between trades and stops following the tape on close', async () => {
    const { port, emit, listeners } = fakePrices();
    const { gate, processed } = gateOver(port);
    gate.follow();
    gate.open();
    const order: string[] = [];
    await Promise.all([gate.run(BTC.id, async () => order.push('placement')), gate.idle()]);
    expect(order).toEqual(['placement']);
    await gate.close();
    expect(listeners.size).toBe(0);
    await emit(trade('1'));
    expect(processed).toEqual([]);
  });
});
