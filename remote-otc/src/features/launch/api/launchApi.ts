// Launch subscriptions (doc 2 §3, §7; server/API.md).
import { call } from '@app/shared';
import type { AnswerOf, earn } from '@app/contract';

/** The launch project with the caller's balances (GET /api/user/upstart). */
export type LaunchProject = AnswerOf<'GET /api/user/upstart'>;
export type LaunchPhase = LaunchProject['phase'];
export type PayCurrency = LaunchProject['pay_currencies'][number];

/** 1 locked, 2 unlockable, 3 done (doc 2 §4; the contract's literals). */
export type SubscriptionStatus = earn.SubscriptionStatus;

export type Subscription = AnswerOf<'POST /api/user/uplists'>[number];

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
  list: (page: number, signal?: AbortSignal): Promise<Subscription[]> =>
    call('POST /api/user/uplists', { page, limit: UPLIST_PAGE }, { signal }),
  /** The answer is the subscription's new status (3, done). */
  unlock: (id: number) => call('POST /api/user/unlock', { id }),
};
