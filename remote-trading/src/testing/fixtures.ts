// Test data in the contract's shapes (server/API.md) and the market data answered at the network
// edge (fetch), as the server would.
import type { lever, market, spot } from '@app/contract';
import { resetQuoteStores } from '@app/shared';
import { cryptoQuote, mockFetch, type FetchMock, type FetchRoutes } from '@app/shared/testing';

export const BTC_QUOTE = cryptoQuote();

export const ETH_QUOTE: market.CryptoQuote = {
  ...BTC_QUOTE,
  id: 2,
  currency_id: 2,
  currency_name: 'ETH',
  symbol: 'ETH/USDT',
  now_price: '3200.00',
  change: '-0.50',
};

export const GOLD_QUOTE: market.FuturesQuote = {
  id: 21,
  currency_id: 101,
  legal_id: 3,
  symbol: 'XAUUSD',
  name: 'Gold',
  logo: '',
  new_price: '2285.19',
  last_close: '2307.92',
  open_price: '2307.92',
  high_price: '2308.37',
  low_price: '2282.40',
  volume: '935950.53',
  inTrade: 0,
  change: '-0.98',
  color: -1,
  spread: '0.02',
  lever_trade_fee: '0.05',
  lever_share_num: '1',
};

export const DEPTH = {
  bids: [
    ['64999.00', '0.5'],
    ['64998.00', '1.2'],
  ] as Array<[string, string]>,
  asks: [
    ['65001.00', '0.4'],
    ['65002.50', '2'],
  ] as Array<[string, string]>,
};

/** The market routes of the server: quotes of every tab and the BTC book. */
export const MARKET_ROUTES: FetchRoutes = {
  'GET /api/currency/quotation_new': () => [
    { id: 1, name: 'USDT', legal_id: 3, legal_name: 'USDT', quotation: [BTC_QUOTE, ETH_QUOTE] },
  ],
  'POST /api/futureslist': (body) => (body.marke === 'cm' ? [GOLD_QUOTE] : []),
  'GET /api/currency/depth': () => ({ ...DEPTH, currency_id: 1, legal_id: 3, symbol: 'BTC/USDT' }),
};

let net: FetchMock | null = null;
afterEach(() => {
  net?.restore();
  net = null;
});

/**
 * Answers the market routes (and `routes`, the test's own) at the network edge, with no quotes
 * kept from an earlier test. Restored after each test.
 */
export function stubMarket(routes: FetchRoutes = {}): FetchMock {
  net?.restore();
  resetQuoteStores();
  net = mockFetch({ ...MARKET_ROUTES, ...routes });
  return net;
}

/** A leveraged order as the server answers it (the contract's shape). */
export function leverOrder(fields: Partial<lever.LeverOrderView> = {}): lever.LeverOrderView {
  return {
    id: 11,
    type: 1,
    status: 1,
    symbol: 'BTC/USDT',
    currency_id: 1,
    legal_id: 3,
    currency: 'BTC',
    legal: 'USDT',
    multiple: 20,
    share: 2,
    lever_share_num: '0.01',
    origin_price: '65000.00',
    price: '65000.00',
    target_price: null,
    update_price: '65100.00',
    origin_caution_money: '65.00',
    caution_money: '65.00',
    trade_fee: '1.30',
    target_profit_price: null,
    stop_loss_price: null,
    liquidation_price: '61750.00',
    contract_value: '1300.00',
    profits: '1.35',
    close_reason: null,
    create_time: '2026-11-22T08:00:00.000Z',
    transaction_time: '2026-11-22T08:00:00.000Z',
    complete_time: null,
    open_seq: 1,
    close_seq: null,
    ...fields,
  };
}

/** A spot order as the server answers it (the contract's shape). */
export function spotOrder(fields: Partial<spot.SpotOrderView> = {}): spot.SpotOrderView {
  return {
    id: 5,
    type: 'out',
    way: 1,
    direction: 'sell',
    mode: 1,
    status: 0,
    currency_id: 1,
    legal_id: 3,
    currency_name: 'BTC',
    legal_name: 'USDT',
    symbol: 'BTC/USDT',
    price: '64000.00',
    number: '0.25',
    total: '16000.00',
    fee: '0',
    fee_currency: 'USDT',
    locked: '0.25',
    create_time: '2026-11-22T08:00:00.000Z',
    complete_time: null,
    time: '2026-11-22T08:00:00.000Z',
    fill_seq: null,
    fill_time: null,
    ...fields,
  };
}

/** A spot order list page (POST /api/transaction_in, _out, _complete). */
export const spotList = (list: spot.SpotOrderView[] = []) => ({
  list,
  page: 1,
  limit: 100,
  total: list.length,
});

/** The spot pair info of BTC/USDT (POST /api/transaction/deal, the contract's shape). */
export function spotDeal(fields: Partial<spot.SpotDealAnswer> = {}): spot.SpotDealAnswer {
  return {
    user_currency: '0',
    user_legal: '0',
    lock_currency: '0',
    lock_legal: '0',
    cny_price: '7.2',
    now_price: '65000.00',
    currency_id: 1,
    legal_id: 3,
    currency_name: 'BTC',
    legal_name: 'USDT',
    symbol: 'BTC/USDT',
    fee_rate: '0',
    price_decimals: 2,
    number_decimals: 5,
    in_trade: 1,
    depth: { bids: DEPTH.bids, asks: DEPTH.asks },
    ...fields,
  };
}

/** The leveraged contract info of BTC/USDT (POST /api/lever/deal, the contract's shape). */
export function leverDeal(fields: Partial<lever.LeverDealAnswer> = {}): lever.LeverDealAnswer {
  return {
    multiple: { muit: [{ value: 20 }, { value: 50 }], share: [1, 2, 5, 10, 20, 50, 100, 200] },
    user_lever: '0',
    lock_lever: '0',
    now_price: '65000.00',
    spread: '0.05',
    lever_trade_fee: '0.1',
    lever_share_num: '0.01',
    hand_value: '650.00',
    min_share: 1,
    max_share: 1000,
    currency_id: 1,
    legal_id: 3,
    symbol: 'BTC/USDT',
    currency_name: 'BTC',
    in_trade: 1,
    ...fields,
  };
}
