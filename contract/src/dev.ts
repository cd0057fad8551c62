import { z } from 'zod';
import { optionalText, positiveId, text } from './fields';

export const outboxQuery = z.object({ to: text(z.string().trim().min(1).max(254)) });

export const devCreditBody = z.object({
  user_string: text(z.string().trim().min(1, { error: 'account.required' }).max(254)),
  country_code: optionalText(z.string().max(5)),
  wallet: text(z.string().trim().max(10)),
  currency: text(z.string().trim().min(1).max(10)),
  amount: text(z.string().trim().max(40)),
});

export const devExpireBody = z.object({
  user_string: text(z.string().trim().min(1, { error: 'account.required' }).max(254)),
  country_code: optionalText(z.string().max(5)),
});

export const devEarnExpireBody = z.object({
  kind: z.enum(['launch', 'lockup', 'fiat']),
  id: positiveId(),
});

export const devFiatConfirmBody = z.object({ id: positiveId() });

export const devMarketPriceBody = z.object({
  symbol: text(z.string().trim().min(1).max(30)),
  price: z.union([text(z.string().trim().max(40)), z.null()]),
});

// ------------------------------------------------------------------ answers

export const outboxAnswer = z.array(
  z.object({
    to: z.string(),
    code: z.string(),
    purpose: z.enum(['register', 'forget']),
    channel: z.enum(['email', 'sms']),
    created_at: z.string(),
  }),
);

export const devCreditAnswer = z.object({
  user_id: z.number().int(),
  wallet: z.string(),
  currency: z.string(),
  currency_id: z.number().int(),
  amount: z.string(),
  available: z.string(),
});

export const devExpireAnswer = z.object({ expired: z.number().int() });

export const devPinAnswer = z.object({
  symbol: z.string(),
  currency_id: z.number().int(),
  price: z.string().nullable(),
  last_price: z.string().optional(),
});

export const devEarnExpireAnswer = z.object({
  /** launch, lockup or fiat. */
  kind: z.string(),
  id: z.number().int(),
  status: z.number().int(),
});

export const devFiatConfirmAnswer = z.object({ id: z.number().int(), status: z.number().int() });
