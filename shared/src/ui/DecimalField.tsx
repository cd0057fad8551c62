// The one field where an amount, a price or a quantity is typed. It shows exactly what the user
// typed (a comma used as the decimal separator becomes a point), says under the field what is
// wrong with it, and hands the form a decimal string only when the text is a valid amount.
// Imported as `@app/shared/DecimalField`, not from the package root: the root is one federated
// singleton that every route loads at start-up, and a text field brings MUI's input, form and
// overlay code (about 58 KiB gzip) that only pages with a form need. The field holds no state
// of its own, so each remote that uses it bundles this small module; MUI still comes from the host.
import { useId } from 'react';
import { useLingui } from '@lingui/react';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import {
  amountProblemMessage,
  checkAmount,
  normalizeAmountText,
  type AmountCheck,
  type AmountRules,
} from '../decimal/amountInput';

export interface DecimalFieldProps extends Omit<
  TextFieldProps,
  'value' | 'onChange' | 'type' | 'defaultValue' | 'select'
> {
  /** The text as typed (the form keeps it). */
  value: string;
  /** Every edit: the text as shown, and its decimal string when valid (else null). */
  onChange: (text: string, value: string | null) => void;
  rules: AmountRules;
  /** Also say "please enter an amount" for an empty field (after a submit attempt). */
  showEmptyError?: boolean;
  /** The form's own verdict (e.g. above the balance), shown as an error with its helperText. */
  error?: boolean;
}

/** The error text of a check, or null when there is nothing to say. */
export function useAmountError(check: AmountCheck, showEmptyError = false): string | null {
  // Not named i18n: the message extractor would read this dynamic descriptor as a new message.
  const { i18n: lingui } = useLingui();
  if (check.ok || (check.empty && !showEmptyError)) return null;
  const { descriptor, values } = amountProblemMessage(check);
  return lingui._(descriptor.id, values, { message: descriptor.message });
}

export function DecimalField({
  value,
  onChange,
  rules,
  showEmptyError,
  helperText,
  error: formError,
  slotProps,
  id,
  ...rest
}: DecimalFieldProps) {
  const fallbackId = useId();
  const check = checkAmount(value, rules);
  const error = useAmountError(check, showEmptyError);
  const htmlInput = (slotProps?.htmlInput ?? {}) as Record<string, unknown>;
  return (
    <TextField
      {...rest}
      id={id ?? fallbackId}
      value={value}
      error={error !== null || formError === true}
      helperText={error ?? helperText}
      onChange={(e) => {
        const text = normalizeAmountText(e.target.value);
        const next = checkAmount(text, rules);
        onChange(text, next.ok ? next.value : null);
      }}
      slotProps={{
        ...slotProps,
        htmlInput: {
          ...htmlInput,
          inputMode: rules.decimals > 0 ? 'decimal' : 'numeric',
          autoComplete: 'off',
          spellCheck: false,
          'aria-invalid': error !== null || formError === true,
        },
      }}
    />
  );
}
