const { createWebpackConfig } = require('../scripts/webpack.config.cjs');
const { ports } = require('../scripts/ports.cjs');

module.exports = createWebpackConfig({
  name: 'otc',
  dir: __dirname,
  port: ports.otc,
  exposes: {
    './FiatBuyPage': './src/pages/FiatBuyPage.tsx',
    './FiatOrderDetailPage': './src/pages/FiatOrderDetailPage.tsx',
    './LaunchListPage': './src/pages/LaunchListPage.tsx',
    './LaunchProjectPage': './src/pages/LaunchProjectPage.tsx',
    './LockMiningPage': './src/pages/LockMiningPage.tsx',
    './LockMiningOrdersPage': './src/pages/LockMiningOrdersPage.tsx',
    './FeedbackPage': './src/pages/FeedbackPage.tsx',
    './HelpPage': './src/pages/HelpPage.tsx',
    './OnlineServicePage': './src/pages/OnlineServicePage.tsx',
    './AboutPage': './src/pages/AboutPage.tsx',
  },
});
