import { useLingui } from '@lingui/react/macro';
import TextField from '@mui/material/TextField';
import type { AuthMode } from '../model/rules';

export interface AccountFieldProps {
  mode: AuthMode;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  disabled?: boolean;
  /** Login accepts the stored account in any form; registration wants the specific kind. */
  autoComplete?: string;
}

/** The account input: an e-mail address in mode 1, a phone number (without area code) in mode 2. */
export function AccountField({ mode, value, onChange, error, disabled, autoComplete }: AccountFieldProps) {
  const { t } = useLingui();
  const email = mode === 'email';
  return (
    <TextField
      label={email ? t`E-mail address` : t`Phone number`}
      name="account"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      type={email ? 'email' : 'tel'}
      autoComplete={autoComplete ?? (email ? 'email' : 'tel-national')}
      error={Boolean(error)}
      helperText={error}
      disabled={disabled}
      slotProps={{
        htmlInput: {
          inputMode: email ? 'email' : 'tel',
          maxLength: 254,
          autoCapitalize: 'none',
          spellCheck: false,
        },
      }}
    />
  );
}
