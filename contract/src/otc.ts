import { z } from 'zod';
import { decimal, optionalId, optionalText, positiveId, text } from './fields';

export const legalInfoQuery = z.object({ currency: optionalId() });
export const buyLegalBody = z.object({
  acc: text(z.string({ error: 'fiat.amount_range' }).trim().min(1, { error: 'fiat.amount_range' }).max(30)),
  rate: text(z.string().trim().min(1).max(30)),
  pay_way: text(z.string({ error: 'fiat.pay_way_unsupported' }).trim().max(10)),
});
export const fiatIdInput = z.object({ id: positiveId('fiat.order_not_found') });
export const fiatPaidBody = z.object({
  id: positiveId('fiat.order_not_found'),
  pic: optionalText(z.string().trim().max(2000)),
});
export const fiatLogQuery = z.object({ limit: optionalId() });
export const merchantCodeParams = z.object({
  merchant: z.string().regex(/^\d{1,6}$/),
  way: z.enum(['alipay.png', 'wechat.png']),
});

// ------------------------------------------------------------------ answers

export const legalInfoAnswer = z.object({
  currency: z.number().int(),
  currency_name: z.string(),
  rate: decimal,
  count: z.number().int(),
  min: decimal,
  max: decimal,
  alipay: z.string(),
  alipayCode: z.string(),
  wechat: z.string(),
  wechatCode: z.string(),
  bankNo: z.string(),
  bankName: z.string(),
  bankAddress: z.string(),
  timeout_minutes: z.number(),
  unfinished: z.number().int(),
  cancels_today: z.number().int(),
  restricted_until: z.string().nullable(),
});

/** Fiat order status (doc 2 §4): -1 cancelled, 0 awaiting payment, 1 paid, 2 completed. */
export const fiatStatus = z.literal([-1, 0, 1, 2]);
export type FiatStatus = z.infer<typeof fiatStatus>;

/** How the buyer pays the merchant. */
export const payWay = z.enum(['alipay', 'wechat', 'bank']);
export type PayWay = z.infer<typeof payWay>;

export const fiatOrderSummary = z.object({
  id: z.number().int(),
  status: fiatStatus,
  status_text: z.string(),
  pay_way: payWay,
  amount: decimal,
  usdt_amount: decimal,
  rate: decimal,
  created_at: z.string(),
  expire_at: z.string(),
  pay_time: z.string().nullable(),
});
export type FiatOrderSummary = z.infer<typeof fiatOrderSummary>;

export const fiatOrderDetail = fiatOrderSummary.extend({
  confirm_time: z.string().nullable(),
  cancel_time: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  pic: z.string(),
  merchant_name: z.string(),
  alipay: z.string(),
  alipayCode: z.string(),
  wechat: z.string(),
  wechatCode: z.string(),
  bankNo: z.string(),
  bankName: z.string(),
  bankAddress: z.string(),
  now: z.string(),
});
export type FiatOrderDetail = z.infer<typeof fiatOrderDetail>;

/** `buy_legal`: the new order's id. */
export const buyLegalAnswer = z.number().int();
export const fiatCancelAnswer = z.object({ id: z.number().int(), status: z.literal(-1) });
export const fiatPaidAnswer = z.object({ id: z.number().int(), status: z.literal(1), pay_time: z.string() });
