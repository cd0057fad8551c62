import { formatAmountTrimmed, formatDateTime as formatListTime, type DecimalInput } from '@app/shared';

/** Amounts shown to at most `places` decimals, truncated, without trailing zeros. */
export function formatAmount(value: DecimalInput, places = 8): string {
  const out = formatAmountTrimmed(value, places);
  return out === '--' ? '0' : out;
}

/** A date-time in the app's one time policy (Asia/Shanghai, labelled); '' for a missing value. */
export function formatDateTime(value: string | null | undefined): string {
  return formatListTime(value, { seconds: false });
}
