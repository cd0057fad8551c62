// Order rows' times and prices through the app's one formatting module (@app/shared).
import { decimalsOf, formatDateTime, formatPrice } from '@app/shared';

/** Times: Asia/Shanghai, labelled, as everywhere in the app. */
export function formatTime(value: string | number | undefined | null): string {
  return formatDateTime(value) || '--';
}

/**
 * A price at the instrument's precision, which is the precision of its tape price
 * (`reference`, e.g. the current price): an open price stored with 6 decimals shows with 2
 * on a 2-decimal instrument, truncated. Without a reference, as sent.
 */
export function formatOrderPrice(value: string | null | undefined, reference?: string | null): string {
  if (value === null || value === undefined || value === '') return '--';
  return formatPrice(value, reference ? decimalsOf(reference) : undefined);
}
