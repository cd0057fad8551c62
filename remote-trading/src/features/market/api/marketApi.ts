// Market data calls (doc 1 §7; server/API.md market section). Quotes load without a token.
import { apiGet, apiPost } from '@app/shared';
import { quoteFromWire, type TradeQuote } from '../model/quote';
import type { MarketTab } from '../model/pair';
import { depthFromPayload, type DepthWire } from '../model/depth';

export const marketApi = {
  crypto: () =>
    apiGet<Array<{ quotation?: unknown[] }>>('/api/currency/quotation_new', { auth: false }).then((groups) =>
      groups.flatMap((g) => g.quotation ?? []),
    ),
  futures: (marke: 'cm' | 'ne') => apiPost<unknown[]>('/api/futureslist', { marke }, { auth: false }),
  depth: (query: { currency_id: number; legal_id: number }, signal?: AbortSignal) =>
    apiGet<unknown>('/api/currency/depth', { query, auth: false, signal }),
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
