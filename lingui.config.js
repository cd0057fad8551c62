// One Lingui config; one catalogue per package under locales/<locale>/<package>.po.
// `lingui compile --strict` fails the build when any message lacks a translation.
const { formatter } = require('@lingui/format-po');

const packages = ['host', 'shared', 'remote-markets', 'remote-trading', 'remote-wallet', 'remote-otc'];
// The market UI of @app/shared (order book, coin drawer: `@app/shared/OrderBook`, `/CoinDrawer`)
// renders only in market and trade pages: its messages ship in those remotes' catalogues, not in
// the shared one every route loads at start-up.
const MARKET_UI = 'shared/src/market/ui';
const marketUiIn = ['remote-markets', 'remote-trading'];

/** @type {import('@lingui/conf').LinguiConfig} */
// The texts of the API's failures (`apitip.<code>`, shared/src/api/errorMessages.ts) are most of
// the shared catalogue and no first render needs them: a catalogue of their own, loaded after
// start-up and before any failure reaches the screen (shared/src/api/errorCatalog.ts).
const ERROR_MESSAGES = 'shared/src/api/errorMessages.ts';

module.exports = {
  locales: ['en', 'zh', 'hk', 'jp', 'kr', 'de', 'es'],
  sourceLocale: 'en',
  // No line numbers in the catalogues: they would churn on every edit.
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
  compileNamespace: 'ts',
  catalogs: [
    ...packages.map((name) => ({
      path: `<rootDir>/locales/{locale}/${name}`,
      include: [`<rootDir>/${name}/src`, ...(marketUiIn.includes(name) ? [`<rootDir>/${MARKET_UI}`] : [])],
      exclude: [
        '**/*.test.ts',
        '**/*.test.tsx',
        '**/node_modules/**',
        ...(name === 'shared' ? [`<rootDir>/${MARKET_UI}/**`, `<rootDir>/${ERROR_MESSAGES}`] : []),
      ],
    })),
    { path: '<rootDir>/locales/{locale}/errors', include: [`<rootDir>/${ERROR_MESSAGES}`] },
  ],
};
