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

/** Market colours: green up, red down (doc 1 §2). */
export const marketColors = { up: '#16c784', down: '#ea3943', flat: '#8a9ba0' } as const;

const cache = new Map<ThemeMode, Theme>();

export function appTheme(mode: ThemeMode): Theme {
  const cached = cache.get(mode);
  if (cached) return cached;
  const night = mode === 'teal_night';
  const theme = createTheme({
    palette: {
      mode: night ? 'dark' : 'light',
      primary: { main: night ? '#2dd4bf' : '#0f9488', contrastText: night ? '#04211d' : '#ffffff' },
      secondary: { main: night ? '#f0b90b' : '#b7860b' },
      success: { main: marketColors.up },
      error: { main: marketColors.down },
      background: night ? { default: '#0b1418', paper: '#13212a' } : { default: '#f4f7f7', paper: '#ffffff' },
      text: night
        ? { primary: '#e6f1f1', secondary: '#8fa8ad' }
        : { primary: '#10201f', secondary: '#55696b' },
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
      MuiListItemButton: { styleOverrides: { root: { minHeight: 48 } } },
      MuiTextField: { defaultProps: { fullWidth: true, variant: 'outlined' } },
    },
  });
  cache.set(mode, theme);
  return theme;
}
