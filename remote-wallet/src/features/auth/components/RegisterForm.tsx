import { useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from '@app/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { accountApi, apiErrorMessage, currentLocale, notify } from '@app/shared';
import { AuthModeTabs } from './AuthModeTabs';
import { AccountField } from './AccountField';
import { AuthLink } from './AuthLink';
import { CodeField } from './CodeField';
import { CountrySelect } from './CountrySelect';
import { PasswordField } from './PasswordField';
import { countryCodeOf, sendCode } from '../api/authApi';
import { useCountryChoice } from '../hooks/useCountries';
import { authMessages, newPasswordProblemMessage } from '../model/messages';
import {
  hasProblems,
  isAccountValid,
  normalizeAccount,
  validateNewPassword,
  type AuthMode,
  type LoginPrefill,
  type NewPasswordProblem,
} from '../model/rules';

interface Problems {
  account?: string;
  code?: string;
  password?: string;
  repeat?: string;
}

/**
 * Register (doc 1 §2, §5): e-mail or phone, code with a 60 s send button, password and
 * repeat, invite code prefilled from ?code=, agreement. Success goes to /login.
 */
export function RegisterForm() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const countries = useCountryChoice();
  const [mode, setMode] = useState<AuthMode>('email');
  const [account, setAccount] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [invite, setInvite] = useState(() => params.get('code')?.trim() ?? '');
  const [agreed, setAgreed] = useState(false);
  const [problems, setProblems] = useState<Problems>({});
  const [submitting, setSubmitting] = useState(false);
  const sending = useRef(false);

  const accountPrompt = mode === 'email' ? authMessages.emailPrompt : authMessages.phonePrompt;
  const passwordText = (problem: NewPasswordProblem | undefined) =>
    problem ? i18n._(newPasswordProblemMessage[problem]) : undefined;
  const clear = (field: keyof Problems) => {
    if (problems[field]) setProblems((p) => ({ ...p, [field]: undefined }));
  };
  const warn = (found: Problems) => {
    setProblems(found);
    const first = found.account ?? found.code ?? found.password ?? found.repeat;
    if (first) notify(first, 'warning');
  };

  const changeMode = (next: AuthMode) => {
    setMode(next);
    setAccount('');
    setProblems({});
  };

  // The address must be well formed before a code is sent (doc 1 §5).
  const onSend = async () => {
    if (!isAccountValid(mode, account)) {
      warn({ account: i18n._(accountPrompt) });
      return false;
    }
    clear('account');
    await sendCode({ mode, account, country: countries.country }, 'register', currentLocale());
    return true;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // A second tap before the answer arrives sends nothing (the state updates too late).
    if (sending.current || submitting || account.trim() === '' || !agreed) return;
    const found: Problems = {};
    if (!isAccountValid(mode, account)) found.account = i18n._(accountPrompt);
    if (code.trim() === '') found.code = i18n._(authMessages.codeRequired);
    const pw = validateNewPassword(password, repeat);
    found.password = passwordText(pw.password);
    found.repeat = passwordText(pw.repeat);
    if (hasProblems(found)) {
      warn(found);
      return;
    }
    setProblems({});
    sending.current = true;
    setSubmitting(true);
    try {
      await accountApi.register({
        type: mode === 'email' ? 'email' : 'mobile',
        country_code: countryCodeOf({ mode, country: countries.country }),
        user_string: normalizeAccount(mode, account),
        code: code.trim(),
        password,
        re_password: repeat,
        extension_code: invite.trim(),
      });
      notify(i18n._(authMessages.registerSuccess), 'success');
      // The login page opens with the new account filled in.
      const prefill: LoginPrefill = { mode, account };
      navigate('/login', { replace: true, state: prefill });
    } catch (error) {
      notify(apiErrorMessage(i18n, error), 'error');
      sending.current = false;
      setSubmitting(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
      <AuthModeTabs mode={mode} onChange={changeMode} />
      <Stack spacing={2} sx={{ mt: 1 }}>
        {mode === 'phone' && <CountrySelect choice={countries} disabled={submitting} />}
        <AccountField
          mode={mode}
          value={account}
          onChange={(value) => {
            setAccount(value);
            clear('account');
          }}
          error={problems.account}
          disabled={submitting}
        />
        <CodeField
          value={code}
          onChange={(value) => {
            setCode(value);
            clear('code');
          }}
          onSend={onSend}
          error={problems.code}
          disabled={submitting}
        />
        <PasswordField
          label={t`Password`}
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={(value) => {
            setPassword(value);
            clear('password');
          }}
          error={problems.password}
          helperText={i18n._(authMessages.passwordRule)}
          disabled={submitting}
        />
        <PasswordField
          label={t`Repeat password`}
          name="re_password"
          autoComplete="new-password"
          value={repeat}
          onChange={(value) => {
            setRepeat(value);
            clear('repeat');
          }}
          error={problems.repeat}
          disabled={submitting}
        />
        <TextField
          label={t`Invitation code (optional)`}
          name="extension_code"
          value={invite}
          onChange={(e) => setInvite(e.target.value)}
          disabled={submitting}
          slotProps={{ htmlInput: { maxLength: 16, autoCapitalize: 'characters', spellCheck: false } }}
        />
        <FormControlLabel
          control={<Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />}
          label={t`I have read and agree to the user agreement`}
          sx={{ minHeight: 44, mr: 0 }}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={submitting || account.trim() === '' || !agreed}
        >
          {submitting ? <Trans>Registering…</Trans> : <Trans>Register</Trans>}
        </Button>
        <Typography variant="body2" sx={{ textAlign: 'center', color: 'text.secondary' }}>
          <Trans>Already have an account?</Trans> <AuthLink to="/login">{t`Log in`}</AuthLink>
        </Typography>
      </Stack>
    </Box>
  );
}
