// The compact volume of the quote lists (K/M/B, 万/亿 ...) without Intl: an entry of its own
// (`@app/shared/format-compact`), which the lists load beside their first render, so that no
// byte of it is before any route's first render; until it is in, `formatCompact` of the
// start-up module (Intl) formats the same text.
import { plainDecimal, type DecimalInput } from '@app/shared';

/**
 * Each app locale's short compact notation (CLDR, as ICU's Intl applies it to the locale's Intl
 * tag): its decimal and group separators, then its units, `|`-separated, each
 * `<from>[:<divide>]<suffix>`: from the number's magnitude (digits before the point, minus one)
 * `from` on, the number is divided by 10^`divide` (default `from`) and the suffix (U+00A0 for a
 * space) follows it. Any other locale formats as 'en'.
 */
const EN = '.,3K|6M|9B|12T';
const COMPACT: Partial<Record<string, string>> = {
  hk: EN,
  zh: '.,4万|8亿|12万亿',
  jp: '.,4万|8億|12兆|16京',
  kr: '.,3천|4만|8억|12조',
  de: ',.6\u00a0Mio.|9\u00a0Mrd.|12\u00a0Bio.',
  es: ',.3\u00a0mil|6\u00a0M|10:9\u00a0mil\u00a0M|12\u00a0B',
};

/**
 * A volume in the reader's compact notation, truncated to 2 decimals: '4712451.9' ->
 * '4.71M' (en), '471.24万' (zh), '4,71 Mio.' (de); '--' for a missing or malformed value. The
 * same text as Intl.NumberFormat's `notation: 'compact'` with `maximumFractionDigits: 2` and
 * `roundingMode: 'trunc'` (the test compares them in every locale), done on the decimal string:
 * building Intl's compact formatter loads ICU's compact data, a long task (35-70 ms) under a
 * phone's CPU on the first list that shows a volume. Grouping as ICU's compact notation does it:
 * only from five integer digits on.
 */
export function formatCompact(value: DecimalInput, locale: string): string {
  const d = plainDecimal(value);
  if (!d) return '--';
  const spec = COMPACT[locale] ?? EN;
  const negative = d.startsWith('-');
  const [int = '0', frac = ''] = (negative ? d.slice(1) : d).split('.');
  const magnitude = int === '0' ? 0 : int.length - 1;
  let shift = 0;
  let suffix = '';
  for (const unit of spec.slice(2).split('|')) {
    const [, from = '', divide, text = ''] = /^(\d+):?(\d*)(.*)$/.exec(unit) ?? [];
    if (magnitude >= Number(from)) [shift, suffix] = [Number(divide || from), text];
  }
  // The point moved `shift` digits to the left, then 2 decimals kept (truncated) and trimmed.
  const whole = int.slice(0, int.length - shift) || '0';
  const decimals = `${int.slice(int.length - shift)}${frac}`.slice(0, 2).replace(/0+$/, '');
  const grouped = whole.length >= 5 ? whole.replace(/\B(?=(\d{3})+$)/g, spec.charAt(1)) : whole;
  return `${negative ? '-' : ''}${grouped}${decimals ? `${spec.charAt(0)}${decimals}` : ''}${suffix}`;
}
