import { useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import {
  ConfirmDialog,
  LOCALE_LABELS,
  LanguageDialog,
  LanguageIcon,
  Link,
  ThemeSwitch,
  apiErrorMessage,
  endSession,
  notify,
  type Locale,
} from '@app/shared';
import { ProfileCard } from './ProfileCard';
import { KycDialog } from './KycDialog';
import { PayoutDialog } from './PayoutDialog';
import { PasswordsDialog } from './PasswordsDialog';
import { ChevronIcon } from '../../common/components/icons';
import { useLoad } from '../../common/hooks/useLoad';
import { TotalAssetsCard } from '../../wallet/components/TotalAssetsCard';
import { profileApi } from '../api/profileApi';
import { accountMessages } from '../model/messages';

function LinkEntry({ to, primary, secondary }: { to: string; primary: string; secondary?: ReactNode }) {
  return (
    <ListItemButton component={Link} to={to} sx={{ minHeight: 48 }}>
      <ListItemText primary={primary} secondary={secondary} />
      <ChevronIcon sx={{ color: 'text.secondary' }} />
    </ListItemButton>
  );
}

function ActionEntry({
  onClick,
  primary,
  secondary,
}: {
  onClick: () => void;
  primary: string;
  secondary?: ReactNode;
}) {
  return (
    <ListItemButton onClick={onClick} sx={{ minHeight: 48 }}>
      <ListItemText primary={primary} secondary={secondary} />
      <ChevronIcon sx={{ color: 'text.secondary' }} />
    </ListItemButton>
  );
}

/**
 * The account centre (doc 1 §2): profile, total assets and shortcuts, records, real-name
 * verification by review_status (doc 1 §4), payment methods, invite, complaint, passwords,
 * customer service, language, night/day mode and logout with confirmation.
 */
export function AccountCentre() {
  const { t, i18n } = useLingui();
  const center = useLoad(() => profileApi.center());
  const [languageOpen, setLanguageOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [dialog, setDialog] = useState<'kyc' | 'payout' | 'passwords' | null>(null);

  const logout = async () => {
    setLeaving(true);
    await endSession();
    setConfirmOpen(false);
    setLeaving(false);
    notify(i18n._(accountMessages.loggedOut), 'success');
  };

  const openRealName = () => {
    if (center.status === 'error') {
      notify(apiErrorMessage(i18n, center.error), 'error');
      center.retry();
      return;
    }
    if (center.status !== 'ready') return;
    const status = center.data.review_status;
    if (status === 1) notify(i18n._(accountMessages.underReview), 'info');
    else if (status === 2) notify(i18n._(accountMessages.verified), 'success');
    else setDialog('kyc');
  };

  let realNameState: ReactNode = null;
  if (center.status === 'loading') realNameState = t`Loading…`;
  else if (center.status === 'error') realNameState = apiErrorMessage(i18n, center.error);
  else if (center.data.review_status === 1) realNameState = t`Under review`;
  else if (center.data.review_status === 2) realNameState = t`Verified`;
  else if (center.data.review_reason) realNameState = t`Rejected: ${center.data.review_reason}`;
  else realNameState = t`Not verified`;

  const fundPasswordSet = center.status === 'ready' && Boolean(center.data.fund_password_set);

  return (
    <Stack spacing={2}>
      <ProfileCard />
      <TotalAssetsCard />
      <Paper variant="outlined">
        <List disablePadding aria-label={t`Account`}>
          <LinkEntry to="/deposit_record" primary={t`Deposit records`} />
          <LinkEntry to="/withdrawal_record" primary={t`Withdrawal records`} />
          <ActionEntry onClick={openRealName} primary={t`Real-name verification`} secondary={realNameState} />
          <ActionEntry onClick={() => setDialog('payout')} primary={t`Payment methods`} />
          <LinkEntry to="/share" primary={t`Invite friends`} />
          <LinkEntry to="/feedback" primary={t`Complaints`} />
          <ActionEntry
            onClick={() => setDialog('passwords')}
            primary={t`Passwords`}
            secondary={center.status === 'ready' && !fundPasswordSet ? t`Fund password not set` : undefined}
          />
          <LinkEntry to="/onlineServer" primary={t`Customer service`} />
        </List>
      </Paper>
      <Paper variant="outlined">
        <List disablePadding aria-label={t`Settings`}>
          <ListItemButton onClick={() => setLanguageOpen(true)}>
            <ListItemIcon>
              <LanguageIcon />
            </ListItemIcon>
            <ListItemText
              primary={t`Language`}
              secondary={LOCALE_LABELS[i18n.locale as Locale] ?? i18n.locale}
            />
          </ListItemButton>
          <ListItem divider={false} sx={{ minHeight: 48 }}>
            <ThemeSwitch />
          </ListItem>
        </List>
      </Paper>
      <Button variant="outlined" color="error" size="large" fullWidth onClick={() => setConfirmOpen(true)}>
        <Trans>Log out</Trans>
      </Button>
      <LanguageDialog open={languageOpen} onClose={() => setLanguageOpen(false)} />
      <ConfirmDialog
        open={confirmOpen}
        title={t`Are you sure you want to log out?`}
        confirmLabel={t`Log out`}
        busy={leaving}
        onConfirm={() => void logout()}
        onClose={() => setConfirmOpen(false)}
      />
      <KycDialog
        open={dialog === 'kyc'}
        onClose={() => setDialog(null)}
        onSubmitted={() => {
          setDialog(null);
          center.reload();
        }}
      />
      <PayoutDialog open={dialog === 'payout'} onClose={() => setDialog(null)} />
      <PasswordsDialog
        open={dialog === 'passwords'}
        fundPasswordSet={fundPasswordSet}
        onClose={() => setDialog(null)}
        onFundPasswordSaved={center.reload}
      />
    </Stack>
  );
}
