import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { I18nProvider } from '../i18n/I18nProvider';
import { appTheme, themeModeAtom } from '../theme/theme';
import { ToastHost } from '../ui/ToastHost';

/** The providers of the whole app; the host and every remote's dev shell use exactly these. */
export function AppProviders({ children }: { children: ReactNode }) {
  const mode = useAtomValue(themeModeAtom);
  return (
    <I18nProvider>
      <ThemeProvider theme={appTheme(mode)}>
        <CssBaseline />
        {children}
        <ToastHost />
      </ThemeProvider>
    </I18nProvider>
  );
}
