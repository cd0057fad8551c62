import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { VisibilityIcon, VisibilityOffIcon } from './icons';

export interface PasswordFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** A problem to show under the field (also marks it invalid). */
  error?: string | undefined;
  helperText?: string | undefined;
  autoComplete?: 'current-password' | 'new-password';
  name?: string;
  disabled?: boolean;
}

/** A password input with a show/hide toggle. */
export function PasswordField({
  label,
  value,
  onChange,
  error,
  helperText,
  autoComplete = 'current-password',
  name,
  disabled,
}: PasswordFieldProps) {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      label={label}
      name={name}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      type={visible ? 'text' : 'password'}
      autoComplete={autoComplete}
      error={Boolean(error)}
      helperText={error ?? helperText}
      disabled={disabled}
      slotProps={{
        htmlInput: { maxLength: 128, autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                onClick={() => setVisible((v) => !v)}
                edge="end"
                aria-label={visible ? t`Hide password` : t`Show password`}
              >
                {visible ? <VisibilityOffIcon /> : <VisibilityIcon />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
