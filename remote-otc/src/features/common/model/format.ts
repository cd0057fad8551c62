import BigNumber from 'bignumber.js';
import { intlLocale, toDecimal, type DecimalInput } from '@app/shared';

/** Amounts shown to at most `places` decimals, truncated, without trailing zeros. */
export function formatAmount(value: DecimalInput, places = 8): string {
  const d = toDecimal(value);
  if (!d.isFinite()) return '0';
  return d.decimalPlaces(places, BigNumber.ROUND_DOWN).toFixed();
}

/** A date-time in the reader's language; '' for a missing or malformed value. */
export function formatDateTime(value: string | null | undefined, locale: string): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'short' }).format(
    date,
  );
}
