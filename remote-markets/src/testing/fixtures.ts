// Test-only helpers of this remote (never imported by pages).
import { getDefaultStore } from 'jotai';
import { type NewsItem, resetQuoteStores, socketStatusAtom, supportApi, toastQueueAtom } from '@app/shared';
import { type DepthWire, type TradeWire } from '@app/shared/market-book';
import { mockFetch, type FetchMock, type FetchRoute } from '@app/shared/testing';
import { chartApi } from '../features/chart/api/chartApi';
import type { Candle } from '../features/chart/model/candles';
import { clearMiniSeries } from '../features/quotes/api/miniSeries';
import { reloadFavourites } from '../features/quotes/model/favourites';

/** Test data in the server's shapes (quotation_new entries, daymarket payloads). */
export interface CryptoQuoteWire {
  id: number;
  currency_id: number;
  legal_id: number;
  currency_name: string;
  legal_name: string;
  symbol?: string;
  logo?: string;
  now_price: string;
  change: string;
  volume: string;
  high: string;
  low: string;
  open: string;
  color: number;
}

/** futureslist entries and futures payloads. */
export interface FuturesQuoteWire {
  id: number;
  currency_id: number;
  legal_id?: number;
  symbol: string;
  name?: string;
  logo?: string;
  new_price: string;
  last_close: string;
  open_price: string;
  high_price: string;
  low_price: string;
  volume: string;
  inTrade?: number | string;
}

export function cryptoWire(
  name: string,
  id: number,
  currencyId: number,
  extra: Partial<CryptoQuoteWire> = {},
): CryptoQuoteWire {
  return {
    id,
    currency_id: currencyId,
    legal_id: 3,
    currency_name: name,
    legal_name: 'USDT',
    symbol: `${name}/USDT`,
    logo: '',
    now_price: '100.00',
    change: '1.00',
    volume: '1000',
    high: '110.00',
    low: '90.00',
    open: '99.00',
    color: 1,
    ...extra,
  };
}

export const CRYPTO: CryptoQuoteWire[] = [
  cryptoWire('BTC', 1, 1, {
    now_price: '65000.00',
    change: '1.50',
    volume: '2361.27328',
    high: '65115.94',
    low: '64116.88',
    open: '64040.00',
  }),
  cryptoWire('ETH', 2, 2, { now_price: '3200.10', change: '-2.25', volume: '34690.5451', color: -1 }),
  cryptoWire('XRP', 3, 5, { now_price: '0.5201', change: '0.00', volume: '72000000.5', color: 0 }),
  cryptoWire('LTC', 4, 6, { now_price: '72.30', change: '3.10', volume: '500' }),
];

export function futuresWire(
  symbol: string,
  id: number,
  currencyId: number,
  extra: Partial<FuturesQuoteWire> = {},
): FuturesQuoteWire {
  return {
    id,
    currency_id: currencyId,
    legal_id: 3,
    symbol,
    name: symbol,
    logo: '',
    new_price: '2196.56',
    last_close: '2194.29',
    open_price: '2194.29',
    high_price: '2199.40',
    low_price: '2188.47',
    volume: '288248.91',
    inTrade: 1,
    ...extra,
  };
}

export const METALS: FuturesQuoteWire[] = [
  futuresWire('XAUUSD', 21, 101, { name: 'Gold' }),
  futuresWire('XAGUSD', 22, 102, {
    name: 'Silver',
    new_price: '27.776',
    last_close: '27.808',
    open_price: '27.808',
    inTrade: 0,
  }),
];
export const FUTURES: FuturesQuoteWire[] = [
  futuresWire('USOIL', 25, 201, {
    name: 'WTI crude oil',
    new_price: '83.02',
    last_close: '83.50',
    open_price: '83.10',
  }),
];

export function news(id: number, title: string, extra: Partial<NewsItem> = {}): NewsItem {
  return {
    id,
    sorts: id,
    thumbnail: '',
    title,
    content: `<p>${title} text</p>`,
    create_time: '2026-11-20T07:39:49.785Z',
    ...extra,
  };
}

export const BANNERS: NewsItem[] = [
  news(1, 'Trade crypto anytime', { thumbnail: 'http://x/banner/1.svg' }),
  news(2, 'Lock-up mining', { thumbnail: 'http://x/banner/2.svg' }),
];
export const NOTICES: NewsItem[] = [
  news(7, 'Security reminder', {
    content:
      '<p>Never share codes.</p><img src=x onerror="window.__xss=1"><script>window.__xss=2</script><p><a href="javascript:window.__xss=3">report</a></p>',
  }),
  news(6, 'New trading pairs'),
];

export function candle(time: number, close: string, extra: Partial<Candle> = {}): Candle {
  return { time, open: close, high: close, low: close, close, volume: '1', ...extra };
}

export const TRADES: TradeWire[] = [
  { seq: 3, price: '65000.00', number: '0.5', way: 2, time: 1_700_000_003_000 },
  { seq: 2, price: '64990.00', number: '0.2', way: 1, time: 1_700_000_002_000 },
];

export const DEPTH: DepthWire = {
  bids: [
    ['64990.00', '1'],
    ['64980.00', '2'],
  ],
  asks: [
    ['65010.00', '0.5'],
    ['65020.00', '1.5'],
  ],
};

/** A clean slate: no stores, caches, storage, toasts or spies. */
export function resetMarketsState(): void {
  jest.restoreAllMocks();
  window.localStorage.clear();
  resetQuoteStores();
  clearMiniSeries();
  reloadFavourites();
  getDefaultStore().set(toastQueueAtom, []);
  getDefaultStore().set(socketStatusAtom, 'idle');
}

/** The market routes of the server, answered from the fixtures. */
export const MARKET_ROUTES: Record<string, FetchRoute> = {
  '/api/currency/quotation_new': () => [
    { id: 1, name: 'USDT', legal_id: 3, legal_name: 'USDT', quotation: CRYPTO },
  ],
  '/api/futureslist': (body) => (body.marke === 'cm' ? METALS : FUTURES),
  '/api/currency/new_tradehistory': () => TRADES,
  '/api/currency/depth': () => ({ ...DEPTH, currency_id: 1, legal_id: 3, symbol: 'BTC/USDT' }),
};

/** A route that fails as an unreachable server does (fetch rejects). */
export const unreachable: FetchRoute = () => Promise.reject(new TypeError('Failed to fetch'));

let net: FetchMock | null = null;
afterEach(() => {
  net?.restore();
  net = null;
});

/**
 * Market data answered at the network edge (fetch) from the fixtures, `routes` replacing some
 * of them; the chart's candle calls and the news calls answered from the fixtures too (override
 * per test with another spy). Returns the fetch mock (its calls); restored after each test.
 */
export function stubMarketCalls(routes: Record<string, FetchRoute> = {}): FetchMock {
  net?.restore();
  net = mockFetch({ ...MARKET_ROUTES, ...routes });
  jest.spyOn(chartApi, 'timeshar').mockResolvedValue([candle(1, '1'), candle(2, '3'), candle(3, '2')]);
  jest.spyOn(chartApi, 'futuresKline').mockResolvedValue([candle(1, '1'), candle(2, '2')]);
  jest.spyOn(chartApi, 'futuresMinutes').mockResolvedValue([candle(1, '1')]);
  jest
    .spyOn(supportApi, 'newsList')
    .mockImplementation(({ c_id }) =>
      Promise.resolve({ list: c_id === 5 ? BANNERS : c_id === 4 ? NOTICES : [] }),
    );
  return net;
}
