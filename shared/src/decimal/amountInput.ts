// The model of a typed amount (DecimalField): the text stays exactly what the user typed; this
// module only judges it. A valid text yields a plain decimal string for the form; anything else
// yields the first rule it breaks, so the field can say what is wrong and the form can refuse to
// submit. Never a JS float: exact decimal comparison on digits already checked by a pattern.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { compareDecimals, plainDecimal } from './decimal';

export interface AmountRules {
  /** Most decimals allowed (the instrument's or coin's precision); 0 is a whole number (hands). */
  decimals: number;
  /** Most digits before the point (default 12). */
  maxIntegerDigits?: number;
  /** Empty text is a problem (default true). */
  required?: boolean;
  /** Zero is a problem (default true: amounts that move money are above zero). */
  positive?: boolean;
  /** Inclusive minimum, a decimal string. */
  min?: string;
  /** Inclusive maximum, a decimal string (a balance, a quota). */
  max?: string;
}

export type AmountProblem =
  | 'empty'
  | 'sign'
  | 'exponent'
  | 'notNumber'
  | 'whole'
  | 'decimals'
  | 'tooLong'
  | 'zero'
  | 'belowMin'
  | 'aboveMax';

export type AmountCheck =
  { ok: true; value: string } | { ok: false; problem: AmountProblem; empty: boolean; limit?: string };

const SHAPE = /^(\d*)(?:\.(\d*))?$/;

/**
 * What the field shows for a typed text: unchanged, except that a comma typed as the decimal
 * separator (the only separator in the text) becomes a point. Nothing is deleted, inserted or
 * moved.
 */
export function normalizeAmountText(text: string): string {
  if (!text.includes('.') && text.split(',').length === 2) return text.replace(',', '.');
  return text;
}

/** Judges a typed text against a field's rules. */
export function checkAmount(text: string, rules: AmountRules): AmountCheck {
  const fail = (problem: AmountProblem, limit?: string): AmountCheck => ({
    ok: false,
    problem,
    empty: text.trim() === '',
    ...(limit !== undefined ? { limit } : {}),
  });
  if (text === '') return rules.required === false ? { ok: true, value: '' } : fail('empty');
  if (/^[+-]/.test(text.trim())) return fail('sign');
  if (/^[\d.]*[eE][+-]?\d*$/.test(text.trim()) && /\d/.test(text)) return fail('exponent');
  const shape = SHAPE.exec(text);
  if (!shape) return fail('notNumber');
  const int = shape[1] ?? '';
  const frac = shape[2] ?? '';
  if (int === '' && frac === '') return fail('notNumber');
  if (shape[2] !== undefined && rules.decimals <= 0) return fail('whole');
  if (frac.length > rules.decimals) return fail('decimals', String(rules.decimals));
  const maxInt = rules.maxIntegerDigits ?? 12;
  if (int.replace(/^0+(?=\d)/, '').length > maxInt) return fail('tooLong', String(maxInt));
  const value = `${int || '0'}.${frac || '0'}`;
  if (rules.positive !== false && compareDecimals(value, 0) === 0) return fail('zero');
  if (rules.min !== undefined && compareDecimals(value, rules.min) === -1) return fail('belowMin', rules.min);
  if (rules.max !== undefined && compareDecimals(value, rules.max) === 1) return fail('aboveMax', rules.max);
  return { ok: true, value: plainDecimal(value) ?? value };
}

/** The decimal string of a valid text, else null. */
export function amountValue(text: string, rules: AmountRules): string | null {
  const check = checkAmount(text, rules);
  return check.ok ? check.value : null;
}

const problemMessages: Record<AmountProblem, MessageDescriptor> = {
  empty: msg({ id: 'amount.empty', message: 'Please enter an amount' }),
  sign: msg({ id: 'amount.sign', message: 'Enter the amount without a sign' }),
  exponent: msg({ id: 'amount.exponent', message: 'Invalid number: write it out in digits, without "e"' }),
  notNumber: msg({ id: 'amount.notNumber', message: 'Invalid number: use digits and one decimal point' }),
  whole: msg({ id: 'amount.whole', message: 'Enter a whole number' }),
  decimals: msg({ id: 'amount.decimals', message: 'At most {limit} decimal places' }),
  tooLong: msg({ id: 'amount.tooLong', message: 'Too many digits: at most {limit} before the point' }),
  zero: msg({ id: 'amount.zero', message: 'The amount must be greater than 0' }),
  belowMin: msg({ id: 'amount.belowMin', message: 'The minimum is {limit}' }),
  aboveMax: msg({ id: 'amount.aboveMax', message: 'The maximum is {limit}' }),
};

/** The translatable message of a failed check (with its `limit` value). */
export function amountProblemMessage(check: Extract<AmountCheck, { ok: false }>): {
  descriptor: MessageDescriptor;
  values: { limit: string };
} {
  return { descriptor: problemMessages[check.problem], values: { limit: check.limit ?? '' } };
}
