// The lock-up answers in code names: the wire's pinyin fields (doc 2 §3: lixi, qixian,
// zhiya_qxsxf, fan_lixi) stop at this boundary.
import {
  lockupApi,
  type LockOrder as WireLockOrder,
  type LockProduct as WireLockProduct,
  type LockProducts as WireLockProducts,
} from '../api/lockupApi';

export type LockupProduct = Omit<WireLockProduct, 'lixi' | 'qixian'> & {
  /** Interest percent for the whole term. */
  interestRate: string;
  termDays: number;
};

export interface LockupCatalogue {
  list: LockupProduct[];
  /** Cancel fee percent. */
  cancelFeeRate: string;
}

export type LockupOrder = Omit<WireLockOrder, 'lixi' | 'qixian' | 'fan_lixi'> & {
  interestRate?: string;
  termDays?: number;
  /** The interest the order earns. */
  interestEarned: string;
};

export function toLockupCatalogue({ list, zhiya_qxsxf }: WireLockProducts): LockupCatalogue {
  return {
    list: list.map(({ lixi, qixian, ...rest }) => ({ ...rest, interestRate: lixi, termDays: qixian })),
    cancelFeeRate: zhiya_qxsxf,
  };
}

export function toLockupOrder({ lixi, qixian, fan_lixi, ...rest }: WireLockOrder): LockupOrder {
  return { ...rest, interestRate: lixi, termDays: qixian, interestEarned: fan_lixi };
}

export const loadLockupCatalogue = (signal?: AbortSignal): Promise<LockupCatalogue> =>
  lockupApi.products(signal).then(toLockupCatalogue);

export const loadLockupOrders = (page: number, signal?: AbortSignal): Promise<LockupOrder[]> =>
  lockupApi.orders(page, signal).then((orders) => orders.map(toLockupOrder));
