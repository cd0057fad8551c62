import { Trans, useLingui } from '@lingui/react/macro';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { QRCodeSVG } from 'qrcode.react';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EmptyState, ErrorState, apiErrorMessage, LoadView, type QueryState } from '@app/shared';
import { CopyButton, formatTime } from '../../common';
import { type Invitee, useInvitees, useUserInfo } from '../../account';

/** The registration link of an invite code (doc 2 §2: register?code={code}). */
export function inviteLink(code: string, origin: string = window.location.origin): string {
  return `${origin}/register?code=${encodeURIComponent(code)}`;
}

function Row({
  label,
  value,
  copyLabel,
  testId,
}: {
  label: string;
  value: string;
  copyLabel: string;
  testId: string;
}) {
  return (
    <Stack spacing={0.5}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography sx={{ flex: 1, overflowWrap: 'anywhere', fontWeight: 600 }} data-testid={testId}>
          {value}
        </Typography>
        <CopyButton text={value} label={copyLabel} />
      </Stack>
    </Stack>
  );
}

/** Invite (doc 2 §2): code and link with copy buttons, a 150 px QR code of the link, and the
 * promotion list. */
export function InvitePanel() {
  const { t, i18n } = useLingui();
  const info = useUserInfo();
  const invitees = useInvitees();
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        {info.status === 'pending' && (
          // The card's shape while it loads: the QR code (150 px and its 8 px quiet zone), the code
          // row and the link row, so that the list below stays where it is when they arrive.
          <Stack spacing={2} data-testid="invite-skeleton" aria-busy="true">
            <Skeleton variant="rounded" width={166} height={166} sx={{ alignSelf: 'center' }} />
            <Skeleton variant="rounded" height={68} />
            <Skeleton variant="rounded" height={72} />
          </Stack>
        )}
        {info.status === 'error' && (
          <ErrorState message={apiErrorMessage(i18n, info.error)} onRetry={() => void info.refetch()} />
        )}
        {info.status === 'success' && (
          <Stack spacing={2}>
            <Box sx={{ alignSelf: 'center', p: 1, bgcolor: '#fff', borderRadius: 1, lineHeight: 0 }}>
              {/* White quiet zone in both themes: scanners need dark modules on light. */}
              <QRCodeSVG
                value={inviteLink(info.data.extension_code)}
                size={150}
                role="img"
                aria-label={t`QR code of the invite link`}
                data-testid="invite-qr"
              />
            </Box>
            <Row
              label={t`Invite code`}
              value={info.data.extension_code}
              copyLabel={t`Copy invite code`}
              testId="invite-code"
            />
            <Row
              label={t`Invite link`}
              value={inviteLink(info.data.extension_code)}
              copyLabel={t`Copy invite link`}
              testId="invite-link"
            />
          </Stack>
        )}
      </Paper>
      <Typography variant="h2" component="h2">
        <Trans>Invited friends</Trans>
      </Typography>
      <InviteeList query={invitees} />
    </Stack>
  );
}

/** The promotion list (doc 1 §3): invited users' account and create_date. */
export function InviteeList({ query }: { query: QueryState<Invitee[]> }) {
  const { t } = useLingui();
  return (
    <LoadView query={query} rows={3}>
      {(list) =>
        list.length === 0 ? (
          <EmptyState />
        ) : (
          <Paper variant="outlined">
            <List disablePadding aria-label={t`Invited friends`}>
              {list.map((item) => (
                <ListItem key={`${item.account}-${item.create_date}`} divider>
                  <ListItemText primary={item.account} secondary={formatTime(item.create_date)} />
                </ListItem>
              ))}
            </List>
          </Paper>
        )
      }
    </LoadView>
  );
}
