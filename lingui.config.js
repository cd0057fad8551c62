// One Lingui config; one catalogue per package under locales/<locale>/<package>.po.
// `lingui compile --strict` fails the build when any message lacks a translation.
const { formatter } = require('@lingui/format-po');

const packages = ['host', 'shared', 'remote-markets', 'remote-trading', 'remote-wallet', 'remote-otc'];

/** @type {import('@lingui/conf').LinguiConfig} */
module.exports = {
  locales: ['en', 'zh', 'hk', 'jp', 'kr', 'de', 'es'],
  sourceLocale: 'en',
  // No line numbers in the catalogues: they would churn on every edit.
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
  compileNamespace: 'ts',
  catalogs: packages.map((name) => ({
    path: `<rootDir>/locales/{locale}/${name}`,
    include: [`<rootDir>/${name}/src`],
    exclude: ['**/*.test.ts', '**/*.test.tsx', '**/node_modules/**'],
  })),
};
