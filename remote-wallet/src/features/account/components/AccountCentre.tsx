import { useState } from 'react';
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
  ThemeSwitch,
  endSession,
  notify,
  type Locale,
} from '@app/shared';
import { ProfileCard } from './ProfileCard';
import { accountMessages } from '../model/messages';

/**
 * The minimal account centre (doc 1 §2): profile, language, night/day mode and logout with
 * confirmation. Logout clears token, user id and account and goes to /login (doc 1 §4).
 */
export function AccountCentre() {
  const { t, i18n } = useLingui();
  const [languageOpen, setLanguageOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);

  const logout = async () => {
    setLeaving(true);
    await endSession();
    setConfirmOpen(false);
    setLeaving(false);
    notify(i18n._(accountMessages.loggedOut), 'success');
  };

  return (
    <Stack spacing={2}>
      <ProfileCard />
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
    </Stack>
  );
}
