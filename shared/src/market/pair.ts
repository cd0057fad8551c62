// The instrument on screen, stored under the spec's keys (doc 1 §3): currentCurrency (default
// BTC), currentCurrencyID (default 1), match_id, hqtab (0 crypto, 1 metals, 2 futures).
import { StorageKey, readStorage, writeStorage } from '../config/storage';

export type MarketTab = 0 | 1 | 2;
export const MARKET_TABS: readonly MarketTab[] = [0, 1, 2];

export function isMarketTab(value: unknown): value is MarketTab {
  return value === 0 || value === 1 || value === 2;
}

/** A stored or query value ("0", "1", "2") as a tab; anything else is crypto. */
export function parseMarketTab(value: string | null | undefined): MarketTab {
  return value === '1' ? 1 : value === '2' ? 2 : 0;
}

export interface MarketPair {
  tab: MarketTab;
  /** The instrument's currency id (BTC 1, XAUUSD 101); unique across tabs. */
  currencyId: number;
  /** The pair's id (match_id). */
  matchId: number;
  /** USDT (doc 1 §9: legal_id 3). */
  legalId: number;
  /** What currentCurrency stores: BTC, XAUUSD. */
  name: string;
  /** BTC/USDT for crypto, XAUUSD for metals and futures (the chart symbol). */
  symbol: string;
}

export const USDT_LEGAL_ID = 3;
export const DEFAULT_PAIR: MarketPair = {
  tab: 0,
  currencyId: 1,
  matchId: 1,
  legalId: USDT_LEGAL_ID,
  name: 'BTC',
  symbol: 'BTC/USDT',
};

function positiveInt(text: string | null): number | null {
  return text !== null && /^\d{1,9}$/.test(text) && text !== '0' ? Number(text) : null;
}

/** The stored pair (BTC when nothing valid is stored); `hqtab` of the URL wins over the stored tab. */
export function storedPair(query?: URLSearchParams): MarketPair {
  const currencyId = positiveInt(readStorage(StorageKey.currentCurrencyId));
  const name = (readStorage(StorageKey.currentCurrency) ?? '').trim();
  if (currencyId === null || !/^[A-Za-z0-9]{1,16}$/.test(name)) return DEFAULT_PAIR;
  const tab = parseMarketTab(query?.get('hqtab') ?? readStorage(StorageKey.marketTab));
  return {
    tab,
    currencyId,
    matchId: positiveInt(readStorage(StorageKey.matchId)) ?? currencyId,
    legalId: USDT_LEGAL_ID,
    name,
    symbol: tab === 0 ? `${name}/USDT` : name,
  };
}

/** Picking an instrument stores its name, ids and tab (doc 1 §2). */
export function storePair(pair: MarketPair): void {
  writeStorage(StorageKey.currentCurrency, pair.name);
  writeStorage(StorageKey.currentCurrencyId, String(pair.currencyId));
  writeStorage(StorageKey.matchId, String(pair.matchId));
  writeStorage(StorageKey.marketTab, String(pair.tab));
}

export function storedTab(): MarketTab {
  return parseMarketTab(readStorage(StorageKey.marketTab));
}

export function storeTab(tab: MarketTab): void {
  writeStorage(StorageKey.marketTab, String(tab));
}

/** trade_type of the order calls: 1 crypto, 2 metals, 3 futures (doc 1 §7). */
export function tradeTypeOf(tab: MarketTab): 1 | 2 | 3 {
  return tab === 0 ? 1 : tab === 1 ? 2 : 3;
}

/**
 * The non-trading-time rule (doc 1 §4, §5): outside trading hours of a metal or future
 * (tab not 0 and inTrade 0) placement is blocked.
 */
export function isNonTradingTime(tab: MarketTab, inTrade: boolean | null): boolean {
  return tab !== 0 && inTrade === false;
}
