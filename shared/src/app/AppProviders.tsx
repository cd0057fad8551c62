import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { I18nProvider } from '@lingui/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { i18n } from '../i18n/i18n';
import { appTheme, themeModeAtom } from '../theme/theme';
import { ToastHost } from '../ui/ToastHost';

/** The providers of the whole app; the host and every remote's dev shell use exactly these. */
export function AppProviders({ children }: { children: ReactNode }) {
  const mode = useAtomValue(themeModeAtom);
  return (
    <I18nProvider i18n={i18n}>
      <ThemeProvider theme={appTheme(mode)}>
        <CssBaseline />
        {children}
        <ToastHost />
      </ThemeProvider>
    </I18nProvider>
  );
}
