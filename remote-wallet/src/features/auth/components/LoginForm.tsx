import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from '@app/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { apiErrorMessage, logIn, notify } from '@app/shared';
import { AuthModeTabs } from './AuthModeTabs';
import { AccountField } from './AccountField';
import { AuthLink } from './AuthLink';
import { CountrySelect } from './CountrySelect';
import { PasswordField } from './PasswordField';
import { useCountryChoice } from '../hooks/useCountries';
import { authMessages, loginProblemMessage } from '../model/messages';
import {
  normalizeAccount,
  validateLogin,
  type AuthMode,
  type LoginPrefill,
  type LoginProblems,
} from '../model/rules';

/**
 * Login (doc 1 §2): e-mail or phone (area code only in phone mode), password, links to
 * forgot password and register. Success stores token and account, loads the user info and
 * goes home (doc 1 §4).
 */
export function LoginForm() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const countries = useCountryChoice();
  // Coming from registration: the new account is filled in.
  const prefill = useLocation().state as Partial<LoginPrefill> | null;
  const [mode, setMode] = useState<AuthMode>(prefill?.mode === 'phone' ? 'phone' : 'email');
  const [account, setAccount] = useState(typeof prefill?.account === 'string' ? prefill.account : '');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<LoginProblems>({});
  const [submitting, setSubmitting] = useState(false);

  const changeMode = (next: AuthMode) => {
    setMode(next);
    setAccount('');
    setProblems({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const found = validateLogin(account, password);
    setProblems(found);
    const first = found.account ?? found.password;
    if (first) {
      notify(i18n._(loginProblemMessage[first]), 'warning');
      return;
    }
    setSubmitting(true);
    const userString = normalizeAccount(mode, account);
    try {
      // The session service stores the token and account and loads the user (doc 1 §4).
      await logIn({
        user_string: userString,
        password,
        area_code_id: mode === 'phone' ? countries.country?.country_id : undefined,
      });
    } catch (error) {
      notify(apiErrorMessage(i18n, error), 'error');
      setSubmitting(false);
      return;
    }
    notify(i18n._(authMessages.loginSuccess), 'success');
    navigate('/', { replace: true });
  };

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
      <AuthModeTabs mode={mode} onChange={changeMode} />
      <Stack spacing={2} sx={{ mt: 1 }}>
        {mode === 'phone' && <CountrySelect choice={countries} disabled={submitting} />}
        <AccountField
          mode={mode}
          value={account}
          autoComplete="username"
          onChange={(value) => {
            setAccount(value);
            if (problems.account) setProblems((p) => ({ ...p, account: undefined }));
          }}
          error={problems.account && i18n._(loginProblemMessage[problems.account])}
          disabled={submitting}
        />
        <PasswordField
          label={t`Password`}
          name="password"
          value={password}
          onChange={(value) => {
            setPassword(value);
            if (problems.password) setProblems((p) => ({ ...p, password: undefined }));
          }}
          error={problems.password && i18n._(loginProblemMessage[problems.password])}
          disabled={submitting}
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={submitting}>
          {submitting ? <Trans>Logging in…</Trans> : <Trans>Log in</Trans>}
        </Button>
        <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
          <AuthLink to="/forget">
            <Trans>Forgot password?</Trans>
          </AuthLink>
          <AuthLink to="/register">
            <Trans>Register</Trans>
          </AuthLink>
        </Box>
      </Stack>
    </Box>
  );
}
