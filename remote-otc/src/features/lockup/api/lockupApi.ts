// Lock-up mining (doc 2 §3, §7; server/API.md): products, buy, my orders, cancel.
import { call } from '@app/shared';

export interface LockProduct {
  id: number;
  currency: number;
  currency_name: string;
  /** The amount one purchase locks. */
  min: string;
  /** Interest percent for the whole term. */
  lixi: string;
  /** Term in days. */
  qixian: number;
}

export interface LockProducts {
  list: LockProduct[];
  /** Cancel fee percent. */
  zhiya_qxsxf: string;
}

/** 1 in progress, 2 ended, 3 cancelled (doc 2 §4). */
export type LockOrderStatus = 1 | 2 | 3;

export interface LockOrder {
  id: number;
  currency_name: string;
  buy_num: string;
  lixi?: string;
  qixian?: number;
  fan_lixi: string;
  create_time: string;
  end_time: string;
  status: LockOrderStatus;
  fee?: string;
  refund?: string;
}

/** Lock list limit (doc 2 §9); orders page size as records (10). */
export const LOCK_LIST_LIMIT = 500;
export const LOCK_ORDERS_PAGE = 10;

export const lockupApi = {
  /** Every product: the contract's list takes no paging (LOCK_LIST_LIMIT is the spec's ceiling). */
  products: (signal?: AbortSignal): Promise<LockProducts> =>
    call('GET /api/zhiya/list', undefined, { signal }),
  buy: (id: number) => call('POST /api/zhiya/buy', { id }),
  orders: async (page: number, signal?: AbortSignal): Promise<LockOrder[]> =>
    // The contract bounds the status to 1..3.
    (await call('GET /api/zhiya/myorder', { limit: LOCK_ORDERS_PAGE, page }, { signal })).map((o) => ({
      ...o,
      status: o.status as LockOrderStatus,
    })),
  cancel: (id: number) => call('POST /api/zhiya/quxiao', { id }),
};
