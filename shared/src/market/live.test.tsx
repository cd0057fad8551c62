import { act, renderHook, waitFor } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import type { market } from '@app/contract';
import { mockFetch, fakeSocket, type FetchMock } from '../testing/render';
import { socketStatusAtom } from '../socket/socket';
import {
  QuoteStore,
  frameQueue,
  quoteFromWire,
  resetQuoteStores,
  useMarketQuotes,
  type MarketQuote,
} from '..';
import { useDepth } from './book';

const wire = (id: number, price: string): market.CryptoQuote => ({
  id,
  currency_id: id,
  legal_id: 3,
  currency_name: `C${id}`,
  legal_name: 'USDT',
  symbol: `C${id}/USDT`,
  logo: '',
  now_price: price,
  change: '0',
  volume: '0',
  high: price,
  low: price,
  open: price,
  color: 0,
  spread: '0',
  lever_trade_fee: '0.1',
  lever_share_num: '1',
});
/** quotation_new: one group per quote currency. */
const quotation = (quotes: market.CryptoQuote[]) => [
  { id: 1, name: 'USDT', legal_id: 3, legal_name: 'USDT', quotation: quotes },
];
const quote = (id: number, price: string) => quoteFromWire(0, wire(id, price)) as MarketQuote;

/** Animation frames run only when the test says so. */
function manualFrames() {
  const frames: Array<() => void> = [];
  jest.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => {
    frames.push(() => cb(0));
    return frames.length;
  });
  return {
    count: () => frames.length,
    run: () => {
      for (const f of frames.splice(0)) f();
    },
  };
}

let net: FetchMock | null = null;
afterEach(() => {
  net?.restore();
  net = null;
  jest.restoreAllMocks();
  act(() => getDefaultStore().set(socketStatusAtom, 'idle'));
});

describe('frame batching (one frameQueue)', () => {
  it('hands each queue what was pushed since the last frame, every queue in one frame', () => {
    const frames = manualFrames();
    const a: number[][] = [];
    const b: string[][] = [];
    const qa = frameQueue<number>((batch) => a.push(batch));
    const qb = frameQueue<string>((batch) => b.push(batch));
    qa.push(1);
    qa.push(2);
    qb.push('x');
    expect(frames.count()).toBe(1);
    expect(a).toEqual([]);
    frames.run();
    expect(a).toEqual([[1, 2]]);
    expect(b).toEqual([['x']]);
    // A cancelled queue drops what it held.
    qa.push(3);
    qa.cancel();
    frames.run();
    expect(a).toEqual([[1, 2]]);
  });

  it('a quote store applies a burst once a frame and tells only the changed rows', () => {
    const frames = manualFrames();
    const store = new QuoteStore(0);
    store.setAll([quote(1, '10'), quote(2, '20')]);
    const ids = store.ids();
    const onOne = jest.fn();
    const onTwo = jest.fn();
    const onAny = jest.fn();
    store.subscribeRow(1, onOne);
    store.subscribeRow(2, onTwo);
    store.subscribe(onAny);
    store.push(quote(1, '11'));
    store.push(quote(1, '12'));
    store.push(quote(9, '99')); // not in the list: ignored
    expect(store.get(1)?.price).toBe('10');
    frames.run();
    expect(store.get(1)?.price).toBe('12');
    expect(store.get(9)).toBeUndefined();
    expect(onOne).toHaveBeenCalledTimes(1);
    expect(onTwo).not.toHaveBeenCalled();
    expect(onAny).toHaveBeenCalledTimes(1);
    expect(store.ids()).toBe(ids);
  });
});

describe('live subscriptions', () => {
  beforeEach(() => {
    window.localStorage.clear();
    resetQuoteStores();
  });

  it('loads a tab once for every screen, follows its channel, and loads again after a reconnect', async () => {
    const frames = manualFrames();
    const socket = fakeSocket();
    let price = '10';
    net = mockFetch({
      'GET /api/currency/quotation_new': () => quotation([wire(1, price), wire(2, '20')]),
    });
    const first = renderHook(() => useMarketQuotes(0));
    const second = renderHook(() => useMarketQuotes(0, { only: 2 }));
    await waitFor(() => expect(first.result.current.status).toBe('ready'));
    expect(second.result.current.status).toBe('ready');
    expect(net.to('GET /api/currency/quotation_new')).toHaveLength(1);
    act(() => frames.run()); // the socket opens after the first paint
    await socket.subscribed('daymarket');
    await socket.subscribed('daymarket', { currency_id: 2 });

    act(() => socket.emit('daymarket', wire(1, '11')));
    act(() => frames.run());
    expect(first.result.current.store.get(1)?.price).toBe('11');

    // Dropped: the last values stay, nothing is loaded; back: the snapshot is loaded again.
    act(() => getDefaultStore().set(socketStatusAtom, 'reconnecting'));
    expect(net.to('GET /api/currency/quotation_new')).toHaveLength(1);
    price = '15';
    act(() => getDefaultStore().set(socketStatusAtom, 'connected'));
    await waitFor(() => expect(first.result.current.store.get(1)?.price).toBe('15'));
    expect(net.to('GET /api/currency/quotation_new')).toHaveLength(2);

    first.unmount();
    second.unmount();
    expect(socket.isSubscribed('daymarket')).toBe(false);
  });

  it('follows the book from its snapshot, then market_depth, the snapshot again after a reconnect', async () => {
    const frames = manualFrames();
    const socket = fakeSocket();
    let bid = '99';
    net = mockFetch({
      'GET /api/currency/depth': (): market.DepthView => ({
        currency_id: 1,
        legal_id: 3,
        symbol: 'C1/USDT',
        bids: [[bid, '1']],
        asks: [['101', '1']],
      }),
    });
    const { result } = renderHook(() => useDepth({ currencyId: 1, legalId: 3 }, { levels: 5 }));
    await waitFor(() => expect(result.current.live.get().status).toBe('ready'));
    expect(result.current.live.get().book.bids[0]?.price).toBe('99');
    act(() => frames.run()); // the socket opens after the first paint
    await socket.subscribed('market_depth', { currency_id: 1, legal_id: 3 });

    act(() =>
      socket.emit('market_depth', {
        currency_id: 1,
        legal_id: 3,
        symbol: 'C1/USDT',
        bids: [['98', '1']],
        asks: [],
      }),
    );
    act(() =>
      socket.emit('market_depth', {
        currency_id: 1,
        legal_id: 3,
        symbol: 'C1/USDT',
        bids: [['97', '1']],
        asks: [],
      }),
    );
    act(() => frames.run());
    expect(result.current.live.get().book.bids.map((l) => l.price)).toEqual(['97']);

    bid = '96';
    act(() => getDefaultStore().set(socketStatusAtom, 'reconnecting'));
    act(() => getDefaultStore().set(socketStatusAtom, 'connected'));
    await waitFor(() => expect(result.current.live.get().book.bids[0]?.price).toBe('96'));
    expect(net.to('GET /api/currency/depth')).toHaveLength(2);
  });
});
