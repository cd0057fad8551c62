// Spot calls (doc 1 §7; server/API.md trading section), typed and parsed by the contract.
import { call } from '@app/shared';
import type { SpotPriceMode, SpotSide } from '../model/spot';

export interface SpotDeal {
  /** Available balance of the base currency (change wallet). */
  user_currency: string;
  /** Available USDT (change wallet). */
  user_legal: string;
  cny_price?: string;
  /** Fee in percent of what the user receives (coin on a buy, USDT on a sell). */
  fee_rate?: string;
  /** The instrument's price precision and the coin's quantity precision. */
  price_decimals?: number;
  number_decimals?: number;
}

export interface SpotOrderRow {
  id: number;
  price: string;
  number: string;
  create_time?: string;
  time?: string;
  /** Completed rows: 1 sell, else buy (doc 1 §3). */
  way?: number | string;
  legal_name?: string;
  currency_name?: string;
  /** Added client-side for pending rows. */
  direction?: SpotSide;
}

export const spotApi = {
  deal: async (pair: { legal_id: number; currency_id: number }, signal?: AbortSignal): Promise<SpotDeal> => {
    const m = await call('POST /api/transaction/deal', pair, { signal });
    return {
      user_currency: m.user_currency,
      user_legal: m.user_legal,
      cny_price: m.cny_price,
      fee_rate: m.fee_rate,
      price_decimals: m.price_decimals,
      number_decimals: m.number_decimals,
    };
  },
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
    const m = await call(side === 'buy' ? 'POST /api/transaction_in' : 'POST /api/transaction_out', query, {
      signal,
    });
    return m.list.map((row) => ({ ...row, direction: side }));
  },
  completed: async (currency_id: number, signal?: AbortSignal): Promise<SpotOrderRow[]> =>
    (await call('POST /api/transaction_complete', { page: 1, limit: 100, currency_id }, { signal })).list,
  revoke: (id: number, type: 'in' | 'out') => call('POST /api/transaction_del', { id, type }),
};

/** Pending buys and sells together, newest first (doc 1 §3: direction added client-side). */
export async function loadPending(currencyId: number, signal?: AbortSignal): Promise<SpotOrderRow[]> {
  const [buys, sells] = await Promise.all([
    spotApi.pending('buy', currencyId, signal),
    spotApi.pending('sell', currencyId, signal),
  ]);
  return [...buys, ...sells].sort(
    (a, b) => String(b.create_time ?? '').localeCompare(String(a.create_time ?? '')) || b.id - a.id,
  );
}
