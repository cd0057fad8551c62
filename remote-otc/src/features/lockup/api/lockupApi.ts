// Lock-up mining (doc 2 §3, §7; server/API.md): products, buy, my orders, cancel.
import { call } from '@app/shared';
import type { AnswerOf, earn } from '@app/contract';

/** The products and the cancel fee (GET /api/zhiya/list; pinyin names stop at ../model/catalogue.ts). */
export type LockProducts = AnswerOf<'GET /api/zhiya/list'>;
export type LockProduct = LockProducts['list'][number];

/** 1 in progress, 2 ended, 3 cancelled (doc 2 §4; the contract's literals). */
export type LockOrderStatus = earn.LockupStatus;

export type LockOrder = AnswerOf<'GET /api/zhiya/myorder'>[number];

/** Lock list limit (doc 2 §9); orders page size as records (10). */
export const LOCK_LIST_LIMIT = 500;
export const LOCK_ORDERS_PAGE = 10;

export const lockupApi = {
  /** Every product: the contract's list takes no paging (LOCK_LIST_LIMIT is the spec's ceiling). */
  products: (signal?: AbortSignal): Promise<LockProducts> =>
    call('GET /api/zhiya/list', undefined, { signal }),
  buy: (id: number) => call('POST /api/zhiya/buy', { id }),
  orders: (page: number, signal?: AbortSignal): Promise<LockOrder[]> =>
    call('GET /api/zhiya/myorder', { limit: LOCK_ORDERS_PAGE, page }, { signal }),
  cancel: (id: number) => call('POST /api/zhiya/quxiao', { id }),
};
