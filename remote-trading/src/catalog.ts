import type { Locale, PackageCatalog } from '@app/shared';

/** This remote's messages (locales/<locale>/remote-trading.po), loaded with its first page. */
export const catalog: PackageCatalog = {
  name: 'remote-trading',
  loader: (locale: Locale) => import(`../../locales/${locale}/remote-trading`),
};
