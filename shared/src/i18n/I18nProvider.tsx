import { type ReactNode, useSyncExternalStore } from 'react';
import { LinguiContext, type I18nContext } from '@lingui/react';
import { i18n, isQuietChange } from './i18n';

// A new context for every change Lingui announces (as its provider makes), but a quiet
// catalogue's load.
const contextNow = (): I18nContext => ({ i18n, _: i18n.t.bind(i18n) });
let context = contextNow();
i18n.on('change', () => {
  if (!isQuietChange()) context = contextNow();
});
const subscribe = (onChange: () => void) => i18n.on('change', onChange);
const contextOf = () => context;

/**
 * Lingui's I18nProvider for the app's one i18n instance, except that a quiet catalogue's load
 * (./i18n.ts `registerCatalog`) keeps the context: Lingui's re-rendered every component that
 * translates on every catalogue load, whatever the catalogue.
 */
export function I18nProvider({ children }: { children: ReactNode }) {
  const value = useSyncExternalStore(subscribe, contextOf, contextOf);
  // As Lingui's: nothing renders before a locale is active.
  if (!i18n.locale) return null;
  return <LinguiContext.Provider value={value}>{children}</LinguiContext.Provider>;
}
