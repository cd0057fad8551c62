import { msg } from '@lingui/core/macro';
import { activateLocale, i18n, registerCatalog, storedLocale, type Locale } from '../i18n/i18n';
import { setThemeMode } from '../theme/theme';
import { getDefaultStore } from 'jotai';
import { themeModeAtom } from '../theme/theme';
import { notify } from '../ui/toast';
import { setLoginNotice } from '../session/session';

const loginNotice = msg({
  id: 'session.login_notice',
  message: 'Your session has expired, please log in again',
});

/** Start-up shared by the host and the dev shells: catalogues, stored locale, theme, login notice. */
export async function bootstrapApp(): Promise<void> {
  void registerCatalog('shared', (locale: Locale) => import(`../../../locales/${locale}/shared`));
  setThemeMode(getDefaultStore().get(themeModeAtom));
  // The notice shows in the stored language (doc 1 §4), which is the active one.
  setLoginNotice(() => notify(i18n._(loginNotice), 'warning'));
  await activateLocale(storedLocale());
}
