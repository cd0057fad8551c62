// Market list calls (doc 1 §7), typed by the contract. Fetched without a token (doc 1 §6: the
// market list loads without one).
import { call, readStorage, writeStorage } from '@app/shared';
import { fromCryptoWire, fromFuturesWire, type MarketQuote, type MarketTab } from '../model/quote';

export const quotesApi = {
  /** GET /api/currency/quotation_new: one group per quote currency, flattened. */
  crypto: () =>
    call('GET /api/currency/quotation_new', undefined, { auth: false }).then((groups) =>
      groups.flatMap((g) => g.quotation),
    ),
  /** POST /api/futureslist: marke "cm" precious metals, "ne" futures. */
  futures: (marke: 'cm' | 'ne') => call('POST /api/futureslist', { marke }, { auth: false }),
};

/** The quotes of one tab, in the shape the screens use. */
export async function loadQuotes(tab: MarketTab): Promise<MarketQuote[]> {
  if (tab === 0) return (await quotesApi.crypto()).map(fromCryptoWire);
  const list = await quotesApi.futures(tab === 1 ? 'cm' : 'ne');
  return list.map((wire) => fromFuturesWire(wire, tab));
}

const cacheKey = (tab: MarketTab) => `quotes_cache_${tab}`;

/** The last list of a tab that loaded, kept on the device (instruments change rarely). */
export function cachedQuotes(tab: MarketTab): MarketQuote[] | null {
  const text = readStorage(cacheKey(tab));
  if (!text) return null;
  try {
    const list: unknown = JSON.parse(text);
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
 * The quotes of a tab; the list is kept on the device, so when the server cannot be reached
 * (the connection is down) a screen that has nothing yet shows the last known instruments
 * instead of an error (the chart's pair picker keeps working). `hasData`: the screen already
 * shows a list, which an old cached one must not replace.
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
