import { z } from 'zod';
import { ERROR_CODES, isErrorCode } from './error-codes';
import { AppError } from './errors';

/**
 * Parses request input (body or query) with a zod schema. A failure becomes a 400 answer:
 * a specific code when the schema's issue message is a catalogue code (e.g. `email.invalid`),
 * otherwise `validation.failed` naming the field. Unknown keys (such as `_t`) are dropped.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw appErrorOf(result.error);
}

/** The 400 answer of a failed request parse (the contract's validator uses it too). */
export function appErrorOf(error: z.ZodError): AppError {
  const issue = error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : undefined;
  if (issue && isErrorCode(issue.message)) {
    return new AppError(issue.message, 400, field ? { field } : {});
  }
  const detail = issue?.message ?? 'invalid';
  const text = field
    ? `${ERROR_CODES['validation.failed']}: ${field}: ${detail}`
    : `${ERROR_CODES['validation.failed']}: ${detail}`;
  return new AppError('validation.failed', 400, field ? { field } : {}, text);
}

export { optionalId, optionalText, positiveId, text } from '@app/contract';

/** Language codes the product knows; anything else falls back to English. */
export const LANGS = ['en', 'zh', 'hk', 'jp', 'kr', 'de', 'es'] as const;
export type Lang = (typeof LANGS)[number];

export function normalizeLang(value: unknown): Lang | undefined {
  if (typeof value !== 'string') return undefined;
  const v = value.trim().toLowerCase();
  return (LANGS as readonly string[]).includes(v) ? (v as Lang) : undefined;
}
