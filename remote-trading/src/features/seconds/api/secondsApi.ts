// Seconds contract calls (doc 1 §7; server/API.md), typed by the contract.
import { call } from '@app/shared';
import type { AnswerOf } from '@app/contract';
import type { SecondsType } from '../model/seconds';

export type PayableCurrency = AnswerOf<'GET /api/microtrade/payable_currencies'>[number];
export type DurationOption = AnswerOf<'GET /api/microtrade/seconds'>[number];

export const secondsApi = {
  currencies: (signal?: AbortSignal) => call('GET /api/microtrade/payable_currencies', undefined, { signal }),
  /** Only status 1 durations are offered (doc 1 §3). */
  durations: async (signal?: AbortSignal) =>
    (await call('GET /api/microtrade/seconds', undefined, { signal })).filter((d) => d.status === 1),
  list: async (status: 1 | 3, signal?: AbortSignal) =>
    (await call('GET /api/microtrade/lists', { status, page: 1, limit: 100 }, { signal })).data,
  submit: (body: {
    match_id: number;
    currency_id: number;
    type: SecondsType;
    seconds: number;
    number: string;
    trade_type: number;
  }) => call('POST /api/microtrade/submit', body),
};
