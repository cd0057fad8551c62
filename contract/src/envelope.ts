import { z } from 'zod';
import { ERROR_CODE_LIST, type ErrorCode } from './errors';

/** Success: HTTP 200 `{type:"ok", message}`. */
export function okEnvelope<S extends z.ZodType>(message: S) {
  return z.object({ type: z.literal('ok'), message });
}

/** Failure: `{type:"error", code, message}` (+ `wait` seconds on 429, `field` on validation). */
export const errorAnswer = z.object({
  type: z.literal('error'),
  code: z.enum(ERROR_CODE_LIST as [ErrorCode, ...ErrorCode[]]),
  message: z.string(),
  wait: z.number().int().positive().optional(),
  field: z.string().optional(),
});

/** Missing, invalid or expired session (HTTP 401): the client drops its token and logs in again. */
export const sessionAnswer = z.object({
  type: z.literal('999'),
  message: z.literal('session expired'),
  code: z.literal('session.invalid'),
});

export interface OkAnswer<T> {
  type: 'ok';
  message: T;
}
export type ErrorAnswer = z.infer<typeof errorAnswer>;
export type SessionAnswer = z.infer<typeof sessionAnswer>;
export type Answer<T> = OkAnswer<T> | ErrorAnswer | SessionAnswer;
