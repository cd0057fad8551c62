// Spot calls (doc 1 §7; server/API.md trading section).
import { apiPost } from '@app/shared';
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

interface ListAnswer {
  list?: SpotOrderRow[];
}

/** A balance the server may send as text, a number or {balance}. */
function balanceText(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (value && typeof value === 'object') {
    const r = value as Record<string, unknown>;
    for (const key of ['change_balance', 'balance', 'available']) {
      if (typeof r[key] === 'string' || typeof r[key] === 'number') return String(r[key]);
    }
  }
  return '0';
}

export const spotApi = {
  deal: async (pair: { legal_id: number; currency_id: number }, signal?: AbortSignal): Promise<SpotDeal> => {
    const m = await apiPost<Record<string, unknown>>('/api/transaction/deal', pair, { signal });
    return {
      user_currency: balanceText(m.user_currency),
      user_legal: balanceText(m.user_legal),
      cny_price: typeof m.cny_price === 'string' ? m.cny_price : undefined,
      fee_rate: typeof m.fee_rate === 'string' ? m.fee_rate : undefined,
      price_decimals: typeof m.price_decimals === 'number' ? m.price_decimals : undefined,
      number_decimals: typeof m.number_decimals === 'number' ? m.number_decimals : undefined,
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
  ) => apiPost<unknown>(side === 'buy' ? '/api/transaction/in' : '/api/transaction/out', body),
  pending: async (side: SpotSide, currency_id: number, signal?: AbortSignal): Promise<SpotOrderRow[]> => {
    const m = await apiPost<ListAnswer>(
      side === 'buy' ? '/api/transaction_in' : '/api/transaction_out',
      { page: 1, limit: 100, currency_id },
      { signal },
    );
    return (m.list ?? []).map((row) => ({ ...row, direction: side }));
  },
  completed: async (currency_id: number, signal?: AbortSignal): Promise<SpotOrderRow[]> => {
    const m = await apiPost<ListAnswer>(
      '/api/transaction_complete',
      { page: 1, limit: 100, currency_id },
      { signal },
    );
    return m.list ?? [];
  },
  revoke: (id: number, type: 'in' | 'out') => apiPost<unknown>('/api/transaction_del', { id, type }),
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
