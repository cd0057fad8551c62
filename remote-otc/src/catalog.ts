import type { Locale, PackageCatalog } from '@app/shared';

/** This remote's messages (locales/<locale>/remote-otc.po), loaded with its first page. */
export const catalog: PackageCatalog = {
  name: 'remote-otc',
  loader: (locale: Locale) => import(`../../locales/${locale}/remote-otc`),
};
