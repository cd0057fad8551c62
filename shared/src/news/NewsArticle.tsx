// One news article (POST /api/news/detail): title, date, optional image, sanitized content.
import { Suspense, lazy, useCallback, useEffect, useState } from 'react';
import { useLingui } from '@lingui/react';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { supportApi } from '../api/calls';
import { ApiError } from '../api/client';
import { DEFAULT_LOCALE, isLocale } from '../i18n/i18n';
import type { NewsItem } from '../types/entities';

export type ArticleState =
  | { status: 'loading' }
  | { status: 'ready'; item: NewsItem }
  | { status: 'missing' }
  | { status: 'error'; error: unknown };

/** The article by id, in the active language; an item already at hand shows at once. */
export function useNewsArticle(id: number, initial?: NewsItem): ArticleState & { retry: () => void } {
  const { i18n } = useLingui();
  const lang = isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
  const [state, setState] = useState<ArticleState & { id?: number }>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const known = initial !== undefined && initial.id === id && initial.content !== '';

  useEffect(() => {
    if (known) return;
    let alive = true;
    supportApi.newsDetail({ id, lang }).then(
      (item) => alive && setState({ status: 'ready', item, id }),
      (error: unknown) => {
        if (!alive) return;
        if (error instanceof ApiError && error.status === 404) setState({ status: 'missing', id });
        else setState({ status: 'error', error, id });
      },
    );
    return () => {
      alive = false;
    };
  }, [id, lang, attempt, known]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  if (known) return { status: 'ready', item: initial, retry };
  // An answer for another id (the reader moved on) is not this article's.
  if (state.id !== id) return { status: 'loading', retry };
  return { ...state, retry };
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
    <Stack spacing={1.5} aria-busy="true" data-testid="article-skeleton">
      {showImage && (
        <Skeleton variant="rounded" sx={{ width: '100%', aspectRatio: '5 / 2', height: 'auto' }} />
      )}
      <Skeleton variant="text" sx={{ fontSize: '1.25rem' }} />
      <Skeleton variant="text" width="40%" />
      <Skeleton variant="rounded" height={120} />
    </Stack>
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
