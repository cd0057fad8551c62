// Two themes (doc 1 §1): teal_night (default) and teal_day, kept under `mode`.
import { createTheme, type Theme } from '@mui/material/styles';
import { atom, getDefaultStore } from 'jotai';
import { StorageKey, readStorage, writeStorage } from '../config/storage';

export type ThemeMode = 'teal_night' | 'teal_day';
export const THEME_MODES: readonly ThemeMode[] = ['teal_night', 'teal_day'];
export const DEFAULT_THEME: ThemeMode = 'teal_night';

function storedTheme(): ThemeMode {
  const stored = readStorage(StorageKey.mode);
  return stored === 'teal_day' || stored === 'teal_night' ? stored : DEFAULT_THEME;
}

export const themeModeAtom = atom<ThemeMode>(storedTheme());

export function setThemeMode(mode: ThemeMode): void {
  writeStorage(StorageKey.mode, mode);
  getDefaultStore().set(themeModeAtom, mode);
  if (typeof document !== 'undefined') document.documentElement.dataset.theme = mode;
}

/** Market colours for graphics (candles, bars, sparklines): green up, red down (doc 1 §2). */
export const marketColors = { up: '#16c784', down: '#ea3943', flat: '#8a9ba0' } as const;

/** The ink a theme writes on a dark background (night fills under text). */
const NIGHT_INK = '#04211d';

/**
 * Colours of each theme checked against WCAG 2.2 AA (4.5:1 for text): every `main` as text on
 * the theme's backgrounds, and `contrastText` on `main` (buttons, "+%" pills). Measured
 * (night: paper #13212a, day: #f4f7f7 / white):
 * - night success #16c784 on paper 7.46, ink on it 7.69; error #ff5c67 on paper 5.46, ink 5.63;
 * - day text.secondary #4d6063 (was #55696b): 6.15 on #f4f7f7, 5.13 on a selected chip (#e0e3e3),
 *   5.04 on a red depth bar;
 * - day success #0c7049 on #f4f7f7 5.68, white on it 6.12, on a book row's green depth bar
 *   5.41; error #b42330 6.05 / 6.51, on a red depth bar 5.19; primary #0b7a70 4.83 / 5.21;
 *   secondary #8a6508 4.94; warning #b45309 white 5.02.
 * Before: white on #16c784 was 2.20 in both themes, #16c784 on #f4f7f7 2.04 (on a depth bar
 * about 2.0), #ea3943 on night paper 4.04, white on #ea3943 4.07, white on #0f9488 (day
 * primary) 3.74, white on MUI's warning 3.11.
 */
export const themeColors = {
  teal_night: {
    primary: { main: '#2dd4bf', contrastText: NIGHT_INK },
    secondary: { main: '#f0b90b', contrastText: NIGHT_INK },
    success: { main: marketColors.up, contrastText: NIGHT_INK },
    error: { main: '#ff5c67', contrastText: NIGHT_INK },
    warning: { main: '#f0b90b', contrastText: NIGHT_INK },
    info: { main: '#38bdf8', contrastText: NIGHT_INK },
  },
  teal_day: {
    primary: { main: '#0b7a70', contrastText: '#ffffff' },
    secondary: { main: '#8a6508', contrastText: '#ffffff' },
    success: { main: '#0c7049', contrastText: '#ffffff' },
    error: { main: '#b42330', contrastText: '#ffffff' },
    warning: { main: '#b45309', contrastText: '#ffffff' },
    info: { main: '#0369a1', contrastText: '#ffffff' },
  },
} as const;

const cache = new Map<ThemeMode, Theme>();

export function appTheme(mode: ThemeMode): Theme {
  const cached = cache.get(mode);
  if (cached) return cached;
  const night = mode === 'teal_night';
  const theme = createTheme({
    palette: {
      mode: night ? 'dark' : 'light',
      ...themeColors[mode],
      background: night ? { default: '#0b1418', paper: '#13212a' } : { default: '#f4f7f7', paper: '#ffffff' },
      text: night
        ? { primary: '#e6f1f1', secondary: '#8fa8ad' }
        : { primary: '#10201f', secondary: '#4d6063' },
      divider: night ? 'rgba(143,168,173,0.16)' : 'rgba(16,32,31,0.12)',
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily:
        '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Noto Sans", "Noto Sans CJK SC", "PingFang SC", "Hiragino Sans", "Malgun Gothic", sans-serif',
      h1: { fontSize: '1.125rem', fontWeight: 600 },
      h2: { fontSize: '1rem', fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      // Touch targets of 44 px (mobile first).
      MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { minHeight: 44 } } },
      MuiIconButton: { styleOverrides: { root: { minWidth: 44, minHeight: 44 } } },
      MuiTab: { styleOverrides: { root: { minHeight: 44 } } },
      // Unselected toggles in the secondary text colour (MUI's default grey is 4.49:1 by day).
      MuiToggleButton: { styleOverrides: { root: ({ theme: t }) => ({ color: t.palette.text.secondary }) } },
      MuiListItemButton: { styleOverrides: { root: { minHeight: 48 } } },
      MuiTextField: { defaultProps: { fullWidth: true, variant: 'outlined' } },
    },
  });
  cache.set(mode, theme);
  return theme;
}
