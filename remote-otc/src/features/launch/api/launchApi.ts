// Launch subscriptions (doc 2 §3, §7; server/API.md).
import { call } from '@app/shared';

export type LaunchPhase = 'warmup' | 'subscription' | 'ended' | 'published';

export interface PayCurrency {
  c_id: number;
  name: string;
  price?: string;
}

export interface LaunchProject {
  id: number;
  keyword: string;
  abstract: string;
  content: string;
  /** The token subscribed (BEF). */
  bname: string;
  /** Its currency id (18): the /exchange link's coin. */
  c_id: number;
  /** Token price in USDT. */
  buymoney: string;
  c_name: string;
  total: string;
  /** Remaining. */
  left: string;
  /** Sold. */
  right: string;
  min?: string;
  max?: string;
  /** Lock days. */
  iepn_scz: number | string;
  /** White paper URL. */
  baipishuurl: string;
  phase?: LaunchPhase;
  start_at?: string;
  end_at?: string;
  pay_currencies?: PayCurrency[];
  detail?: { balance: string; balances?: { c_id: number; name: string; balance: string }[] };
}

/** 1 locked, 2 unlockable, 3 done (doc 2 §4). */
export type SubscriptionStatus = 1 | 2 | 3;

export interface Subscription {
  id: number;
  price: string;
  amount: string;
  pay_amount?: string;
  currency_name: string;
  token_name?: string;
  created_at: string;
  endtime_at: string;
  status: SubscriptionStatus;
}

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
