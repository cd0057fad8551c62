import { intlLocale } from '@app/shared';

/** A date-time in the reader's language; '' for a missing or malformed value. */
export function formatDateTime(value: string | null | undefined, locale: string): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'short' }).format(
    date,
  );
}
