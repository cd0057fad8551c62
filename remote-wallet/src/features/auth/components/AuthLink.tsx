import type { ReactNode } from 'react';
import { Link as RouterLink } from '@app/shared';
import Link from '@mui/material/Link';

/** An in-app text link with a 44 px touch target. */
export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      component={RouterLink}
      to={to}
      underline="hover"
      sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44, px: 0.5 }}
    >
      {children}
    </Link>
  );
}
