// One webpack factory for the host and the four remotes.
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const TerserPlugin = require('terser-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { sharedConfig } = require('./federation.cjs');
const { ports } = require('./ports.cjs');

const root = path.resolve(__dirname, '..');

/**
 * @param {{ name: string, dir: string, port: number, exposes?: Record<string,string> }} app
 */
function createWebpackConfig(app) {
  const isHost = app.name === 'host';
  return (_env, argv) => {
    const mode = argv.mode || 'production';
    const dev = mode === 'development';
    // Babel picks the JSX runtime (dev or prod) from NODE_ENV: keep it in step with webpack's mode.
    process.env.NODE_ENV = mode;
    const pkg = require(path.join(app.dir, 'package.json'));
    const entry = isHost ? { main: './src/index.ts' } : dev ? { main: './src/dev-shell.tsx' } : {};
    const apiTarget = `http://127.0.0.1:${ports.server}`;
    return {
      mode,
      context: app.dir,
      entry,
      devtool: dev ? 'eval-cheap-module-source-map' : 'source-map',
      output: {
        path: path.join(app.dir, 'dist'),
        publicPath: isHost ? '/' : 'auto',
        uniqueName: app.name,
        // The MF runtime chunk rejects [contenthash] in filename; use it in chunkFilename only.
        filename: '[name].js',
        chunkFilename: dev ? '[name].js' : '[name].[contenthash:8].js',
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js'] },
      module: {
        rules: [
          {
            test: /\.[cm]?tsx?$/,
            exclude: /node_modules/,
            use: { loader: 'babel-loader', options: { rootMode: 'upward', cacheDirectory: true } },
          },
        ],
      },
      plugins: [
        new webpack.DefinePlugin({
          __APP_NAME__: JSON.stringify(app.name),
          __APP_VERSION__: JSON.stringify(pkg.version),
          __BUILD_TIME__: JSON.stringify(new Date().toISOString()),
          __BUILD_ID__: JSON.stringify(process.env.BUILD_ID || `${pkg.version}-${Date.now().toString(36)}`),
        }),
        new ModuleFederationPlugin({
          name: app.name,
          ...(isHost ? { remotes: {} } : { filename: 'remoteEntry.js', exposes: app.exposes }),
          manifest: true,
          dts: false,
          shareStrategy: 'loaded-first',
          shared: sharedConfig({ isHost }),
          experiments: {
            asyncStartup: true,
            optimization: { target: 'web' },
            // The host ships the federation runtime once; production remotes use it instead of
            // bundling their own (~25 KiB gzip less per remote entry). Dev shells run alone.
            ...(isHost ? { provideExternalRuntime: true } : dev ? {} : { externalRuntime: true }),
          },
        }),
        ...(isHost || dev
          ? [
              new HtmlWebpackPlugin({
                template: path.join(root, 'scripts/index.html'),
                title: isHost ? 'Trade' : `${app.name} (dev shell)`,
                inject: 'body',
                scriptLoading: 'defer',
              }),
            ]
          : []),
      ],
      optimization: {
        chunkIds: 'named',
        minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, extractComments: false })],
      },
      performance: { hints: false },
      devServer: {
        port: app.port,
        host: '127.0.0.1',
        hot: false,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [{ context: ['/api', '/socket.io', '/dev'], target: apiTarget, ws: true }],
      },
    };
  };
}

module.exports = { createWebpackConfig };
