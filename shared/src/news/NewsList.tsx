// News lists (doc 1 §3 News item; doc 2 §2): announcements (category 4), banners (5) and the
// help centre (21, 19 and 3 merged), in the active language.
import { Suspense, lazy, useCallback } from 'react';
import { useLingui } from '@lingui/react';
import { supportApi } from '../api/calls';
import { isLocale, DEFAULT_LOCALE } from '../i18n/i18n';
import type { NewsItem } from '../types/entities';
import { formatDateTime } from '../format/format';
import { ListSkeleton } from '../ui/states';
import { keepPrevious, useQuery } from '../query/layer';

/** The news page size of the spec (doc 2 §9). */
export const NEWS_LIMIT = 100;

export type NewsListState =
  | { status: 'loading'; items: NewsItem[] }
  | { status: 'ready'; items: NewsItem[] }
  | { status: 'error'; items: NewsItem[]; error: unknown };

/** Query keys of the news lists and articles (in the language asked for). */
export const newsKeys = {
  all: ['news'] as const,
  list: (categories: string, lang: string) => [...newsKeys.all, 'list', categories, lang] as const,
  article: (id: number, lang: string) => [...newsKeys.all, 'article', id, lang] as const,
};

/**
 * POST /api/news/list for each category (in the given order, merged, no duplicates), cached by
 * categories and language (a language change asks again; the previous items stay meanwhile).
 */
export function useNewsList(categories: readonly number[]): NewsListState & { retry: () => void } {
  const { i18n } = useLingui();
  const lang = isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
  const key = categories.join(',');
  const query = useQuery({
    queryKey: newsKeys.list(key, lang),
    queryFn: async ({ signal }) => {
      const ids = key.split(',').filter(Boolean).map(Number);
      const answers = await Promise.all(
        ids.map((c_id) => supportApi.newsList({ c_id, lang, limit: NEWS_LIMIT }, signal)),
      );
      const seen = new Set<number>();
      return answers
        .flatMap((answer) => answer.list)
        .filter((item) => !seen.has(item.id) && seen.add(item.id));
    },
    placeholderData: keepPrevious,
  });
  const { refetch } = query;
  const retry = useCallback(() => void refetch(), [refetch]);
  const items = query.data ?? NO_ITEMS;
  if (query.status === 'success' && !query.isPlaceholderData) return { status: 'ready', items, retry };
  if (query.status === 'error' && !query.isFetching)
    return { status: 'error', items, error: query.error, retry };
  return { status: 'loading', items, retry };
}

const NO_ITEMS: NewsItem[] = [];

/** A news date in the app's one time policy (Asia/Shanghai, labelled): "2026-11-21 15:39 UTC+8". */
export function formatNewsDate(iso: string): string {
  return formatDateTime(iso, { seconds: false });
}

export interface NewsListProps {
  /** News categories, merged in this order (e.g. [4] announcements, [21, 19, 3] help). */
  categories: readonly number[];
  onSelect: (item: NewsItem) => void;
  /** Accessible name of the list. */
  label?: string;
}

// The list's components load with the first list on screen, not with the app.
const NewsListView = lazy(() => import('./NewsListView'));

/** A list of news titles and dates with loading, empty and error (retry) states. */
export function NewsList(props: NewsListProps) {
  return (
    <Suspense fallback={<ListSkeleton rows={5} height={64} />}>
      <NewsListView {...props} />
    </Suspense>
  );
}
