const { createWebpackConfig } = require('../scripts/webpack.config.cjs');
const { ports } = require('../scripts/ports.cjs');

module.exports = createWebpackConfig({
  name: 'trading',
  dir: __dirname,
  port: ports.trading,
  exposes: {
    './ExchangePage': './src/pages/ExchangePage.tsx',
    './TradePage': './src/pages/TradePage.tsx',
  },
});
