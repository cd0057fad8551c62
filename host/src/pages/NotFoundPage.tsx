import { Trans } from '@lingui/react/macro';
import { Link as RouterLink } from '@app/shared';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { PageShell } from '@app/shared';

export function NotFoundPage() {
  return (
    <PageShell>
      <Typography sx={{ textAlign: 'center', my: 4 }}>
        <Trans>This page does not exist.</Trans>
      </Typography>
      <Button variant="contained" fullWidth component={RouterLink} to="/">
        <Trans>Back to home</Trans>
      </Button>
    </PageShell>
  );
}
