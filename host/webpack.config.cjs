const { createWebpackConfig } = require('../scripts/webpack.config.cjs');
const { ports } = require('../scripts/ports.cjs');

module.exports = createWebpackConfig({ name: 'host', dir: __dirname, port: ports.host });
