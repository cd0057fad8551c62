import { z } from 'zod';
import { decimal, optionalId, optionalText, pageInput, positiveId, text } from './fields';
import { depthBook } from './market';

const smallInt = (code: string) =>
  z
    .preprocess(
      (v) =>
        typeof v === 'string' && /^\d{1,3}$/.test(v.trim()) ? Number(v.trim()) : v === '' ? undefined : v,
      z.number({ error: code }).int({ error: code }).optional(),
    )
    .meta({ type: ['integer', 'string'] });

export const spotOrderBody = z.object({
  legal_id: optionalId(),
  currency_id: positiveId('spot.pair_not_found'),
  price: optionalText(z.string().trim().max(40)),
  num: optionalText(z.string({ error: 'spot.number_invalid' }).trim().max(40)),
  mode: smallInt('spot.mode_invalid'),
  trade_type: smallInt('spot.pair_not_found'),
});
export type SpotOrderInput = z.output<typeof spotOrderBody>;

export const spotDealBody = z.object({
  legal_id: optionalId(),
  currency_id: positiveId('spot.pair_not_found'),
});
export const spotListBody = z.object({ ...pageInput, currency_id: optionalId() });
export const spotRevokeBody = z.object({
  id: positiveId('spot.order_not_found'),
  type: text(
    z
      .string({ error: 'validation.failed' })
      .trim()
      .toLowerCase()
      .pipe(z.enum(['in', 'out', '1', '2', 'buy', 'sell'])),
  ),
});

// ------------------------------------------------------------------ answers

export const spotOrderView = z.object({
  id: z.number().int(),
  type: z.enum(['in', 'out']),
  way: z.union([z.literal(1), z.literal(2)]),
  direction: z.enum(['buy', 'sell']),
  mode: z.union([z.literal(1), z.literal(2)]),
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  currency_id: z.number().int(),
  legal_id: z.number().int(),
  currency_name: z.string(),
  legal_name: z.string(),
  symbol: z.string(),
  price: decimal,
  number: decimal,
  total: decimal,
  fee: decimal,
  fee_currency: z.string(),
  locked: decimal,
  create_time: z.string(),
  complete_time: z.string().nullable(),
  time: z.string(),
  fill_seq: z.number().int().nullable(),
  fill_time: z.string().nullable(),
});
export type SpotOrderView = z.infer<typeof spotOrderView>;

export const spotListAnswer = z.object({
  list: z.array(spotOrderView),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});

export const spotDealAnswer = z.object({
  user_currency: decimal,
  user_legal: decimal,
  lock_currency: decimal,
  lock_legal: decimal,
  cny_price: decimal,
  now_price: decimal,
  currency_id: z.number().int(),
  legal_id: z.number().int(),
  currency_name: z.string(),
  legal_name: z.string(),
  symbol: z.string(),
  fee_rate: decimal,
  price_decimals: z.number().int(),
  number_decimals: z.number().int(),
  in_trade: z.union([z.literal(0), z.literal(1)]),
  depth: depthBook,
});
export type SpotDealAnswer = z.infer<typeof spotDealAnswer>;
