import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { apiErrorMessage, notify } from '@app/shared';
import { FullScreenDialog } from '../../common';
import { profileApi } from '../api/profileApi';
import { accountMessages } from '../model/messages';
import { isFundPassword, isLoginPassword } from '../model/rules';

function LoginPasswordForm() {
  const { t, i18n } = useLingui();
  const [old, setOld] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);
  const ruleBroken = next !== '' && !isLoginPassword(next);
  const differ = repeat !== '' && repeat !== next;
  const ready = old !== '' && isLoginPassword(next) && repeat === next;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    try {
      await profileApi.changePassword({ old_password: old, password: next, re_password: repeat });
      notify(i18n._(accountMessages.passwordChanged), 'success');
      setOld('');
      setNext('');
      setRepeat('');
    } catch (error) {
      notify(apiErrorMessage(i18n, error), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
      <Stack spacing={2}>
        <Typography variant="h2" component="h3">
          <Trans>Login password</Trans>
        </Typography>
        <TextField
          type="password"
          label={t`Current password`}
          value={old}
          onChange={(e) => setOld(e.target.value)}
          autoComplete="current-password"
        />
        <TextField
          type="password"
          label={t`New password`}
          value={next}
          onChange={(e) => setNext(e.target.value)}
          error={ruleBroken}
          helperText={t`6 to 16 characters, letters and digits`}
          autoComplete="new-password"
        />
        <TextField
          type="password"
          label={t`Repeat new password`}
          value={repeat}
          onChange={(e) => setRepeat(e.target.value)}
          error={differ}
          helperText={differ ? t`The two passwords differ` : ' '}
          autoComplete="new-password"
        />
        <Button type="submit" variant="contained" disabled={!ready || busy} sx={{ minHeight: 48 }}>
          <Trans>Change login password</Trans>
        </Button>
      </Stack>
    </Box>
  );
}

function FundPasswordForm({ isSet, onSaved }: { isSet: boolean; onSaved: () => void }) {
  const { t, i18n } = useLingui();
  const [old, setOld] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);
  const differ = repeat !== '' && repeat !== next;
  const ready = (!isSet || isFundPassword(old)) && isFundPassword(next) && repeat === next;
  const digits = { inputMode: 'numeric' as const, maxLength: 6, pattern: '[0-9]*' };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    try {
      await profileApi.fundPassword(isSet ? { password: next, old_password: old } : { password: next });
      notify(i18n._(accountMessages.fundPasswordSaved), 'success');
      setOld('');
      setNext('');
      setRepeat('');
      onSaved();
    } catch (error) {
      notify(apiErrorMessage(i18n, error), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
      <Stack spacing={2}>
        <Typography variant="h2" component="h3">
          {isSet ? <Trans>Change fund password</Trans> : <Trans>Set fund password</Trans>}
        </Typography>
        {isSet && (
          <TextField
            type="password"
            label={t`Current fund password`}
            value={old}
            onChange={(e) => setOld(e.target.value)}
            slotProps={{ htmlInput: digits }}
          />
        )}
        <TextField
          type="password"
          label={t`New fund password`}
          value={next}
          onChange={(e) => setNext(e.target.value)}
          error={next !== '' && !isFundPassword(next)}
          helperText={t`6 digits`}
          slotProps={{ htmlInput: digits }}
        />
        <TextField
          type="password"
          label={t`Repeat fund password`}
          value={repeat}
          onChange={(e) => setRepeat(e.target.value)}
          error={differ}
          helperText={differ ? t`The two passwords differ` : ' '}
          slotProps={{ htmlInput: digits }}
        />
        <Button type="submit" variant="contained" disabled={!ready || busy} sx={{ minHeight: 48 }}>
          <Trans>Save fund password</Trans>
        </Button>
      </Stack>
    </Box>
  );
}

/** Login password change and fund password set/change (doc 2 §3, §5). */
export function PasswordsDialog({
  open,
  fundPasswordSet,
  onClose,
  onFundPasswordSaved,
}: {
  open: boolean;
  fundPasswordSet: boolean;
  onClose: () => void;
  onFundPasswordSaved: () => void;
}) {
  const { t } = useLingui();
  return (
    <FullScreenDialog open={open} title={t`Passwords`} onClose={onClose}>
      <Stack spacing={3} divider={<Divider />}>
        <LoginPasswordForm />
        <FundPasswordForm isSet={fundPasswordSet} onSaved={onFundPasswordSaved} />
      </Stack>
    </FullScreenDialog>
  );
}
