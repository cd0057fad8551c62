import { useLingui } from '@lingui/react/macro';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { SendCodeButton } from './SendCodeButton';

export interface CodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  onSend: () => Promise<boolean>;
  error?: string | undefined;
  disabled?: boolean;
}

/** The verification-code input with its send button. */
export function CodeField({ value, onChange, onSend, error, disabled }: CodeFieldProps) {
  const { t } = useLingui();
  return (
    <TextField
      label={t`Verification code`}
      name="code"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error}
      disabled={disabled}
      autoComplete="one-time-code"
      slotProps={{
        htmlInput: { inputMode: 'numeric', maxLength: 16 },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <SendCodeButton onSend={onSend} disabled={disabled} />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
