import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import { ConfirmDialog, endSession, notify } from '@app/shared';
import { accountMessages } from '../model/messages';

/** Logout with confirmation (doc 1 §2, §4). */
export function LogoutButton() {
  const { t, i18n } = useLingui();
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
    <>
      <Button variant="outlined" color="error" size="large" fullWidth onClick={() => setConfirmOpen(true)}>
        <Trans>Log out</Trans>
      </Button>
      <ConfirmDialog
        open={confirmOpen}
        title={t`Are you sure you want to log out?`}
        confirmLabel={t`Log out`}
        busy={leaving}
        onConfirm={() => void logout()}
        onClose={() => setConfirmOpen(false)}
      />
    </>
  );
}
