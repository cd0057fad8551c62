import type { ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import { SearchIcon } from '../../../ui/icons';

// The look of MUI's small OutlinedInput with a start adornment, in plain elements styled by `sx`:
// OutlinedInput, InputBase, InputAdornment and FormControl were ~8 KiB gzip and two requests of
// /quotes before its first render, for a field that uses none of their form machinery. The
// outline is drawn by ::before (MUI's notched <fieldset> without a label draws the same box).
const outline = (theme: Theme) =>
  theme.palette.mode === 'light' ? 'rgba(0, 0, 0, 0.23)' : 'rgba(255, 255, 255, 0.23)';

const rootSx = {
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  boxSizing: 'border-box',
  width: '100%',
  minHeight: 44,
  pl: '14px',
  borderRadius: 1,
  cursor: 'text',
  typography: 'body1',
  lineHeight: '1.4375em',
  color: 'text.primary',
  '&::before': {
    content: '""',
    position: 'absolute',
    inset: 0,
    borderRadius: 'inherit',
    border: '1px solid',
    borderColor: outline,
    pointerEvents: 'none',
  },
  '&:hover::before': { borderColor: 'text.primary' },
  '@media (hover: none)': { '&:hover::before': { borderColor: outline } },
  '&:focus-within::before': { borderWidth: 2, borderColor: 'primary.main' },
} as const;

const adornmentSx = {
  display: 'flex',
  alignItems: 'center',
  maxHeight: '2em',
  mr: 1,
  whiteSpace: 'nowrap',
  color: 'action.active',
} as const;

const inputSx = {
  display: 'block',
  boxSizing: 'content-box',
  width: '100%',
  minWidth: 0,
  height: '1.4375em',
  m: 0,
  p: '8.5px 14px 8.5px 0',
  border: 0,
  background: 'none',
  font: 'inherit',
  letterSpacing: 'inherit',
  color: 'currentColor',
  WebkitTapHighlightColor: 'transparent',
  MozAppearance: 'textfield',
  '&:focus': { outline: 0 },
  '&::-webkit-search-decoration': { WebkitAppearance: 'none' },
  '&::placeholder': {
    color: 'currentColor',
    opacity: (theme: Theme) => (theme.palette.mode === 'light' ? 0.42 : 0.5),
  },
} as const;

export interface SearchFieldProps {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** The input's accessible name. */
  label: string;
}

/** The quotes page's search field: a search input with a magnifier in an outlined box. */
export function SearchField({ value, onChange, placeholder, label }: SearchFieldProps) {
  return (
    <Box sx={rootSx}>
      <Box sx={adornmentSx}>
        <SearchIcon fontSize="small" />
      </Box>
      <Box
        component="input"
        type="search"
        enterKeyHint="search"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value)}
        sx={inputSx}
      />
    </Box>
  );
}
