// Spot calls (doc 1 §7; server/API.md trading section), typed and parsed by the contract.
import { call } from '@app/shared';
import type { AnswerOf } from '@app/contract';
import type { SpotPriceMode, SpotSide } from '../model/spot';

/** The pair's balances, fee and precisions (`POST /api/transaction/deal`). */
export type SpotDeal = AnswerOf<'POST /api/transaction/deal'>;
/** A spot order as every list answers it (pending rows carry their direction already). */
export type SpotOrderRow = AnswerOf<'POST /api/transaction_complete'>['list'][number];

export const spotApi = {
  deal: (pair: { legal_id: number; currency_id: number }, signal?: AbortSignal): Promise<SpotDeal> =>
    call('POST /api/transaction/deal', pair, { signal }),
  submit: (
    side: SpotSide,
    body: {
      legal_id: number;
      currency_id: number;
      price: string;
      num: string;
      mode: SpotPriceMode;
      trade_type: number;
    },
  ) => call(side === 'buy' ? 'POST /api/transaction/in' : 'POST /api/transaction/out', body),
  pending: async (side: SpotSide, currency_id: number, signal?: AbortSignal): Promise<SpotOrderRow[]> => {
    const query = { page: 1, limit: 100, currency_id };
    return (
      await call(side === 'buy' ? 'POST /api/transaction_in' : 'POST /api/transaction_out', query, { signal })
    ).list;
  },
  completed: async (currency_id: number, signal?: AbortSignal): Promise<SpotOrderRow[]> =>
    (await call('POST /api/transaction_complete', { page: 1, limit: 100, currency_id }, { signal })).list,
  revoke: (id: number, type: 'in' | 'out') => call('POST /api/transaction_del', { id, type }),
};

/**
 * Newest first; within one instant the higher (later) id first. The times are ISO instants of one
 * width (`2026-11-22T08:00:00.000Z`), so plain string order is time order; `localeCompare` would build
 * ICU's collator on its first call (~30 ms at 4x CPU on the trade screen) for the same answer.
 */
function newestFirst(a: SpotOrderRow, b: SpotOrderRow): number {
  if (a.create_time !== b.create_time) return a.create_time < b.create_time ? 1 : -1;
  return b.id - a.id;
}

/** Pending buys and sells together, newest first. */
export async function loadPending(currencyId: number, signal?: AbortSignal): Promise<SpotOrderRow[]> {
  const [buys, sells] = await Promise.all([
    spotApi.pending('buy', currencyId, signal),
    spotApi.pending('sell', currencyId, signal),
  ]);
  return [...buys, ...sells].sort(newestFirst);
}
