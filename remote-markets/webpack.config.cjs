const { createWebpackConfig } = require('../scripts/webpack.config.cjs');
const { ports } = require('../scripts/ports.cjs');

module.exports = createWebpackConfig({
  name: 'markets',
  dir: __dirname,
  port: ports.markets,
  exposes: {
    './HomePage': './src/pages/HomePage.tsx',
    './QuotesPage': './src/pages/QuotesPage.tsx',
    './KlinePage': './src/pages/KlinePage.tsx',
    './NoticePage': './src/pages/NoticePage.tsx',
    './NewsDetailPage': './src/pages/NewsDetailPage.tsx',
    './ImgbnPage': './src/pages/ImgbnPage.tsx',
  },
});
