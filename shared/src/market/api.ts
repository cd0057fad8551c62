// Quote calls (doc 1 §7; server/API.md market section), typed by the contract, without a token
// (doc 1 §6: the market list loads without one). The book and the trades are in ./book.
import { call } from '../api/client';
import { readStorage, writeStorage } from '../config/storage';
import type { MarketTab } from './pair';
import { quoteFromWire, type MarketQuote } from './quote';

export const marketApi = {
  /** GET /api/currency/quotation_new: crypto quotes, one group per quote currency. */
  crypto: () =>
    call('GET /api/currency/quotation_new', undefined, { auth: false }).then((groups) =>
      groups.flatMap((g) => g.quotation),
    ),
  /** POST /api/futureslist: marke "cm" precious metals, "ne" futures. */
  futures: (marke: 'cm' | 'ne') => call('POST /api/futureslist', { marke }, { auth: false }),
};

/** The quotes of one market tab. */
export async function loadQuotes(tab: MarketTab): Promise<MarketQuote[]> {
  const list = tab === 0 ? await marketApi.crypto() : await marketApi.futures(tab === 1 ? 'cm' : 'ne');
  return list.map((w) => quoteFromWire(tab, w)).filter((q): q is MarketQuote => q !== null);
}

const cacheKey = (tab: MarketTab) => `quotes_cache_${tab}`;

/** The last list of a tab that loaded, kept on the device (instruments change rarely). */
export function cachedQuotes(tab: MarketTab): MarketQuote[] | null {
  const stored = readStorage(cacheKey(tab));
  if (!stored) return null;
  try {
    const list: unknown = JSON.parse(stored);
    if (!Array.isArray(list) || list.length === 0) return null;
    const valid = list.every(
      (q: unknown) =>
        typeof q === 'object' &&
        q !== null &&
        (q as MarketQuote).tab === tab &&
        typeof (q as MarketQuote).currencyId === 'number' &&
        typeof (q as MarketQuote).symbol === 'string' &&
        typeof (q as MarketQuote).price === 'string',
    );
    return valid ? (list as MarketQuote[]) : null;
  } catch {
    return null;
  }
}

/**
 * The quotes of a tab; the list is kept on the device, so when the server cannot be reached a
 * screen that has nothing yet shows the last known instruments instead of an error (the pair
 * pickers keep working). `hasData`: the screen already shows a list, which an old cached one
 * must not replace.
 */
export async function loadQuotesCached(tab: MarketTab, hasData: boolean): Promise<MarketQuote[]> {
  try {
    const list = await loadQuotes(tab);
    writeStorage(cacheKey(tab), JSON.stringify(list));
    return list;
  } catch (error) {
    const cached = hasData ? null : cachedQuotes(tab);
    if (cached) return cached;
    throw error;
  }
}
