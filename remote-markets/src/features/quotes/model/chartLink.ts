// Opening the chart (doc 1 §2): the row's pair is stored under the spec's keys
// (currentCurrency, currentCurrencyID, match_id, hqtab) and /kline gets the header values in
// its query, so it shows them before any request answers.
import { StorageKey, readStorage, writeStorage } from '@app/shared';
import { parseMarketTab, type MarketQuote, type MarketTab } from './quote';

/** Where the chart was opened from: back goes to /{from} (doc 1 §2). */
export type ChartOrigin = 'quotes' | 'exchange' | 'trade';

export function rememberPair(quote: MarketQuote): void {
  writeStorage(StorageKey.currentCurrency, quote.name);
  writeStorage(StorageKey.currentCurrencyId, String(quote.currencyId));
  writeStorage(StorageKey.matchId, String(quote.id));
  writeStorage(StorageKey.marketTab, String(quote.tab));
}

export function klineUrl(quote: MarketQuote, from?: ChartOrigin): string {
  const query = new URLSearchParams();
  if (from) query.set('from', from);
  query.set('hqtab', String(quote.tab));
  query.set('nowPrice', quote.price);
  query.set('change', quote.change);
  query.set('high', quote.high);
  query.set('low', quote.low);
  query.set('vol', quote.volume);
  return `/kline?${query.toString()}`;
}

export function storedTab(): MarketTab {
  return parseMarketTab(readStorage(StorageKey.marketTab));
}

export function storeTab(tab: MarketTab): void {
  writeStorage(StorageKey.marketTab, String(tab));
}
