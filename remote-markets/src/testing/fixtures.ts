// Test-only helpers of this remote (never imported by pages).
import { getDefaultStore } from 'jotai';
import type { market } from '@app/contract';
import { type NewsItem, resetQuoteStores, socketStatusAtom, toastQueueAtom } from '@app/shared';
import {
  mockFetch,
  networkDown,
  type FetchMock,
  type SpecialRoute,
  type FetchRoutes,
} from '@app/shared/testing';
import type { Candle } from '../features/chart/model/candles';
import { reloadFavourites } from '../features/quotes/model/favourites';

/** Test data in the contract's shapes (quotation_new entries, daymarket payloads). */
export function cryptoWire(
  name: string,
  id: number,
  currencyId: number,
  extra: Partial<market.CryptoQuote> = {},
): market.CryptoQuote {
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
    spread: '0',
    lever_trade_fee: '0.1',
    lever_share_num: '1',
    ...extra,
  };
}

export const CRYPTO: market.CryptoQuote[] = [
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
  extra: Partial<market.FuturesQuote> = {},
): market.FuturesQuote {
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
    change: '0.10',
    color: 1,
    spread: '0',
    lever_trade_fee: '0.1',
    lever_share_num: '1',
    ...extra,
  };
}

export const METALS: market.FuturesQuote[] = [
  futuresWire('XAUUSD', 21, 101, { name: 'Gold' }),
  futuresWire('XAGUSD', 22, 102, {
    name: 'Silver',
    new_price: '27.776',
    last_close: '27.808',
    open_price: '27.808',
    inTrade: 0,
  }),
];
export const FUTURES: market.FuturesQuote[] = [
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
    c_id: 4,
    lang: 'en',
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

export const TRADES: market.TradeView[] = [
  { seq: 3, price: '65000.00', number: '0.5', way: 2, time: 1_700_000_003_000 },
  { seq: 2, price: '64990.00', number: '0.2', way: 1, time: 1_700_000_002_000 },
];

export const DEPTH: market.DepthView = {
  currency_id: 1,
  legal_id: 3,
  symbol: 'BTC/USDT',
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
  reloadFavourites();
  getDefaultStore().set(toastQueueAtom, []);
  getDefaultStore().set(socketStatusAtom, 'idle');
}

/** A candle answer (outside the envelope: the mock sends it as the whole body, checked by the contract). */
const kline = (candles: Candle[]) => () => ({ code: 1 as const, data: candles });

/**
 * The market, chart and news routes of the server, answered from the fixtures (by path, so
 * that a test's route for the same path replaces one).
 */
export const MARKET_ROUTES: FetchRoutes = {
  'GET /api/currency/quotation_new': () => [
    { id: 1, name: 'USDT', legal_id: 3, legal_name: 'USDT', quotation: CRYPTO },
  ],
  'POST /api/futureslist': (body) => (body.marke === 'cm' ? METALS : FUTURES),
  'GET /api/currency/new_tradehistory': () => TRADES,
  'GET /api/currency/depth': () => DEPTH,
  'GET /api/currency/new_timeshar': kline([candle(1, '1'), candle(2, '3'), candle(3, '2')]),
  'POST /api/futuresKline': kline([candle(1, '1'), candle(2, '2')]),
  'POST /api/futuresMinuts': () => ({
    Data: [{ Date: 1, Open: '1', Close: '1', High: '1', Low: '1', Volume: '1', Amount: '1' }],
  }),
  'POST /api/news/list': ({ c_id }) => ({ list: c_id === 5 ? BANNERS : c_id === 4 ? NOTICES : [] }),
};

/** A route that fails as an unreachable server does (fetch rejects). */
export const unreachable: SpecialRoute = () => networkDown();

let net: FetchMock | null = null;
afterEach(() => {
  net?.restore();
  net = null;
});

/**
 * Market, chart and news data answered at the network edge (fetch) from the fixtures, `routes`
 * replacing some of them. Returns the fetch mock (its calls); restored after each test.
 */
export function stubMarketCalls(routes: FetchRoutes = {}): FetchMock {
  net?.restore();
  net = mockFetch({ ...MARKET_ROUTES, ...routes });
  return net;
}
