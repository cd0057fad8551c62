import { z } from 'zod';
import { decimal, optionalId, optionalText, pageInput, smallInt } from './fields';

export const secondsListQuery = z.object({
  status: z
    .preprocess(
      (v) => (typeof v === 'string' && /^\d$/.test(v.trim()) ? Number(v.trim()) : v),
      z.union([z.literal(1), z.literal(3)], { error: 'seconds.status_invalid' }),
    )
    .meta({ anyOf: [{ enum: [1, 3] }, { enum: ['1', '3'] }] }),
  ...pageInput,
  match_id: optionalId(),
  currency_id: optionalId(),
  legal_id: optionalId(),
});

export const secondsSubmitBody = z.object({
  match_id: smallInt('seconds.pair_not_found', 9),
  symbol: optionalText(z.string().trim().max(30)),
  currency_id: smallInt('seconds.currency_invalid', 9),
  type: smallInt('seconds.type_invalid', 9),
  seconds: smallInt('seconds.seconds_invalid', 9),
  number: optionalText(
    z.string({ error: 'seconds.number_invalid' }).trim().max(40, { error: 'seconds.number_invalid' }),
  ),
  trade_type: optionalText(z.string().trim().max(5)),
});
export type SecondsSubmitInput = z.output<typeof secondsSubmitBody>;

// ------------------------------------------------------------------ answers

export const microOrderView = z.object({
  id: z.number().int(),
  type: z.union([z.literal(1), z.literal(2)]),
  status: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  match_id: z.number().int(),
  symbol_name: z.string(),
  currency_id: z.number().int(),
  currency_name: z.string(),
  number: decimal,
  seconds: z.number().int(),
  profit_ratio: decimal,
  open_price: decimal,
  end_price: decimal.nullable(),
  fact_profits: decimal.nullable(),
  result: z.enum(['win', 'loss', 'tie']).nullable(),
  created_at: z.string(),
  end_at: z.string(),
  complete_at: z.string().nullable(),
  remain_milli_seconds: z.number().int(),
  open_seq: z.number().int(),
  open_trade_time: z.string(),
  end_seq: z.number().int().nullable(),
  end_trade_time: z.string().nullable(),
});
export type MicroOrderView = z.infer<typeof microOrderView>;

export const payableCurrenciesAnswer = z.array(
  z.object({
    id: z.number().int(),
    name: z.string(),
    user_wallet: z.object({
      micro_balance: decimal,
      lock_micro_balance: decimal,
      currency_name: z.string(),
    }),
    micro_numbers: z.array(z.object({ number: decimal })),
    min: decimal,
    max: decimal,
  }),
);

export const secondsOptionsAnswer = z.array(
  z.object({
    seconds: z.number().int(),
    profit_ratio: decimal,
    status: z.union([z.literal(0), z.literal(1)]),
  }),
);

export const secondsListAnswer = z.object({
  data: z.array(microOrderView),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
