import { z } from 'zod';

/**
 * Field helpers of the request schemas. The wire is lenient the way the spec's clients are: form
 * posts send numbers as text, blank text and null mean "absent". A schema's issue message is an
 * error code when the failure has a specific one (the server answers it with 400), else the
 * answer is `validation.failed` naming the field.
 */

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
  return z.preprocess(numberToText, schema).meta({ type: ['string', 'number'] });
}

/** An optional string field: absent, null and "" all become undefined. */
export function optionalText<S extends z.ZodType>(schema: S) {
  return z
    .preprocess((v) => blankToUndefined(numberToText(v)), schema.optional())
    .meta({ type: ['string', 'number', 'null'] });
}

/** JSON Schema of an id on the wire: an integer, or its digits as text (merged into zod's output side). */
const ID_META = { type: ['integer', 'string'], pattern: '^\\d{1,15}$' };

/** A positive integer id that also accepts its decimal text. */
export function positiveId(error?: string) {
  return z
    .preprocess(
      (v) => (typeof v === 'string' && /^\d{1,15}$/.test(v.trim()) ? Number(v.trim()) : v),
      z
        .number(error ? { error } : undefined)
        .int()
        .positive(),
    )
    .meta(ID_META);
}

/** An optional positive integer id: absent, null and "" become undefined. */
export function optionalId() {
  return z
    .preprocess((v) => {
      const b = blankToUndefined(v);
      return typeof b === 'string' && /^\d{1,15}$/.test(b.trim()) ? Number(b.trim()) : b;
    }, z.number().int().positive().optional())
    .meta(ID_META);
}

/** Page and limit of a list call: positive integers (or their text), both optional. */
export const pageInput = {
  page: optionalId(),
  limit: z
    .preprocess(
      (v) => (typeof v === 'string' && /^\d{1,15}$/.test(v.trim()) ? Number(v.trim()) : v),
      z.number().int().positive().optional(),
    )
    .meta(ID_META),
};

/** An optional small integer (number or digits, blank = absent); anything else fails with `code`. */
export function smallInt(code: string, digits: number) {
  const pattern = new RegExp(`^\\d{1,${digits}}$`);
  return z
    .preprocess(
      (v) =>
        typeof v === 'string'
          ? v.trim() === ''
            ? undefined
            : pattern.test(v.trim())
              ? Number(v.trim())
              : v
          : v,
      z.number({ error: code }).int({ error: code }).nonnegative({ error: code }).optional(),
    )
    .meta({ type: ['integer', 'string'] });
}

/** A decimal amount or price on the wire: text such as "0.00012" (never a float). */
export const decimal = z.string().meta({ description: 'decimal text', examples: ['0.00012'] });

/** Time text `YYYY-MM-DD HH:mm:ss` (UTC+8, the spec's convention) or ISO where an addition says so. */
export const timeText = z.string();
