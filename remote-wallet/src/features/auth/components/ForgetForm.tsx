import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from '@app/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { accountApi, apiErrorMessage, clearSession, currentLocale, notify } from '@app/shared';
import { AuthModeTabs } from './AuthModeTabs';
import { AccountField } from './AccountField';
import { AuthLink } from './AuthLink';
import { CodeField } from './CodeField';
import { CountrySelect } from './CountrySelect';
import { PasswordField } from './PasswordField';
import { checkCode, countryCodeOf, sendCode } from '../api/authApi';
import { useCountryChoice } from '../hooks/useCountries';
import { authMessages, newPasswordProblemMessage } from '../model/messages';
import {
  FORGET_REDIRECT_MS,
  isAccountValid,
  normalizeAccount,
  validateNewPassword,
  type AuthMode,
  type NewPasswordProblems,
} from '../model/rules';

/**
 * Forgot password in two steps (doc 2 §2, §4, §5): 1. verify a code sent to the e-mail or
 * phone; 2. set the new password. Success removes the stored token and user id and goes to
 * /login after 2 s.
 */
export function ForgetForm() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const countries = useCountryChoice();
  const [step, setStep] = useState<0 | 1>(0);
  const [mode, setMode] = useState<AuthMode>('email');
  const [account, setAccount] = useState('');
  const [code, setCode] = useState('');
  const [accountProblem, setAccountProblem] = useState<string | undefined>();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [pwProblems, setPwProblems] = useState<NewPasswordProblems>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const redirect = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (redirect.current !== null) clearTimeout(redirect.current);
    },
    [],
  );

  const target = () => ({ mode, account, country: countries.country });

  /** The e-mail (or phone) must follow the rules (doc 2 §5). */
  const accountOk = () => {
    if (isAccountValid(mode, account)) {
      setAccountProblem(undefined);
      return true;
    }
    const text = i18n._(authMessages.accountRule);
    setAccountProblem(text);
    notify(text, 'warning');
    return false;
  };

  const changeMode = (next: AuthMode) => {
    setMode(next);
    setAccount('');
    setAccountProblem(undefined);
  };

  const onSend = async () => {
    if (!accountOk()) return false;
    await sendCode(target(), 'forget', currentLocale());
    return true;
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || account.trim() === '' || code.trim() === '' || !accountOk()) return;
    setBusy(true);
    try {
      await checkCode(target(), code);
      setStep(1);
    } catch (error) {
      notify(apiErrorMessage(i18n, error), 'error');
    } finally {
      setBusy(false);
    }
  };

  const reset = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || done) return;
    const found = validateNewPassword(password, repeat);
    setPwProblems(found);
    const first = found.password ?? found.repeat;
    if (first) {
      notify(i18n._(newPasswordProblemMessage[first]), 'warning');
      return;
    }
    setBusy(true);
    try {
      await accountApi.forget({
        country_code: countryCodeOf(target()),
        account: normalizeAccount(mode, account),
        password,
        repassword: repeat,
        code: code.trim(),
      });
    } catch (error) {
      notify(apiErrorMessage(i18n, error), 'error');
      setBusy(false);
      return;
    }
    setDone(true);
    notify(i18n._(authMessages.forgetFinished), 'success');
    clearSession();
    redirect.current = setTimeout(() => navigate('/login', { replace: true }), FORGET_REDIRECT_MS);
  };

  const problemText = (key: keyof NewPasswordProblems) => {
    const problem = pwProblems[key];
    return problem ? i18n._(newPasswordProblemMessage[problem]) : undefined;
  };

  return (
    <Box>
      <Stepper activeStep={done ? 2 : step} alternativeLabel sx={{ mb: 3 }} aria-label={t`Steps`}>
        {[t`Verify account`, t`Set new password`].map((label, index) => (
          <Step key={index}>
            <StepLabel aria-current={!done && step === index ? 'step' : undefined}>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>

      {step === 0 ? (
        <Box component="form" noValidate onSubmit={(e) => void verify(e)}>
          <AuthModeTabs mode={mode} onChange={changeMode} />
          <Stack spacing={2} sx={{ mt: 1 }}>
            {mode === 'phone' && <CountrySelect choice={countries} disabled={busy} />}
            <AccountField
              mode={mode}
              value={account}
              onChange={(value) => {
                setAccount(value);
                setAccountProblem(undefined);
              }}
              error={accountProblem}
              disabled={busy}
            />
            <CodeField value={code} onChange={setCode} onSend={onSend} disabled={busy} />
            <Button
              type="submit"
              variant="contained"
              size="large"
              fullWidth
              disabled={busy || account.trim() === '' || code.trim() === ''}
            >
              <Trans>Next</Trans>
            </Button>
          </Stack>
        </Box>
      ) : (
        <Box component="form" noValidate onSubmit={(e) => void reset(e)}>
          <Stack spacing={2}>
            <PasswordField
              label={t`New password`}
              name="password"
              autoComplete="new-password"
              value={password}
              onChange={(value) => {
                setPassword(value);
                setPwProblems((p) => ({ ...p, password: undefined }));
              }}
              error={problemText('password')}
              helperText={i18n._(authMessages.passwordRule)}
              disabled={busy || done}
            />
            <PasswordField
              label={t`Repeat new password`}
              name="repassword"
              autoComplete="new-password"
              value={repeat}
              onChange={(value) => {
                setRepeat(value);
                setPwProblems((p) => ({ ...p, repeat: undefined }));
              }}
              error={problemText('repeat')}
              disabled={busy || done}
            />
            <Button type="submit" variant="contained" size="large" fullWidth disabled={busy || done}>
              <Trans>Reset password</Trans>
            </Button>
            <Button variant="text" fullWidth onClick={() => setStep(0)} disabled={busy || done}>
              <Trans>Previous step</Trans>
            </Button>
          </Stack>
        </Box>
      )}
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <AuthLink to="/login">
          <Trans>Back to log in</Trans>
        </AuthLink>
      </Box>
    </Box>
  );
}
