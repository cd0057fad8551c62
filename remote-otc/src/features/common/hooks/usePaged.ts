import { useCallback, useEffect, useRef } from 'react';
import { useInfiniteQuery, useQueryClient, type InfiniteData, type QueryKey } from '@app/shared';

export interface Paged<T> {
  status: 'loading' | 'ready' | 'error';
  items: T[];
  error: unknown;
  /** A full page came back: there may be more (a shorter page means no more). */
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  retry: () => void;
  /** Changes one loaded item in place (after an action on it). */
  update: (match: (item: T) => boolean, patch: Partial<T>) => void;
}

/**
 * Pages of a list, page 1 first, cached under `queryKey`; "load more" asks for the next page
 * while the last one was full.
 */
export function usePaged<T>(
  queryKey: QueryKey,
  load: (page: number, signal: AbortSignal) => Promise<T[]>,
  pageSize: number,
): Paged<T> {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => load(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: T[], all: T[][]) => (last.length >= pageSize ? all.length + 1 : undefined),
  });
  const items = query.data?.pages.flat() ?? [];

  const keyRef = useRef(queryKey);
  useEffect(() => {
    keyRef.current = queryKey;
  });

  const { fetchNextPage, refetch, isFetchNextPageError } = query;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  // A failed "load more" asks for that page again; a failed first page starts over.
  const retry = useCallback(
    () => void (isFetchNextPageError ? fetchNextPage() : refetch()),
    [isFetchNextPageError, fetchNextPage, refetch],
  );
  const update = useCallback(
    (match: (item: T) => boolean, patch: Partial<T>) =>
      queryClient.setQueryData<InfiniteData<T[], number>>(
        keyRef.current,
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => page.map((item) => (match(item) ? { ...item, ...patch } : item))),
          },
      ),
    [queryClient],
  );

  const status: Paged<T>['status'] =
    query.status === 'pending' || query.isFetchingNextPage || (query.status === 'error' && query.isFetching)
      ? 'loading'
      : query.status === 'error' || query.isFetchNextPageError
        ? 'error'
        : 'ready';
  return {
    status,
    items,
    error: query.error,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore,
    retry,
    update,
  };
}
