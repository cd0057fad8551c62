import type { Locale, PackageCatalog } from '@app/shared';

/** This remote's messages (locales/<locale>/remote-markets.po), loaded with its first page. */
export const catalog: PackageCatalog = {
  name: 'remote-markets',
  loader: (locale: Locale) => import(`../../locales/${locale}/remote-markets`),
};
