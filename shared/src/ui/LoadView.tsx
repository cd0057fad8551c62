import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { apiErrorMessage } from '../api/errors';
import { ErrorState, ListSkeleton } from './states';
import type { Loaded } from '../api/useLoad';

/** Skeleton while loading, translated error with retry, else the content. */
export function LoadView<T>({
  loaded,
  rows,
  height,
  children,
}: {
  loaded: Loaded<T>;
  rows?: number;
  height?: number;
  children: (data: T) => ReactNode;
}) {
  const { i18n } = useLingui();
  if (loaded.status === 'loading') return <ListSkeleton rows={rows} height={height} />;
  if (loaded.status === 'error')
    return <ErrorState message={apiErrorMessage(i18n, loaded.error)} onRetry={loaded.retry} />;
  return <>{children(loaded.data)}</>;
}
