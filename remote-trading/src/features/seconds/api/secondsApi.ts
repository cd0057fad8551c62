// Seconds contract calls (doc 1 §7; server/API.md).
import { apiGet, apiPost } from '@app/shared';
import type { SecondsOrder, SecondsType } from '../model/seconds';

export interface PayableCurrency {
  id: number;
  name: string;
  user_wallet: { micro_balance: string; lock_micro_balance?: string; currency_name: string };
  micro_numbers: Array<{ number: string | number }>;
  min?: string;
  max?: string;
}

export interface DurationOption {
  seconds: number;
  profit_ratio: string;
  status: number;
}

export const secondsApi = {
  currencies: () => apiGet<PayableCurrency[]>('/api/microtrade/payable_currencies'),
  /** Only status 1 durations are offered (doc 1 §3). */
  durations: async () =>
    (await apiGet<DurationOption[]>('/api/microtrade/seconds')).filter((d) => Number(d.status) === 1),
  list: async (status: 1 | 3): Promise<SecondsOrder[]> =>
    (
      await apiGet<{ data?: SecondsOrder[] }>('/api/microtrade/lists', {
        query: { status, page: 1, limit: 100 },
      })
    ).data ?? [],
  submit: (body: {
    match_id: number;
    currency_id: number;
    type: SecondsType;
    seconds: number;
    number: string;
    trade_type: number;
  }) => apiPost<SecondsOrder>('/api/microtrade/submit', body),
};
