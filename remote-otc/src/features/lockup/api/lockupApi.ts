// Lock-up mining (doc 2 §3, §7; server/API.md): products, buy, my orders, cancel.
import { call } from '@app/shared';
import type { AnswerOf } from '@app/contract';

/** The products and the cancel fee (GET /api/zhiya/list; pinyin names stop at ../model/catalogue.ts). */
export type LockProducts = AnswerOf<'GET /api/zhiya/list'>;
export type LockProduct = LockProducts['list'][number];

/** 1 in progress, 2 ended, 3 cancelled (doc 2 §4; the contract bounds it to 1..3). */
export type LockOrderStatus = 1 | 2 | 3;

export type LockOrder = Omit<AnswerOf<'GET /api/zhiya/myorder'>[number], 'status'> & {
  status: LockOrderStatus;
};

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
