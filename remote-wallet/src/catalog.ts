import type { Locale, PackageCatalog } from '@app/shared';

/** This remote's messages (locales/<locale>/remote-wallet.po), loaded with its first page. */
export const catalog: PackageCatalog = {
  name: 'remote-wallet',
  loader: (locale: Locale) => import(`../../locales/${locale}/remote-wallet`),
};
