// Launch subscriptions (doc 2 §3, §7; server/API.md).
import { call } from '@app/shared';
import type { AnswerOf } from '@app/contract';

/** The launch project with the caller's balances (GET /api/user/upstart). */
export type LaunchProject = AnswerOf<'GET /api/user/upstart'>;
export type LaunchPhase = LaunchProject['phase'];
export type PayCurrency = LaunchProject['pay_currencies'][number];

/** 1 locked, 2 unlockable, 3 done (doc 2 §4; the contract bounds it to 1..3). */
export type SubscriptionStatus = 1 | 2 | 3;

export type Subscription = Omit<AnswerOf<'POST /api/user/uplists'>[number], 'status'> & {
  status: SubscriptionStatus;
};

/** Subscription list page size (doc 2 §9). */
export const UPLIST_PAGE = 10;
/** The price is polled every second (doc 2 §9). */
export const PRICE_POLL_MS = 1000;
/** The launch token's currency id for the trade link (doc 2 §9). */
export const LAUNCH_CURRENCY_ID = 18;

export const launchApi = {
  project: (signal?: AbortSignal): Promise<LaunchProject> =>
    call('GET /api/user/upstart', undefined, { signal }),
  price: (c_id: number, signal?: AbortSignal) => call('POST /api/bi/price', { c_id }, { signal }),
  subscribe: (body: { amount: string; buymoney: string; c_id: number }) =>
    call('POST /api/user/up_order', body),
  list: async (page: number, signal?: AbortSignal): Promise<Subscription[]> =>
    // The contract bounds the status to 1..3.
    (await call('POST /api/user/uplists', { page, limit: UPLIST_PAGE }, { signal })).map((s) => ({
      ...s,
      status: s.status as SubscriptionStatus,
    })),
  unlock: async (id: number): Promise<{ id: number; status: SubscriptionStatus }> => {
    const done = await call('POST /api/user/unlock', { id });
    // The contract's answer is the subscription's new status (3, done).
    return { id: done.id, status: done.status as SubscriptionStatus };
  },
};
