import { z } from 'zod';
import { decimal, optionalId, positiveId, text } from './fields';

export const earnIdBody = (error: string) => z.object({ id: positiveId(error) });
export const lockupBuyBody = earnIdBody('lockup.product_not_found');
export const lockupCancelBody = earnIdBody('lockup.order_not_found');
export const launchUnlockBody = earnIdBody('launch.order_not_found');
export const earnPageInput = z.object({ page: optionalId(), limit: optionalId() });
export const launchPriceInput = z.object({ c_id: positiveId('launch.pay_currency_unsupported') });
export const launchOrderBody = z.object({
  amount: text(
    z.string({ error: 'launch.amount_invalid' }).trim().min(1, { error: 'launch.amount_invalid' }).max(40),
  ),
  buymoney: text(z.string().trim().min(1).max(40)),
  c_id: positiveId('launch.pay_currency_unsupported'),
});
export type LaunchOrderInput = z.output<typeof launchOrderBody>;

// ------------------------------------------------------------------ answers

export const lockupProductsAnswer = z.object({
  list: z.array(
    z.object({
      id: z.number().int(),
      currency: z.number().int(),
      currency_name: z.string(),
      min: decimal,
      lixi: decimal,
      qixian: z.number().int(),
      income: decimal,
    }),
  ),
  zhiya_qxsxf: decimal,
});

export const lockupBuyAnswer = z.object({
  id: z.number().int(),
  status: z.literal(1),
  buy_num: decimal,
  fan_lixi: decimal,
  end_time: z.string(),
});

/** Lock-up order status (doc 2 §4): 1 in progress, 2 ended, 3 cancelled. */
export const lockupStatus = z.literal([1, 2, 3]);
export type LockupStatus = z.infer<typeof lockupStatus>;

export const lockupOrderView = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  currency: z.number().int(),
  currency_name: z.string(),
  buy_num: decimal,
  lixi: decimal,
  qixian: z.number().int(),
  fan_lixi: decimal,
  create_time: z.string(),
  end_time: z.string(),
  status: lockupStatus,
  status_text: z.string(),
  fee: decimal,
  refund: decimal,
  finish_time: z.string().nullable(),
});
export type LockupOrderView = z.infer<typeof lockupOrderView>;

export const lockupCancelAnswer = z.object({
  id: z.number().int(),
  status: z.literal(3),
  fee: decimal,
  refund: decimal,
});

const payCurrency = z.object({ c_id: z.number().int(), name: z.string(), price: decimal });

export const launchInfoAnswer = z.object({
  id: z.number().int(),
  keyword: z.string(),
  abstract: z.string(),
  content: z.string(),
  bname: z.string(),
  c_id: z.number().int(),
  buymoney: decimal,
  c_name: z.string(),
  total: decimal,
  left: decimal,
  right: decimal,
  min: decimal,
  max: decimal,
  iepn_scz: z.number().int(),
  baipishuurl: z.string(),
  phase: z.enum(['warmup', 'subscription', 'ended', 'published']),
  warmup_at: z.string(),
  start_at: z.string(),
  end_at: z.string(),
  publish_at: z.string(),
  pay_currencies: z.array(payCurrency),
});

export const upstartAnswer = launchInfoAnswer.extend({
  detail: z.object({
    balance: decimal,
    balances: z.array(z.object({ c_id: z.number().int(), name: z.string(), balance: decimal })),
  }),
});

export const launchPriceAnswer = payCurrency;

export const launchOrderAnswer = z.object({
  id: z.number().int(),
  amount: decimal,
  price: decimal,
  pay_amount: decimal,
  currency_name: z.string(),
  endtime_at: z.string(),
  /** A new subscription is locked. */
  status: z.literal(1),
});

/** Subscription status (doc 2 §4): 1 locked, 2 unlockable, 3 done. */
export const subscriptionStatus = z.literal([1, 2, 3]);
export type SubscriptionStatus = z.infer<typeof subscriptionStatus>;

export const subscriptionView = z.object({
  id: z.number().int(),
  price: decimal,
  amount: decimal,
  pay_amount: decimal,
  currency_name: z.string(),
  token_name: z.string(),
  created_at: z.string(),
  endtime_at: z.string(),
  status: subscriptionStatus,
  status_text: z.string(),
});
export type SubscriptionView = z.infer<typeof subscriptionView>;

/** An unlocked subscription is done. */
export const launchUnlockAnswer = z.object({ id: z.number().int(), status: z.literal(3) });
