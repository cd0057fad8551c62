// Test data in the server's shapes (server/API.md) and stubs of this remote's calls.
import type { market } from '@app/contract';
import { marketApi } from '../features/market/api/marketApi';

export const BTC_QUOTE: market.CryptoQuote = {
  id: 1,
  currency_id: 1,
  legal_id: 3,
  currency_name: 'BTC',
  legal_name: 'USDT',
  symbol: 'BTC/USDT',
  logo: '',
  now_price: '65000.00',
  change: '1.25',
  volume: '2202.68306',
  high: '66000.00',
  low: '64000.00',
  open: '64200.00',
  color: 1,
  spread: '0.05',
  lever_trade_fee: '0.1',
  lever_share_num: '0.01',
};

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

export function stubMarket() {
  jest.spyOn(marketApi, 'crypto').mockResolvedValue([BTC_QUOTE, ETH_QUOTE]);
  jest.spyOn(marketApi, 'futures').mockResolvedValue([GOLD_QUOTE]);
  jest
    .spyOn(marketApi, 'depth')
    .mockResolvedValue({ ...DEPTH, currency_id: 1, legal_id: 3, symbol: 'BTC/USDT' });
}
