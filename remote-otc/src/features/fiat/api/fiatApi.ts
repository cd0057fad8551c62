// Fiat purchase of USDT (doc 2 §3, §7; server/API.md). Paths and fields as the spec's call table.
import { call } from '@app/shared';

export type PayWay = 'alipay' | 'wechat' | 'bank';

/** A merchant's payment details (doc 2 §3 Fiat info). `*Code` are QR-code image URLs. */
export interface PaymentDetails {
  alipay?: string | null;
  alipayCode?: string | null;
  wechat?: string | null;
  wechatCode?: string | null;
  bankNo?: string | null;
  bankName?: string | null;
  bankAddress?: string | null;
}

/** GET /api/legalInfo?currency=3. */
export interface FiatInfo extends PaymentDetails {
  rate: string;
  count: number | string;
  min: string;
  max: string;
  /** The caller's orders in status 0 or 1 (more than 3 block new ones). */
  unfinished?: number;
  cancels_today?: number;
  /** ISO time when buying is allowed again after 3 cancellations, else null. */
  restricted_until?: string | null;
}

/** -1 cancelled, 0 awaiting payment, 1 paid, 2 completed (doc 2 §4). */
export type FiatOrderStatus = -1 | 0 | 1 | 2;

export interface FiatOrder extends PaymentDetails {
  id: number;
  status: FiatOrderStatus;
  pay_way: PayWay;
  pay_time?: string | null;
  created_at: string;
  usdt_amount: string;
  amount: string;
  rate?: string;
  /** created_at + 30 min: the server cancels the order then if it is still unpaid. */
  expire_at?: string | null;
  confirm_time?: string | null;
  cancel_time?: string | null;
  /** 'user' or 'timeout'. */
  cancel_reason?: string | null;
  merchant_name?: string | null;
  /** Signed URL of the payment screenshot, or ''. */
  pic?: string | null;
  /** The server's clock when it answered (the countdown runs on it). */
  now?: string;
}

/** Destination coin: USDT (doc 2 §9). */
export const FIAT_CURRENCY_ID = 3;

/** The contract bounds the status to -1..2 and names one of the three pay ways: their literals here. */
function narrowFiat<T extends { status: number; pay_way: string }>(
  order: T,
): Omit<T, 'status' | 'pay_way'> & { status: FiatOrderStatus; pay_way: PayWay } {
  return { ...order, status: order.status as FiatOrderStatus, pay_way: order.pay_way as PayWay };
}

export const fiatApi = {
  info: (signal?: AbortSignal): Promise<FiatInfo> =>
    call('GET /api/legalInfo', { currency: FIAT_CURRENCY_ID }, { signal }),
  buy: (body: { acc: string; rate: string; pay_way: PayWay }) => call('POST /api/wallet/buy_legal', body),
  detail: async (id: string, signal?: AbortSignal): Promise<FiatOrder> =>
    narrowFiat(await call('GET /api/legal_buy/detail', { id }, { signal })),
  cancel: (id: number | string) => call('POST /api/legal_buy/cancel', { id }),
  payed: (body: { id: number | string; pic: string }) => call('POST /api/legal_buy/payed', body),
};

/** A buy record (doc 1 §3): id, usdt_amount, amount, pay_way, status, created_at. */
export type FiatRecord = Pick<
  FiatOrder,
  'id' | 'usdt_amount' | 'amount' | 'pay_way' | 'status' | 'created_at'
>;

/** GET /api/legal_buy/log?limit=1000: the user's buy records, newest first. */
export const fiatRecords = async (signal?: AbortSignal): Promise<FiatRecord[]> =>
  (await call('GET /api/legal_buy/log', { limit: 1000 }, { signal })).map(narrowFiat);
