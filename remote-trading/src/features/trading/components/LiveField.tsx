import { useEffect, useRef } from 'react';
import TextField from '@mui/material/TextField';
import type { LiveValue } from '@app/shared';

/**
 * A read-only field showing a live value (the market price). The text is written straight into
 * the input when a source ticks: no React render per tick.
 */
export function LiveField({
  label,
  helperText,
  sources,
  read,
}: {
  label: string;
  helperText?: string;
  /** The Live values `read` depends on. */
  sources: ReadonlyArray<LiveValue<unknown>>;
  read: () => string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const latest = useRef(read);
  useEffect(() => {
    latest.current = read;
    if (input.current) input.current.value = read();
  });
  useEffect(() => {
    const apply = () => {
      if (input.current) input.current.value = latest.current();
    };
    const offs = sources.map((s) => s.subscribe(apply));
    return () => {
      for (const off of offs) off();
    };
  }, [sources]);
  return (
    <TextField
      size="small"
      label={label}
      defaultValue=""
      inputRef={input}
      helperText={helperText}
      slotProps={{ htmlInput: { readOnly: true, 'aria-readonly': true }, inputLabel: { shrink: true } }}
    />
  );
}
