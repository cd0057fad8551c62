import { msg } from '@lingui/core/macro';
import { activateStoredLocale, i18n, registerCatalog, type Locale } from '../i18n/i18n';
import { setThemeMode } from '../theme/theme';
import { getDefaultStore } from 'jotai';
import { themeModeAtom } from '../theme/theme';
import { notify } from '../ui/toast';
import { followOtherTabs, setLoginNotice } from '../session/store';

const loginNotice = msg({
  id: 'session.login_notice',
  message: 'Your session has expired, please log in again',
});

let followingTabs = false;

/**
 * Start-up shared by the host and the dev shells: catalogues, stored locale, theme, the login
 * notice of the 999 flow, and the session following the other tabs (a logout there logs out here).
 */
export async function bootstrapApp(): Promise<void> {
  void registerCatalog('shared', (locale: Locale) => import(`../../../locales/${locale}/shared`));
  setThemeMode(getDefaultStore().get(themeModeAtom));
  // The notice shows in the stored language (doc 1 §4), which is the active one.
  setLoginNotice(() => notify(i18n._(loginNotice), 'warning'));
  if (!followingTabs) {
    followingTabs = true;
    followOtherTabs();
  }
  await activateStoredLocale();
}
