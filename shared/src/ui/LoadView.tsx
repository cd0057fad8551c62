import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import { apiErrorMessage } from '../api/errors';
import { ErrorState, ListSkeleton } from './states';

/** What LoadView reads of a query (useQuery's result). */
export type QueryState<T> = Pick<UseQueryResult<T>, 'status' | 'data' | 'error' | 'fetchStatus' | 'refetch'>;

/**
 * Skeleton while loading (and while a failed read is tried again), translated error with
 * retry, else the content, from a query's state.
 */
export function LoadView<T>({
  query,
  rows,
  height,
  children,
}: {
  query: QueryState<T>;
  rows?: number;
  height?: number;
  children: (data: T) => ReactNode;
}) {
  const { i18n } = useLingui();
  if (query.status === 'success') return <>{children(query.data as T)}</>;
  if (query.status === 'error' && query.fetchStatus === 'idle')
    return <ErrorState message={apiErrorMessage(i18n, query.error)} onRetry={() => void query.refetch()} />;
  return <ListSkeleton rows={rows} height={height} />;
}
