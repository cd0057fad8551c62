import { Trans, useLingui } from '@lingui/react/macro';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { ErrorState, PersonIcon, apiErrorMessage, formatUserDisplayId, useSession } from '@app/shared';
import { useUserInfo } from '../hooks/useAccountQueries';

/** Avatar, account number and display ID (doc 1 §2 account centre, §3 display ID). */
export function ProfileCard() {
  const { i18n } = useLingui();
  const session = useSession();
  const info = useUserInfo();

  if (info.status === 'error') {
    return (
      <Paper variant="outlined">
        <ErrorState message={apiErrorMessage(i18n, info.error)} onRetry={() => void info.refetch()} />
      </Paper>
    );
  }

  const loading = info.status === 'pending';
  const accountNumber = info.status === 'success' ? info.data.account_number : session.accountNum;
  const displayId = info.status === 'success' ? formatUserDisplayId(info.data.id) : null;
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 2 }}
      aria-busy={loading}
    >
      <Avatar sx={{ width: 56, height: 56, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
        <PersonIcon />
      </Avatar>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        {loading ? (
          <Box data-testid="profile-skeleton">
            <Skeleton variant="text" width="70%" height={28} />
            <Skeleton variant="text" width="40%" />
          </Box>
        ) : (
          <>
            <Typography variant="h2" component="p" sx={{ overflowWrap: 'anywhere' }}>
              {accountNumber}
            </Typography>
            {displayId && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                <Trans>ID: {displayId}</Trans>
              </Typography>
            )}
          </>
        )}
      </Box>
    </Paper>
  );
}
