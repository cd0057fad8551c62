// Lock-up mining (doc 2 §3, §7; server/API.md): products, buy, my orders, cancel.
import { apiGet, apiPost } from '@app/shared';

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
  products: (signal?: AbortSignal) =>
    apiGet<LockProducts>('/api/zhiya/list', { query: { limit: LOCK_LIST_LIMIT }, signal }),
  buy: (id: number) =>
    apiPost<{ id: number; status: LockOrderStatus; buy_num: string; end_time: string }>('/api/zhiya/buy', {
      id,
    }),
  orders: (page: number, signal?: AbortSignal) =>
    apiGet<LockOrder[]>('/api/zhiya/myorder', { query: { limit: LOCK_ORDERS_PAGE, page }, signal }),
  cancel: (id: number) =>
    apiPost<{ id: number; status: LockOrderStatus; fee: string; refund: string }>('/api/zhiya/quxiao', {
      id,
    }),
};
