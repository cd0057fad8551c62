// The order book and tape calls (doc 1 §7; server/API.md market section), typed by the
// contract, without a token.
import { call } from '@app/shared';
import { depthFromPayload, type DepthWire } from './depth';
import { tradesFromPayload, type Trade } from './trades';

type PairQuery = { currency_id: number; legal_id: number };

export const bookApi = {
  /** GET /api/currency/depth: the order book now, before market_depth speaks. */
  depth: (query: PairQuery, signal?: AbortSignal) =>
    call('GET /api/currency/depth', query, { auth: false, signal }),
  /** GET /api/currency/new_tradehistory: the recent trades, newest first. */
  tradeHistory: (query: PairQuery, signal?: AbortSignal) =>
    call('GET /api/currency/new_tradehistory', query, { auth: false, signal }),
};

export async function loadDepth(query: PairQuery, signal?: AbortSignal): Promise<DepthWire> {
  return depthFromPayload(await bookApi.depth(query, signal)) ?? { bids: [], asks: [] };
}

export async function loadTrades(query: PairQuery, signal?: AbortSignal): Promise<Trade[]> {
  return tradesFromPayload(await bookApi.tradeHistory(query, signal));
}
