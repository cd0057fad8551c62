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
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : undefined;
  if (issue && isErrorCode(issue.message)) {
    return fail(new AppError(issue.message, 400, field ? { field } : {}));
  }
  const detail = issue?.message ?? 'invalid';
  const text = field
    ? `${ERROR_CODES['validation.failed']}: ${field}: ${detail}`
    : `${ERROR_CODES['validation.failed']}: ${detail}`;
  return fail(new AppError('validation.failed', 400, field ? { field } : {}, text));
}

function fail(error: AppError): never {
  throw error;
}

/** Numbers become their text (form posts, numeric codes typed as numbers). */
function numberToText(value: unknown): unknown {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
}

/** Empty text and null count as absent. */
function blankToUndefined(value: unknown): unknown {
  if (value === null) return undefined;
  if (typeof value === 'string' && value.trim() === '') return undefined;
  return value;
}

/** A string field that also accepts a number. Pass the (trimmed, bounded) string schema. */
export function text<S extends z.ZodType>(schema: S) {
  return z.preprocess(numberToText, schema);
}

/** An optional string field: absent, null and "" all become undefined. */
export function optionalText<S extends z.ZodType>(schema: S) {
  return z.preprocess((v) => blankToUndefined(numberToText(v)), schema.optional());
}

/** A positive integer id that also accepts its decimal text. */
export function positiveId(error?: string) {
  return z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,15}$/.test(v.trim()) ? Number(v.trim()) : v),
    z
      .number(error ? { error } : undefined)
      .int()
      .positive(),
  );
}

/** An optional positive integer id: absent, null and "" become undefined. */
export function optionalId() {
  return z.preprocess((v) => {
    const b = blankToUndefined(v);
    return typeof b === 'string' && /^\d{1,15}$/.test(b.trim()) ? Number(b.trim()) : b;
  }, z.number().int().positive().optional());
}

/** Language codes the product knows; anything else falls back to English. */
export const LANGS = ['en', 'zh', 'hk', 'jp', 'kr', 'de', 'es'] as const;
export type Lang = (typeof LANGS)[number];

export function normalizeLang(value: unknown): Lang | undefined {
  if (typeof value !== 'string') return undefined;
  const v = value.trim().toLowerCase();
  return (LANGS as readonly string[]).includes(v) ? (v as Lang) : undefined;
}
