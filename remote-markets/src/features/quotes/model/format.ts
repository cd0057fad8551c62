// Display of prices and changes: decimal text in, text out, truncated (never rounded).
import {
  compareDecimals,
  formatChangePercent,
  formatCompact,
  formatPrice as formatSharedPrice,
} from '@app/shared';
import type { QuoteColor } from '@app/shared';

export { decimalsOf } from '@app/shared';

/** A price with separators at `places` (default: the decimals it came with), truncated. */
export function formatPrice(value: string | undefined, places?: number): string {
  return formatSharedPrice(value, places);
}

/** Change percent with its sign: "+1.23%", "-0.40%", "0.00%". */
export function formatChange(change: string): string {
  return formatChangePercent(change);
}

/** The theme palette key of a colour (green up, red down, grey flat). */
export function colorKey(color: QuoteColor): 'success.main' | 'error.main' | 'text.secondary' {
  return color > 0 ? 'success.main' : color < 0 ? 'error.main' : 'text.secondary';
}

/** The colour of a signed decimal (change percent). */
export function signOf(value: string): QuoteColor {
  return compareDecimals(value, 0) ?? 0;
}

/**
 * The compact formatter without Intl (`@app/shared/format-compact`), once loaded. The lists and
 * the chart header request it after their first render (`loadCompactFormatter` in an effect),
 * beside the quotes they show: building Intl's compact formatter costs a long task under a
 * phone's CPU (ICU's compact data), the table does not. Until it is in, Intl formats the same
 * text.
 */
let compact: typeof formatCompact | null = null;
let requested = false;

export function loadCompactFormatter(): void {
  if (requested) return;
  requested = true;
  import('@app/shared/format-compact').then(
    (module) => {
      compact = module.formatCompact;
    },
    () => {
      requested = false; // Intl goes on formatting; a later list asks again
    },
  );
}

/** Volume in the reader's compact units, truncated: "71933330" -> "71.93M" (en), "7193.33万" (zh). */
export function formatVolume(value: string | undefined, locale: string): string {
  return (compact ?? formatCompact)(value, locale);
}
