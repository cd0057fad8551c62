import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { EmptyState, ErrorState, ListSkeleton, apiErrorMessage } from '@app/shared';
import type { Paged } from '../hooks/usePaged';

/** Skeleton, error with retry, empty, the rows and a "load more" button while pages are full. */
export function PagedList<T>({ paged, children }: { paged: Paged<T>; children: (items: T[]) => ReactNode }) {
  const { i18n } = useLingui();
  if (paged.items.length === 0) {
    if (paged.status === 'loading') return <ListSkeleton rows={4} height={96} />;
    if (paged.status === 'error')
      return <ErrorState message={apiErrorMessage(i18n, paged.error)} onRetry={paged.retry} />;
    return <EmptyState />;
  }
  return (
    <>
      {children(paged.items)}
      <Box sx={{ textAlign: 'center', py: 2 }}>
        {paged.status === 'error' ? (
          <Button onClick={paged.retry}>
            <Trans>Retry</Trans>
          </Button>
        ) : paged.hasMore ? (
          <Button onClick={paged.loadMore} disabled={paged.loadingMore} sx={{ minHeight: 44 }}>
            <Trans>Load more</Trans>
          </Button>
        ) : (
          <Box component="span" sx={{ color: 'text.secondary', fontSize: 14 }}>
            <Trans>No more</Trans>
          </Box>
        )}
      </Box>
    </>
  );
}
