import type { ReactNode } from 'react';
import Autocomplete, { type AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import { Later } from './Later';

export interface SuggestedFieldProps {
  /** The suggestions (free text stays allowed: the field keeps exactly what was typed). */
  options: string[];
  /** Which suggestions fit what is typed. */
  suggest: (typed: string, options: string[]) => string[];
  value: string;
  onChange: (value: string) => void;
  /** The field itself; without params it is the stand-in shown until the suggestions mount. */
  field: (params?: AutocompleteRenderInputParams) => ReactNode;
}

/**
 * A typed field with suggestions (the lever form's hands, the seconds form's amount). MUI's
 * Autocomplete mounts in a commit of its own: its mount re-renders at once (a ref that sets
 * state), which made a whole form's first commit one long task. The same field without
 * suggestions stands in until then.
 */
export function SuggestedField({ options, suggest, value, onChange, field }: SuggestedFieldProps) {
  return (
    <Later placeholder={field()}>
      <Autocomplete
        freeSolo
        options={options}
        filterOptions={(all, state) => suggest(state.inputValue, all)}
        inputValue={value}
        onInputChange={(_, v) => onChange(v)}
        renderInput={field}
      />
    </Later>
  );
}
