import { z } from 'zod';
import { decimal, optionalId, optionalText, text } from './fields';

/** Chart periods. */
export const PERIODS = ['1min', '5min', '15min', '30min', '60min', '1day', '1week', '1mon'] as const;
export type Period = (typeof PERIODS)[number];

/** Blank -> undefined; digits -> number. */
const digits = (v: unknown) => {
  if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return undefined;
  return typeof v === 'string' && /^\d{1,16}$/.test(v.trim()) ? Number(v.trim()) : v;
};

/** Epoch seconds (the convention); a 13-digit value is taken as milliseconds. Becomes ms. */
const epoch = z
  .preprocess(
    digits,
    z
      .number()
      .int()
      .nonnegative()
      .max(1e13)
      .transform((v) => (v >= 1e11 ? v : v * 1000))
      .optional(),
  )
  .meta({
    anyOf: [
      { type: 'integer', minimum: 0 },
      { type: 'string', pattern: '^\\d{1,16}$' },
    ],
  });

const period = text(z.string().trim().toLowerCase().pipe(z.enum(PERIODS)));
const symbol = text(z.string().trim().min(1).max(30));

export const klineInput = z.object({ symbol, period, from: epoch, to: epoch });
export const futuresListBody = z.object({
  marke: text(
    z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.enum(['cm', 'ne'])),
  ),
});
export const minutesBody = z.object({ symbol });
export const pairQuery = z.object({
  currency_id: optionalId(),
  legal_id: optionalId(),
  symbol: optionalText(z.string().trim().max(30)),
  limit: optionalId(),
});
export const logoParams = z.object({ file: z.string().regex(/^[A-Za-z0-9]{1,12}\.svg$/) });
export type PairQuery = z.output<typeof pairQuery>;
export type KlineInput = z.output<typeof klineInput>;

// ------------------------------------------------------------------ answers

const color = z.union([z.literal(1), z.literal(0), z.literal(-1)]);
const flag = z.union([z.literal(1), z.literal(0)]);

/** Crypto quote: `quotation_new` entries and the `daymarket` channel. */
export const cryptoQuote = z.object({
  id: z.number().int(),
  currency_id: z.number().int(),
  legal_id: z.number().int(),
  currency_name: z.string(),
  legal_name: z.string(),
  symbol: z.string(),
  logo: z.string(),
  now_price: decimal,
  change: decimal,
  volume: decimal,
  high: decimal,
  low: decimal,
  open: decimal,
  color,
  spread: decimal,
  lever_trade_fee: decimal,
  lever_share_num: decimal,
});
export type CryptoQuote = z.infer<typeof cryptoQuote>;

/** Metals / futures quote: `futureslist` entries and the `futures` channel. */
export const futuresQuote = z.object({
  id: z.number().int(),
  currency_id: z.number().int(),
  legal_id: z.number().int(),
  symbol: z.string(),
  name: z.string(),
  logo: z.string(),
  new_price: decimal,
  last_close: decimal,
  open_price: decimal,
  high_price: decimal,
  low_price: decimal,
  volume: decimal,
  inTrade: flag,
  change: decimal,
  color,
  spread: decimal,
  lever_trade_fee: decimal,
  lever_share_num: decimal,
});
export type FuturesQuote = z.infer<typeof futuresQuote>;

export const quotationAnswer = z.array(
  z.object({
    id: z.number().int(),
    name: z.string(),
    legal_id: z.number().int(),
    legal_name: z.string(),
    quotation: z.array(cryptoQuote),
  }),
);

/** A chart candle: decimal text, `time` the bucket start in epoch ms. */
export const candle = z.object({
  time: z.number().int(),
  open: decimal,
  high: decimal,
  low: decimal,
  close: decimal,
  volume: decimal,
});
export type CandleView = z.infer<typeof candle>;

/** `new_timeshar` / `futuresKline`: outside the envelope, per spec. */
export const klineAnswer = z.object({ code: z.literal(1), data: z.array(candle) });

export const minutesAnswer = z.object({
  Data: z.array(
    z.object({
      Date: z.number().int(),
      Open: decimal,
      Close: decimal,
      High: decimal,
      Low: decimal,
      Volume: decimal,
      Amount: decimal,
    }),
  ),
});

/** A tape trade as `new_tradehistory` and `market_detail` hand it out (`way` 1 sell, 2 buy; time ms). */
export const tradeView = z.object({
  seq: z.number().int(),
  price: decimal,
  number: decimal,
  way: z.union([z.literal(1), z.literal(2)]),
  time: z.number().int(),
});
export type TradeView = z.infer<typeof tradeView>;

/** `[price, quantity]`. */
export const depthLevel = z.tuple([decimal, decimal]);
export const depthBook = z.object({ bids: z.array(depthLevel), asks: z.array(depthLevel) });
export const depthView = depthBook.extend({
  currency_id: z.number().int(),
  legal_id: z.number().int(),
  symbol: z.string(),
});
export type DepthView = z.infer<typeof depthView>;

export const scheduleView = z.object({
  currency_id: z.number().int(),
  symbol: z.string(),
  inTrade: flag,
  next_change: z.number().int().nullable(),
});
export type ScheduleView = z.infer<typeof scheduleView>;
