// Market list calls (doc 1 §7). Fetched without a token (doc 1 §6: the market list loads
// without one); tests stub them through `quotesApi` with jest.spyOn.
import { apiGet, apiPost } from '@app/shared';
import {
  fromCryptoWire,
  fromFuturesWire,
  type CryptoQuoteWire,
  type FuturesQuoteWire,
  type MarketQuote,
  type MarketTab,
} from '../model/quote';

/** GET /api/currency/quotation_new: message[].quotation[] (one group per quote currency). */
interface QuotationGroup {
  quotation: CryptoQuoteWire[];
}

export const quotesApi = {
  /** Crypto quotes, all groups flattened. */
  crypto: () =>
    apiGet<QuotationGroup[]>('/api/currency/quotation_new', { auth: false }).then((groups) =>
      groups.flatMap((g) => g.quotation ?? []),
    ),
  /** POST /api/futureslist: marke "cm" precious metals, "ne" futures. */
  futures: (marke: 'cm' | 'ne') =>
    apiPost<FuturesQuoteWire[]>('/api/futureslist', { marke }, { auth: false }),
};

/** The quotes of one tab, in the shape the screens use. */
export async function loadQuotes(tab: MarketTab): Promise<MarketQuote[]> {
  if (tab === 0) return (await quotesApi.crypto()).map(fromCryptoWire);
  const list = await quotesApi.futures(tab === 1 ? 'cm' : 'ne');
  return list.map((wire) => fromFuturesWire(wire, tab));
}
