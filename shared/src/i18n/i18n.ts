// The one i18n instance of the app (host and every remote use it through @app/shared).
// Each package registers a loader for its compiled catalogue; switching locale loads every
// registered catalogue, activates the locale and broadcasts a refresh event (doc 1 §1).
import { i18n, type Messages } from '@lingui/core';
import { StorageKey, readStorage, writeStorage } from '../config/storage';

export const LOCALES = ['en', 'zh', 'hk', 'jp', 'kr', 'de', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
export const LOCALE_EVENT = 'app:locale-change';

/** Each language named in its own script. */
export const LOCALE_LABELS: Record<Locale, string> = {
  en: 'English',
  zh: '简体中文',
  hk: '繁體中文',
  jp: '日本語',
  kr: '한국어',
  de: 'Deutsch',
  es: 'Español',
};

const HTML_LANG: Record<Locale, string> = {
  en: 'en',
  zh: 'zh-CN',
  hk: 'zh-HK',
  jp: 'ja',
  kr: 'ko',
  de: 'de',
  es: 'es',
};

/** The BCP 47 tag of a locale, for Intl formatting (dates, numbers). */
export function intlLocale(locale: string): string {
  return isLocale(locale) ? HTML_LANG[locale] : 'en';
}

export type CatalogLoader = (locale: Locale) => Promise<{ messages: Messages }>;

const loaders = new Map<string, CatalogLoader>();
const loaded = new Map<string, Promise<void>>();
/** The catalogues (`name:locale`) whose messages are in (`loaded` holds them from their request). */
const inCatalogs = new Set<string>();
/** The catalogues whose loading re-renders nothing (see `registerCatalog`). */
const quietCatalogs = new Set<string>();
let quietLoads = 0;

/**
 * Whether the i18n change being announced is a quiet catalogue's load: the app's provider
 * (./I18nProvider) then keeps its context, so that no component renders again.
 */
export function isQuietChange(): boolean {
  return quietLoads > 0;
}

/** `i18n.load` (which announces a change), marked quiet for a quiet catalogue. */
function loadMessages(name: string, locale: Locale, messages: Messages): void {
  const quiet = quietCatalogs.has(name);
  if (quiet) quietLoads += 1;
  try {
    i18n.load(locale, messages);
  } finally {
    if (quiet) quietLoads -= 1;
  }
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function storedLocale(): Locale {
  const stored = readStorage(StorageKey.lang) ?? readStorage(StorageKey.locale);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

export function currentLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : storedLocale();
}

function ensureCatalog(name: string, locale: Locale): Promise<void> {
  const key = `${name}:${locale}`;
  let pending = loaded.get(key);
  if (!pending) {
    const loader = loaders.get(name);
    if (!loader) return Promise.resolve();
    pending = loader(locale).then(
      ({ messages }) => {
        loadMessages(name, locale, messages);
        inCatalogs.add(key);
      },
      (error: unknown) => {
        loaded.delete(key); // a failed chunk may be retried later
        throw error;
      },
    );
    loaded.set(key, pending);
  }
  return pending;
}

/**
 * Registers a package's catalogue and loads it for the active locale. A `quiet` catalogue is one
 * whose texts nothing on screen can show before it is in (the failures': every failure waits for
 * it; a remote's: its page renders once it is in, see ./useCatalog): its load renders nothing
 * again. Each load announced by Lingui re-rendered every component that translates, in one task
 * that is not sliced: the whole page (~100-200 ms on /trade under a phone's CPU), or the page's
 * first render itself, which was meant to be a transition.
 */
export function registerCatalog(
  name: string,
  loader: CatalogLoader,
  options: { quiet?: boolean } = {},
): Promise<void> {
  if (!loaders.has(name)) loaders.set(name, loader);
  if (options.quiet) quietCatalogs.add(name);
  return ensureCatalog(name, currentLocale());
}

/** Whether the catalogue's messages are in (not only asked for) and its locale is the active one. */
export function isCatalogLoaded(name: string, locale: Locale = currentLocale()): boolean {
  return inCatalogs.has(`${name}:${locale}`) && i18n.locale === locale;
}

async function activate(locale: Locale): Promise<void> {
  await Promise.all([...loaders.keys()].map((name) => ensureCatalog(name, locale)));
  i18n.activate(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[locale];
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(LOCALE_EVENT, { detail: locale }));
}

/** Loads every registered catalogue for `locale`, activates it, stores it and tells everyone. */
export async function activateLocale(locale: Locale): Promise<void> {
  await activate(locale);
  writeStorage(StorageKey.lang, locale);
  writeStorage(StorageKey.locale, locale);
}

/**
 * The start-up's: activates the stored language without storing it again, so that a choice
 * made while the catalogues load (in this tab or another) is never overwritten.
 */
export async function activateStoredLocale(): Promise<void> {
  await activate(storedLocale());
}

export { i18n };
