// The pair the chart shows: stored under the spec's keys by whoever opened the chart
// (currentCurrency, currentCurrencyID, match_id, hqtab), BTC (id 1) by default (doc 1 §3, §9).
import { StorageKey, readStorage } from '@app/shared';
import { parseMarketTab, type MarketQuote, type MarketTab } from '../../quotes';

export interface ChartPair {
  tab: MarketTab;
  currencyId: number;
  matchId: number;
  legalId: number;
  /** BTC, XAUUSD. */
  name: string;
  /** BTC/USDT for crypto, XAUUSD for metals and futures. */
  symbol: string;
}

export const DEFAULT_CURRENCY = 'BTC';
export const DEFAULT_CURRENCY_ID = 1;
export const USDT_LEGAL_ID = 3;

function positiveInt(text: string | null, fallback: number): number {
  return text !== null && /^\d{1,9}$/.test(text) && text !== '0' ? Number(text) : fallback;
}

export function storedPair(query: URLSearchParams): ChartPair {
  const tab = parseMarketTab(query.get('hqtab') ?? readStorage(StorageKey.marketTab));
  const name = (readStorage(StorageKey.currentCurrency) || DEFAULT_CURRENCY).trim();
  const currencyId = positiveInt(readStorage(StorageKey.currentCurrencyId), DEFAULT_CURRENCY_ID);
  return {
    tab,
    currencyId,
    matchId: positiveInt(readStorage(StorageKey.matchId), currencyId),
    legalId: USDT_LEGAL_ID,
    name,
    symbol: tab === 0 ? `${name}/USDT` : name,
  };
}

export function pairOf(quote: MarketQuote): ChartPair {
  return {
    tab: quote.tab,
    currencyId: quote.currencyId,
    matchId: quote.id,
    legalId: quote.legalId,
    name: quote.name,
    symbol: quote.symbol,
  };
}
