// Fiat purchase of USDT (doc 2 §3, §7; server/API.md). Paths and fields as the spec's call table.
import { call } from '@app/shared';
import type { AnswerOf, otc } from '@app/contract';

export type PayWay = otc.PayWay;

/** GET /api/legalInfo?currency=3: rate, limits, the merchant's payment details, the caller's restrictions. */
export type FiatInfo = AnswerOf<'GET /api/legalInfo'>;

/** A merchant's payment details (doc 2 §3 Fiat info). `*Code` are QR-code image URLs. */
export type PaymentDetails = Pick<
  FiatInfo,
  'alipay' | 'alipayCode' | 'wechat' | 'wechatCode' | 'bankNo' | 'bankName' | 'bankAddress'
>;

/** -1 cancelled, 0 awaiting payment, 1 paid, 2 completed (doc 2 §4; the contract's literals). */
export type FiatOrderStatus = otc.FiatStatus;

/** A fiat order (GET /api/legal_buy/detail): `now` is the server's clock (the countdown runs on it). */
export type FiatOrder = AnswerOf<'GET /api/legal_buy/detail'>;

/** Destination coin: USDT (doc 2 §9). */
export const FIAT_CURRENCY_ID = 3;

export const fiatApi = {
  info: (signal?: AbortSignal): Promise<FiatInfo> =>
    call('GET /api/legalInfo', { currency: FIAT_CURRENCY_ID }, { signal }),
  buy: (body: { acc: string; rate: string; pay_way: PayWay }) => call('POST /api/wallet/buy_legal', body),
  detail: (id: string, signal?: AbortSignal): Promise<FiatOrder> =>
    call('GET /api/legal_buy/detail', { id }, { signal }),
  cancel: (id: number | string) => call('POST /api/legal_buy/cancel', { id }),
  payed: (body: { id: number | string; pic: string }) => call('POST /api/legal_buy/payed', body),
};

/** A buy record (doc 1 §3): id, usdt_amount, amount, pay_way, status, created_at. */
export type FiatRecord = AnswerOf<'GET /api/legal_buy/log'>[number];

/** GET /api/legal_buy/log?limit=1000: the user's buy records, newest first. */
export const fiatRecords = (signal?: AbortSignal): Promise<FiatRecord[]> =>
  call('GET /api/legal_buy/log', { limit: 1000 }, { signal });
