import { z } from 'zod';
import { decimal, optionalId, optionalText, pageInput, positiveId, smallInt } from './fields';

export const leverPairBody = z.object({
  currency_id: positiveId('lever.pair_not_found'),
  legal_id: optionalId(),
});

export const leverSubmitBody = z.object({
  legal_id: optionalId(),
  currency_id: positiveId('lever.pair_not_found'),
  multiple: smallInt('lever.multiple_invalid', 6),
  share: optionalText(
    z.string({ error: 'lever.share_invalid' }).trim().max(20, { error: 'lever.share_invalid' }),
  ),
  type: smallInt('lever.type_invalid', 6),
  status: smallInt('lever.status_invalid', 6),
  target_price: optionalText(
    z.string({ error: 'lever.price_invalid' }).trim().max(40, { error: 'lever.price_invalid' }),
  ),
  trade_type: optionalText(z.string().trim().max(5)),
});
export type LeverSubmitInput = z.output<typeof leverSubmitBody>;

export const leverMyTradeBody = z.object({
  status: z
    .preprocess(
      (v) => (typeof v === 'string' && /^\d$/.test(v.trim()) ? Number(v.trim()) : v),
      z.union([z.literal(0), z.literal(1), z.literal(3), z.literal(4)], { error: 'lever.status_invalid' }),
    )
    .meta({ anyOf: [{ enum: [0, 1, 3, 4] }, { enum: ['0', '1', '3', '4'] }] }),
  legal_id: optionalId(),
  currency_id: optionalId(),
  ...pageInput,
});

export const leverIdBody = z.object({ id: positiveId('lever.order_not_found') });

export const leverStopBody = z.object({
  id: positiveId('lever.order_not_found'),
  target_profit_price: optionalText(
    z.string({ error: 'lever.stop_invalid' }).trim().max(40, { error: 'lever.stop_invalid' }),
  ),
  stop_loss_price: optionalText(
    z.string({ error: 'lever.stop_invalid' }).trim().max(40, { error: 'lever.stop_invalid' }),
  ),
});
export type LeverStopInput = z.output<typeof leverStopBody>;

// ------------------------------------------------------------------ answers

export const leverOrderView = z.object({
  id: z.number().int(),
  type: z.union([z.literal(1), z.literal(2)]),
  status: z.union([z.literal(0), z.literal(1), z.literal(3), z.literal(4)]),
  symbol: z.string(),
  currency_id: z.number().int(),
  legal_id: z.number().int(),
  currency: z.string(),
  legal: z.string(),
  multiple: z.number().int(),
  share: z.number().int(),
  lever_share_num: decimal,
  origin_price: decimal,
  price: decimal,
  target_price: decimal.nullable(),
  update_price: decimal,
  origin_caution_money: decimal,
  caution_money: decimal,
  trade_fee: decimal,
  target_profit_price: decimal.nullable(),
  stop_loss_price: decimal.nullable(),
  liquidation_price: decimal,
  contract_value: decimal,
  profits: decimal,
  close_reason: z.enum(['manual', 'take_profit', 'stop_loss', 'liquidation']).nullable(),
  create_time: z.string(),
  transaction_time: z.string().nullable(),
  complete_time: z.string().nullable(),
  open_seq: z.number().int().nullable(),
  close_seq: z.number().int().nullable(),
});
export type LeverOrderView = z.infer<typeof leverOrderView>;

export const leverDealAnswer = z.object({
  multiple: z.object({
    muit: z.array(z.object({ value: z.number().int() })),
    share: z.array(z.number().int()),
  }),
  user_lever: decimal,
  lock_lever: decimal,
  now_price: decimal,
  spread: decimal,
  lever_trade_fee: decimal,
  lever_share_num: decimal,
  hand_value: decimal,
  min_share: z.number().int(),
  max_share: z.number().int(),
  currency_id: z.number().int(),
  legal_id: z.number().int(),
  symbol: z.string(),
  currency_name: z.string(),
  in_trade: z.union([z.literal(0), z.literal(1)]),
});
export type LeverDealAnswer = z.infer<typeof leverDealAnswer>;

/** `my_trade` wraps its page once more: the list is `message.message.data`. */
export const leverMyTradeAnswer = z.object({
  message: z.object({
    data: z.array(leverOrderView),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  }),
});

export const leverEvents = [
  'open',
  'pending',
  'cancel',
  'setstop',
  'close',
  'take_profit',
  'stop_loss',
  'liquidation',
  'revalue',
] as const;

/** Channel `lever_trade` (owner only). `trades_all` / `trades_entrust` are JSON array text of rows. */
export const leverTradePayload = z.object({
  event: z.enum(leverEvents),
  id: z.number().int().nullable(),
  order: leverOrderView.nullable(),
  trades_all: z.string(),
  trades_entrust: z.string(),
});
