// One news article (POST /api/news/detail): title, date, optional image, sanitized content.
import { Suspense, lazy, useCallback } from 'react';
import { useLingui } from '@lingui/react';
import Skeleton from '@mui/material/Skeleton';
import Box from '@mui/material/Box';
import { supportApi } from '../api/calls';
import { ApiError } from '../api/client';
import { DEFAULT_LOCALE, isLocale } from '../i18n/i18n';
import type { NewsItem } from '../types/entities';
import { useQuery } from '../query/layer';
import { newsKeys } from './NewsList';

export type ArticleState =
  | { status: 'loading' }
  | { status: 'ready'; item: NewsItem }
  | { status: 'missing' }
  | { status: 'error'; error: unknown };

/** The article by id, in the active language; an item already at hand shows at once. */
export function useNewsArticle(id: number, initial?: NewsItem): ArticleState & { retry: () => void } {
  const { i18n } = useLingui();
  const lang = isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
  const known = initial !== undefined && initial.id === id && initial.content !== '';
  const query = useQuery({
    queryKey: newsKeys.article(id, lang),
    queryFn: ({ signal }) => supportApi.newsDetail({ id, lang }, signal),
    enabled: !known,
    // A missing article stays missing: no second ask.
    retry: false,
  });
  const { refetch } = query;
  const retry = useCallback(() => void refetch(), [refetch]);
  if (known) return { status: 'ready', item: initial, retry };
  if (query.status === 'success') return { status: 'ready', item: query.data, retry };
  if (query.status === 'error' && !query.isFetching) {
    const error = query.error;
    if (error instanceof ApiError && error.status === 404) return { status: 'missing', retry };
    return { status: 'error', error, retry };
  }
  return { status: 'loading', retry };
}

export interface NewsArticleProps {
  id: number;
  /** The list's copy of the item, shown without another request. */
  item?: NewsItem;
  /** Shows the thumbnail above the text (banners). */
  showImage?: boolean;
}

/** What shows while the article (or its view) loads. */
export function ArticleSkeleton({ showImage }: { showImage?: boolean }) {
  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}
      aria-busy="true"
      data-testid="article-skeleton"
    >
      {showImage && (
        <Skeleton variant="rounded" sx={{ width: '100%', aspectRatio: '5 / 2', height: 'auto' }} />
      )}
      <Skeleton variant="text" sx={{ fontSize: '1.25rem' }} />
      <Skeleton variant="text" width="40%" />
      <Skeleton variant="rounded" height={120} />
    </Box>
  );
}

const NewsArticleView = lazy(() => import('./NewsArticleView'));

/** A news article: title, date, optional image and sanitized content, with loading and error states. */
export function NewsArticle(props: NewsArticleProps) {
  return (
    <Suspense fallback={<ArticleSkeleton showImage={props.showImage} />}>
      <NewsArticleView {...props} />
    </Suspense>
  );
}
