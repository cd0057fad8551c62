import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { CloudOffIcon, InboxIcon } from './icons';
import { LazyButton } from './LazyButton';

// A column with gaps, as Stack's would be: Stack (and @mui/system's createStack) stays out of the
// start-up that every route loads.
const COLUMN = { display: 'flex', flexDirection: 'column', gap: 1 } as const;

/** Lists load behind skeletons, not spinners. */
export function ListSkeleton({ rows = 6, height = 56 }: { rows?: number; height?: number }) {
  return (
    <Box sx={COLUMN} aria-busy="true" data-testid="list-skeleton">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} variant="rounded" height={height} animation="wave" />
      ))}
    </Box>
  );
}

export function EmptyState({ children }: { children?: ReactNode }) {
  return (
    <Box sx={{ py: 6, px: 2, textAlign: 'center', color: 'text.secondary' }} role="status">
      <InboxIcon sx={{ fontSize: 48, opacity: 0.5 }} />
      {/* A message may quote what the user typed: long words wrap instead of leaving the screen. */}
      <Typography sx={{ mt: 1, overflowWrap: 'anywhere' }}>{children ?? <Trans>No data</Trans>}</Typography>
    </Box>
  );
}

export function ErrorState({ message, onRetry }: { message?: ReactNode; onRetry?: () => void }) {
  return (
    <Box sx={{ py: 6, px: 2, textAlign: 'center' }} role="alert">
      <CloudOffIcon sx={{ fontSize: 48, color: 'text.secondary' }} />
      <Typography sx={{ mt: 1, mb: 2, overflowWrap: 'anywhere' }}>
        {message ?? <Trans>Something went wrong</Trans>}
      </Typography>
      {onRetry && (
        <LazyButton variant="contained" onClick={onRetry}>
          <Trans>Retry</Trans>
        </LazyButton>
      )}
    </Box>
  );
}

/** The body of a page whose screen comes with a later slice. */
export function ComingSoon() {
  return (
    <Box sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>
      <Typography>
        <Trans>This screen is on its way.</Trans>
      </Typography>
    </Box>
  );
}
