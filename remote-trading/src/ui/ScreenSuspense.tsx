import { Suspense, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { ListSkeleton } from '@app/shared';

/** A trading screen that loads after its page's first render: the page's skeleton until then. */
export function ScreenSuspense({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Box sx={{ p: 2 }}>
          <ListSkeleton rows={4} />
        </Box>
      }
    >
      {children}
    </Suspense>
  );
}
