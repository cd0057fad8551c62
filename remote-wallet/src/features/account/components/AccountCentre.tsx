import { useState, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import {
  LOCALE_LABELS,
  LanguageDialog,
  LanguageIcon,
  Link,
  ThemeSwitch,
  apiErrorMessage,
  notify,
  type Locale,
} from '@app/shared';
import { LogoutButton } from './LogoutButton';
import { ProfileCard } from './ProfileCard';
import { RecordDialogs, type RecordDialog } from './RecordDialogs';
import { KycDialog } from './KycDialog';
import { PayoutDialog } from './PayoutDialog';
import { PasswordsDialog } from './PasswordsDialog';
import { ChevronIcon } from '../../common';
import { TotalAssetsCard } from '../../wallet';
import { accountMessages } from '../model/messages';
import { useInvalidateAccount, useUserCenter } from '../hooks/useAccountQueries';

function LinkEntry({ to, primary, secondary }: { to: string; primary: string; secondary?: ReactNode }) {
  return (
    <ListItem disablePadding>
      <ListItemButton component={Link} to={to} sx={{ minHeight: 48 }}>
        <ListItemText primary={primary} secondary={secondary} />
        <ChevronIcon sx={{ color: 'text.secondary' }} />
      </ListItemButton>
    </ListItem>
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
    <ListItem disablePadding>
      <ListItemButton onClick={onClick} sx={{ minHeight: 48 }}>
        <ListItemText primary={primary} secondary={secondary} />
        <ChevronIcon sx={{ color: 'text.secondary' }} />
      </ListItemButton>
    </ListItem>
  );
}

/**
 * The account centre (doc 1 §2): profile, total assets and shortcuts, records, real-name
 * verification by review_status (doc 1 §4), payment methods, invite, complaint, passwords,
 * customer service, language, night/day mode and logout with confirmation.
 */
export function AccountCentre() {
  const { t, i18n } = useLingui();
  const center = useUserCenter();
  const invalidateAccount = useInvalidateAccount();
  const [languageOpen, setLanguageOpen] = useState(false);
  const [dialog, setDialog] = useState<'kyc' | 'payout' | 'passwords' | null>(null);
  const [records, setRecords] = useState<RecordDialog | null>(null);

  const openRealName = () => {
    if (center.status === 'error') {
      notify(apiErrorMessage(i18n, center.error), 'error');
      void center.refetch();
      return;
    }
    if (center.status !== 'success') return;
    const status = center.data.review_status;
    if (status === 1) notify(i18n._(accountMessages.underReview), 'info');
    else if (status === 2) notify(i18n._(accountMessages.verified), 'success');
    else setDialog('kyc');
  };

  let realNameState: ReactNode = null;
  if (center.status === 'pending') realNameState = t`Loading…`;
  else if (center.status === 'error') realNameState = apiErrorMessage(i18n, center.error);
  else if (center.data.review_status === 1) realNameState = t`Under review`;
  else if (center.data.review_status === 2) realNameState = t`Verified`;
  else if (center.data.review_reason) realNameState = t`Rejected: ${center.data.review_reason}`;
  else realNameState = t`Not verified`;

  const fundPasswordSet = center.status === 'success' && Boolean(center.data.fund_password_set);

  return (
    <Stack spacing={2}>
      <ProfileCard />
      <TotalAssetsCard />
      <Paper variant="outlined">
        <List disablePadding aria-label={t`Account`}>
          <ActionEntry onClick={() => setRecords('balances')} primary={t`Wallet balances`} />
          <ActionEntry onClick={() => setRecords('charges')} primary={t`Deposit and withdrawal log`} />
          <LinkEntry to="/deposit_record" primary={t`Deposit records`} />
          <LinkEntry to="/withdrawal_record" primary={t`Withdrawal records`} />
          <ActionEntry onClick={() => setRecords('buys')} primary={t`Buy records`} />
          <ActionEntry onClick={openRealName} primary={t`Real-name verification`} secondary={realNameState} />
          <ActionEntry onClick={() => setDialog('payout')} primary={t`Payment methods`} />
          <LinkEntry to="/share" primary={t`Invite friends`} />
          <ActionEntry onClick={() => setRecords('promotion')} primary={t`Promotion list`} />
          <LinkEntry to="/feedback" primary={t`Complaints`} />
          <ActionEntry
            onClick={() => setDialog('passwords')}
            primary={t`Passwords`}
            secondary={center.status === 'success' && !fundPasswordSet ? t`Fund password not set` : undefined}
          />
          <LinkEntry to="/onlineServer" primary={t`Customer service`} />
        </List>
      </Paper>
      <Paper variant="outlined">
        <List disablePadding aria-label={t`Settings`}>
          <ListItem disablePadding>
            <ListItemButton onClick={() => setLanguageOpen(true)}>
              <ListItemIcon>
                <LanguageIcon />
              </ListItemIcon>
              <ListItemText
                primary={t`Language`}
                secondary={LOCALE_LABELS[i18n.locale as Locale] ?? i18n.locale}
              />
            </ListItemButton>
          </ListItem>
          <ListItem divider={false} sx={{ minHeight: 48 }}>
            <ThemeSwitch />
          </ListItem>
        </List>
      </Paper>
      <LogoutButton />
      <LanguageDialog open={languageOpen} onClose={() => setLanguageOpen(false)} />
      <RecordDialogs open={records} onClose={() => setRecords(null)} />
      <KycDialog
        open={dialog === 'kyc'}
        onClose={() => setDialog(null)}
        onSubmitted={() => {
          setDialog(null);
          void invalidateAccount();
        }}
      />
      <PayoutDialog open={dialog === 'payout'} onClose={() => setDialog(null)} />
      <PasswordsDialog
        open={dialog === 'passwords'}
        fundPasswordSet={fundPasswordSet}
        onClose={() => setDialog(null)}
        onFundPasswordSaved={() => void invalidateAccount()}
      />
    </Stack>
  );
}
