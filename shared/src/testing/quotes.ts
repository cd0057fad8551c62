import type { market } from '@app/contract';

/** A BTC/USDT quote in the contract's shape; a test states only the fields it is about. */
export function cryptoQuote(fields: Partial<market.CryptoQuote> = {}): market.CryptoQuote {
  return {
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
    ...fields,
  };
}
