// The quotes page's view of a list: search by name, sort by change or volume (ascending or
// descending), favourites first. Pure, on decimal strings.
import { compareDecimals, isFiniteDecimal } from '@app/shared';
import type { MarketQuote } from '@app/shared';

export type SortKey = 'change' | 'volume';
export type SortDirection = 'asc' | 'desc';
export interface SortOrder {
  key: SortKey;
  direction: SortDirection;
}

/** The next sort after tapping `key`: off -> descending -> ascending -> off. */
export function nextSort(current: SortOrder | null, key: SortKey): SortOrder | null {
  if (!current || current.key !== key) return { key, direction: 'desc' };
  if (current.direction === 'desc') return { key, direction: 'asc' };
  return null;
}

/** Whether a quote matches the search text (name, symbol or long name; case and separators ignored). */
export function matchesSearch(quote: MarketQuote, query: string): boolean {
  const wanted = normalise(query);
  if (!wanted) return true;
  return [quote.name, quote.symbol, quote.title, `${quote.base}${quote.quote}`].some((text) =>
    normalise(text).includes(wanted),
  );
}

function normalise(text: string): string {
  return text.toUpperCase().replace(/[^A-Z0-9\p{L}]/gu, '');
}

function compareDecimal(a: string, b: string): number {
  const x = isFiniteDecimal(a);
  const y = isFiniteDecimal(b);
  if (!x && !y) return 0;
  if (!x) return 1;
  if (!y) return -1;
  return compareDecimals(a, b) ?? 0;
}

export interface ArrangeOptions {
  query: string;
  sort: SortOrder | null;
  /** Favourite symbols. */
  favourites: ReadonlySet<string>;
}

/**
 * Currency ids of the quotes to show: matching the search, favourites first, each group in the
 * chosen order (the server's order when unsorted; ties keep it too).
 */
export function arrangeQuotes(quotes: readonly MarketQuote[], options: ArrangeOptions): number[] {
  const shown = quotes
    .map((quote, index) => ({ quote, index }))
    .filter(({ quote }) => matchesSearch(quote, options.query));
  const { sort, favourites } = options;
  shown.sort((a, b) => {
    const favA = favourites.has(a.quote.symbol) ? 0 : 1;
    const favB = favourites.has(b.quote.symbol) ? 0 : 1;
    if (favA !== favB) return favA - favB;
    if (sort) {
      const byValue = compareDecimal(a.quote[sort.key], b.quote[sort.key]);
      if (byValue !== 0) return sort.direction === 'asc' ? byValue : -byValue;
    }
    return a.index - b.index;
  });
  return shown.map(({ quote }) => quote.currencyId);
}
