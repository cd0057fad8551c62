// Market data calls (doc 1 §7; server/API.md market section), typed by the contract. Quotes load
// without a token.
import { call } from '@app/shared';
import { quoteFromWire, type TradeQuote } from '../model/quote';
import type { MarketTab } from '../model/pair';
import { depthFromPayload, type DepthWire } from '../model/depth';

export const marketApi = {
  crypto: () =>
    call('GET /api/currency/quotation_new', undefined, { auth: false }).then((groups) =>
      groups.flatMap((g) => g.quotation),
    ),
  futures: (marke: 'cm' | 'ne') => call('POST /api/futureslist', { marke }, { auth: false }),
  depth: (query: { currency_id: number; legal_id: number }, signal?: AbortSignal) =>
    call('GET /api/currency/depth', query, { auth: false, signal }),
};

/** The quotes of one market tab. */
export async function loadQuotes(tab: MarketTab): Promise<TradeQuote[]> {
  const list = tab === 0 ? await marketApi.crypto() : await marketApi.futures(tab === 1 ? 'cm' : 'ne');
  return list.map((w) => quoteFromWire(tab, w)).filter((q): q is TradeQuote => q !== null);
}

export async function loadDepth(
  query: { currency_id: number; legal_id: number },
  signal?: AbortSignal,
): Promise<DepthWire> {
  return depthFromPayload(await marketApi.depth(query, signal)) ?? { bids: [], asks: [] };
}
