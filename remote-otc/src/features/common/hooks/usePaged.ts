import { useCallback, useEffect, useRef, useState } from 'react';

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

/** Pages of a list, page 1 first; "load more" asks for the next while the last was full. */
export function usePaged<T>(load: (page: number) => Promise<T[]>, pageSize: number): Paged<T> {
  const [items, setItems] = useState<T[]>([]);
  const [status, setStatus] = useState<Paged<T>['status']>('loading');
  const [error, setError] = useState<unknown>(null);
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    let alive = true;
    loadRef.current(page).then(
      (rows) => {
        if (!alive) return;
        setItems((old) => (page === 1 ? rows : [...old, ...rows]));
        setHasMore(rows.length >= pageSize);
        setStatus('ready');
      },
      (e: unknown) => {
        if (!alive) return;
        setError(e);
        setStatus('error');
      },
    );
    return () => {
      alive = false;
    };
  }, [page, attempt, pageSize]);

  const loadMore = useCallback(() => {
    setStatus('loading');
    setPage((p) => p + 1);
  }, []);
  const retry = useCallback(() => {
    setStatus('loading');
    setAttempt((n) => n + 1);
  }, []);
  const update = useCallback((match: (item: T) => boolean, patch: Partial<T>) => {
    setItems((old) => old.map((item) => (match(item) ? { ...item, ...patch } : item)));
  }, []);

  return {
    status,
    items,
    error,
    hasMore,
    loadingMore: status === 'loading' && items.length > 0,
    loadMore,
    retry,
    update,
  };
}
