// One webpack factory for the host and the four remotes.
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const TerserPlugin = require('terser-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const {
  sharedConfig,
  declaredShared,
  muiDir,
  startupMuiModules,
  lazyModules,
  MUI_FACADES,
} = require('./federation.cjs');
const { ports } = require('./ports.cjs');

const root = path.resolve(__dirname, '..');

// react-router's package exports only its development build to bundlers (no "production"
// condition): its dev-only checks and warnings were ~14 KiB gzip of the start-up. The production
// build of the same version, for the two entries react-router-dom imports.
const reactRouterDir = path.dirname(
  require.resolve('react-router/package.json', {
    paths: [
      path.dirname(require.resolve('react-router-dom/package.json', { paths: [path.join(root, 'shared')] })),
    ],
  }),
);
const REACT_ROUTER_PRODUCTION = {
  'react-router$': path.join(reactRouterDir, 'dist/production/index.mjs'),
  'react-router/dom$': path.join(reactRouterDir, 'dist/production/dom-export.mjs'),
};

// The codes, message shape and troubleshooting links of @module-federation/error-codes without
// the description of each code (scripts/federation-error-codes.mjs).
const FEDERATION_ERROR_CODES = {
  '@module-federation/error-codes$': path.join(__dirname, 'federation-error-codes.mjs'),
  '@module-federation/error-codes/browser$': path.join(__dirname, 'federation-error-codes.mjs'),
};

// provideExternalRuntime adds this runtime plugin by its CommonJS entry, which pulls the CommonJS
// build of the runtime core beside the ES build the bundler runtime uses (two copies, +23 KiB
// gzip in main.js). Its ES entry shares the one ES copy.
const injectRuntimePlugin = require.resolve('@module-federation/inject-external-runtime-core-plugin', {
  paths: [path.dirname(require.resolve('@module-federation/enhanced/webpack'))],
});

// Styling core every MUI component needs (with react-transition-group and transitions/: every
// ButtonBase's ripple uses them, so in the overlay chunk they made every route load the modal and
// popper code), and the overlay machinery (modal, popper) only dialogs, menus and toasts need: one chunk each, so no shared component chunk
// carries its own copy and the start-up route does not load the overlays.
const MUI_CORE =
  /[\\/]node_modules[\\/]\.pnpm[\\/](@mui\+(system|utils|styled-engine|private-theming)|@emotion\+|@babel\+runtime|clsx|prop-types|react-is|stylis|hoist-non-react-statics|react-transition-group)|[\\/]@mui[\\/]material[\\/](styles|utils|zero-styled|DefaultPropsProvider|SvgIcon|Paper|Typography|ButtonBase|useMediaQuery|colors|transitions)[\\/]/;
// ...but not @mui/system's Stack: only Stack uses it, and no start-up module of the host does, so
// it goes with Stack's own chunk (as core it was ~0.8 KiB gzip of every route's start-up, because
// the host provides Stack to the remotes).
const MUI_SYSTEM_STACK = /[\\/]@mui[\\/]system[\\/]Stack[\\/]/;
const isMuiCore = (name) => MUI_CORE.test(name) && !MUI_SYSTEM_STACK.test(name);
// With them the dialogs and toasts the shell opens on demand (and the transitions and icons they
// use, and the spinner of the remotes' overlays and of a loading button): in one chunk, not seven requests on /trade. Lists (news, the language dialog, wallet and
// otc pages) in one chunk of their own.
const MUI_OVERLAY =
  /[\\/]node_modules[\\/]\.pnpm[\\/]@popperjs|[\\/]@mui[\\/]material[\\/](Modal|Backdrop|Fade|Grow|Portal|Unstable_TrapFocus|Popper|Popover|ClickAwayListener|Dialog|DialogTitle|DialogContent|DialogContentText|DialogActions|Snackbar|SnackbarContent|Alert|CircularProgress|internal[\\/]svg-icons)[\\/]|[\\/]@mui[\\/]material[\\/]internal[\\/](Transition|animate)\.mjs$/;
const MUI_LISTS =
  /[\\/]@mui[\\/]material[\\/](ListItem|ListItemButton|ListItemText|ListItemIcon|ListItemAvatar|Divider)[\\/](?!\w+Classes\.mjs$)/;

// The host's start-up in one chunk: every shared module the first render evaluates (React,
// react-dom, jotai, Lingui, @app/shared with the router, the MUI styling core,
// the MUI components the host and @app/shared import with the ones those import) and the host's
// own app code; not what they load on demand (federation.cjs, lazyModules: dialogs, toasts, news
// views, host pages), which keeps its own chunk with the MUI components only it uses. As one chunk per shared module they were ~30 requests before the first render.
// (A chunk may hold both a shared module and its consumers only when both are in one cache
// group: a `chunks` filter that split them across two chunks deadlocked the start-up.)
const STARTUP_MUI = [...startupMuiModules, 'ButtonGroup', 'useLazyRipple', 'GlobalStyles'];
const STARTUP = new RegExp(
  [
    String.raw`[\\/]node_modules[\\/]\.pnpm[\\/](react|react-dom|scheduler|jotai|@lingui\+(core|react)|@messageformat\+[^\\/]+|react-router|cookie|set-cookie-parser|@module-federation\+(enhanced|runtime|retry-plugin))@`,
    String.raw`[\\/]shared[\\/]src[\\/]`,
    String.raw`[\\/]host[\\/]src[\\/]`,
    String.raw`[\\/]scripts[\\/]mui-facades[\\/]`,
    String.raw`[\\/]@mui[\\/]material[\\/](${STARTUP_MUI.join('|')})[\\/]`,
  ].join('|'),
);
// MUI components only remote pages use, in two chunks instead of one per component and helper
// (a logged-in /trade loaded ~14 of them): the text-input core (/quotes's search field and every
// form; OutlinedInput imports Select's class names) and the form and trading controls (text
// fields with select, autocomplete, tabs, slider, chips, toggle buttons, drawers). Components
// of fewer pages (stepper, radio, card...) keep a chunk each.
const MUI_INPUTS =
  /[\\/]@mui[\\/]material[\\/](InputBase[\\/]|OutlinedInput[\\/]|InputAdornment[\\/]|TextareaAutosize[\\/]|FormControl[\\/]|Select[\\/]selectClasses)/;
const MUI_FORMS =
  /[\\/]@mui[\\/]material[\\/](TextField|Select|NativeSelect|FilledInput|Input|InputLabel|FormLabel|FormHelperText|Menu|MenuList|List|MenuItem|Autocomplete|useAutocomplete|ListSubheader|Chip|Tabs|Tab|TabScrollButton|Slider|ToggleButton|ToggleButtonGroup|Drawer|Slide)[\\/]|[\\/]@mui[\\/]material[\\/](Divider|ListItemIcon|ListItemText)[\\/]\w+Classes\.mjs$/;
// The roving tab index of tabs, menus, toggle buttons and steppers (~2 KiB gzip): with the form
// and trading controls that use it, not in the styling core every remote page loads.
const MUI_ROVING =
  /[\\/]@mui[\\/](utils[\\/]useRovingTabIndex[\\/]|material[\\/]utils[\\/]useRovingTabIndex\.mjs$)/;
const nameOf = (module) => module.nameForCondition() || '';

// Button's and IconButton's loading spinner, loaded on first use (host/src/mui/LazyCircularProgress.ts).
const MUI_BUTTONS = /[\\/]@mui[\\/]material[\\/](Button|IconButton)$/;
const LAZY_CIRCULAR_PROGRESS = path.join(root, 'host/src/mui/LazyCircularProgress.ts');
// ButtonBase's ripple, loaded with its first mount (host/src/mui/LazyTouchRipple.ts).
const BUTTON_BASE = /[\\/]@mui[\\/]material[\\/]ButtonBase$/;
const LAZY_TOUCH_RIPPLE = path.join(root, 'host/src/mui/LazyTouchRipple.ts');
const TOUCH_RIPPLE = /[\\/]@mui[\\/]material[\\/]ButtonBase[\\/](TouchRipple|Ripple)\.mjs$/;

// MUI's createTheme and default theme without the CSS-variables machinery (scripts/mui-facades).
const MUI_THEME_REQUEST = /(createTheme|defaultTheme)\.mjs$/;
const MUI_THEME_FACADES = new Map(
  ['createTheme', 'defaultTheme'].map((name) => [
    path.join(muiDir, `styles/${name}.mjs`),
    path.join(__dirname, `mui-facades/${name}.mjs`),
  ]),
);

const QUERY_LAYER = /[\\/]shared[\\/]src[\\/]query[\\/](loaded|client)\.ts$/;
// Loaded on demand and not needed to render a route: the HTTP client's ky instance (with the
// first call, beside ky) and the dev shell (a remote run alone, never in the app).
const NOT_AT_START = /[\\/]shared[\\/]src[\\/](api[\\/]http\.ts|app[\\/]devShell\.tsx)$/;
const LAZY = new Set(lazyModules);
const LOCALE = /[\\/]locales[\\/]([a-z]+)[\\/](host|shared)\.ts$/;
const inStartupItself = (module) => {
  const name = module.nameForCondition() || '';
  // The maps of the lazy catalogue imports (`locales/${locale}/host`) were two chunks of their own.
  if (module.constructor.name === 'ContextModule') return /[\\/]locales[\\/]?$/.test(module.context || '');
  // The data layer's chunk (TanStack Query and the QueryClient) loads beside a page, not at start.
  if (QUERY_LAYER.test(name)) return false;
  if (NOT_AT_START.test(name)) return false;
  // What host and @app/shared load on demand (dialogs, toasts, news views, host pages) keeps
  // its own chunk: it loads when shown, not before the first render of every route.
  if (LAZY.has(name)) return false;
  return STARTUP.test(name);
};
// The MUI styling core (MUI_CORE) is start-up only where a start-up module imports it, directly
// or through other core modules: the parts only on-demand components use (the roving tab index
// of tabs and menus, the CSS-variables theme of ThemeProviderWithVars...) were ~10 KiB gzip of
// every route's start-up. A shared module's consumer (ConsumeSharedModule) stands for its importers.
const startupCore = new WeakMap();
function isStartupCore(module, moduleGraph) {
  if (startupCore.has(module)) return startupCore.get(module);
  const seen = new Set([module]);
  const queue = [module];
  let found = false;
  while (queue.length && !found) {
    for (const connection of moduleGraph.getIncomingConnections(queue.shift())) {
      const origin = connection.originModule;
      if (!origin || seen.has(origin)) continue;
      // What a start-up module loads with import() is not start-up (the lazy ripple).
      if (connection.dependency?.type === 'import()') continue;
      seen.add(origin);
      const name = origin.nameForCondition() || '';
      if (origin.constructor.name === 'ConsumeSharedModule' || isMuiCore(name)) queue.push(origin);
      // A core module the host provides to the remotes (Paper, Typography, ButtonBase...): any
      // remote page may need it at its first render, like the host's own start-up.
      else if (origin.constructor.name === 'ProvideSharedModule' || inStartupItself(origin)) {
        found = true;
        break;
      }
    }
  }
  startupCore.set(module, found);
  return found;
}
const inStartup = (module, { moduleGraph }) =>
  inStartupItself(module) ||
  (isMuiCore(module.nameForCondition() || '') && isStartupCore(module, moduleGraph));

// The floor build (no federation) has no shared-module boundary: @app/shared's modules that only
// remote pages import (the order book, the coin drawer...) and the MUI they use would match the
// start-up test. There, a module is start-up only if the host reaches it without passing through
// a remote's code or a module loaded on demand.
const REMOTE_CODE = /[\\/]remote-[a-z]+[\\/]src[\\/]/;
const HOST_CODE = /[\\/]host[\\/]src[\\/]/;
const hostReached = new WeakMap();
function isReachedFromHost(module, moduleGraph) {
  if (hostReached.has(module)) return hostReached.get(module);
  const seen = new Set([module]);
  const queue = [module];
  let found = false;
  while (queue.length && !found) {
    const current = queue.shift();
    if (HOST_CODE.test(current.nameForCondition() || '')) found = true;
    else
      for (const connection of moduleGraph.getIncomingConnections(current)) {
        const origin = connection.originModule;
        if (!origin || seen.has(origin)) continue;
        const name = origin.nameForCondition() || '';
        if (REMOTE_CODE.test(name) || LAZY.has(name)) continue;
        seen.add(origin);
        queue.push(origin);
      }
  }
  hostReached.set(module, found);
  return found;
}
const inFloorStartup = (module, { moduleGraph }) =>
  (inStartupItself(module) || isMuiCore(module.nameForCondition() || '')) &&
  isReachedFromHost(module, moduleGraph);

// <link rel=preload> in index.html for the host's start-up chunk: the browser fetches it with
// main.js instead of after main.js has run the federation runtime (same bytes, earlier render).
class PreloadStartup {
  apply(compiler) {
    compiler.hooks.compilation.tap('PreloadStartup', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PreloadStartup', (data) => {
        const publicPath = compilation.outputOptions.publicPath;
        for (const chunk of compilation.chunks) {
          if (chunk.name !== 'startup') continue;
          for (const file of chunk.files) {
            if (!file.endsWith('.js')) continue;
            data.headTags.push({
              tagName: 'link',
              voidTag: true,
              attributes: { rel: 'preload', as: 'script', href: `${publicPath}${file}` },
            });
          }
        }
        return data;
      });
    });
  }
}

// The federation-free "floor" build of the host (scripts/bench-floor.mjs): the host's remote
// loading is swapped for plain dynamic imports of the remotes' pages (host/src/app/remotes.floor.ts).
const HOST_REMOTES = path.join(root, 'host/src/app/remotes.ts');
const FLOOR_REMOTES = path.join(root, 'host/src/app/remotes.floor.ts');

/**
 * `floorDir` (host only, measurement): build the host without Module Federation into that folder,
 * every remote page bundled as a lazy chunk of its own (scripts/bench-floor.mjs).
 * @param {{ name: string, dir: string, port: number, exposes?: Record<string,string>, floorDir?: string }} app
 */
function createWebpackConfig(app) {
  const isHost = app.name === 'host';
  const floor = isHost && Boolean(app.floorDir);
  return (_env, argv) => {
    const mode = argv.mode || 'production';
    const dev = mode === 'development';
    // Babel picks the JSX runtime (dev or prod) from NODE_ENV: keep it in step with webpack's mode.
    process.env.NODE_ENV = mode;
    const pkg = require(path.join(app.dir, 'package.json'));
    const entry = isHost ? { main: './src/index.ts' } : dev ? { main: './src/dev-shell.tsx' } : {};
    const apiTarget = `http://127.0.0.1:${ports.server}`;
    // One build time and id for the code (DefinePlugin) and the manifest (read by /about).
    const buildTime = new Date().toISOString();
    const buildId = process.env.BUILD_ID || `${pkg.version}-${Date.now().toString(36)}`;
    return {
      mode,
      context: app.dir,
      entry,
      devtool: dev ? 'eval-cheap-module-source-map' : 'source-map',
      output: {
        path: floor ? app.floorDir : path.join(app.dir, 'dist'),
        publicPath: isHost ? '/' : 'auto',
        // A remote's chunks register in a global named after uniqueName. Two releases of one remote
        // in the same page (a new release switched in while the app runs, scripts/deploy.mjs) must
        // not share it, or the new runtime would take the old release's chunks of the same id.
        uniqueName: isHost || dev ? app.name : `${app.name}_${buildId}`,
        // The MF runtime chunk rejects [contenthash] in filename; use it in chunkFilename only.
        filename: '[name].js',
        chunkFilename: '[name].[contenthash:8].js',
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js'],
        alias: {
          [injectRuntimePlugin]: injectRuntimePlugin.replace(/\.cjs$/, '.js'),
          // Files inside @mui/material by a request the '@mui/material/' share does not match
          // (the host's facades for the styles and utils barrels, scripts/mui-facades).
          'mui-internals': muiDir,
          // The federation runtime's error codes without their English descriptions.
          ...(dev ? {} : FEDERATION_ERROR_CODES),
          ...(dev ? {} : REACT_ROUTER_PRODUCTION),
          // Federated, the host gives every remote these facades of MUI's barrels (federation.cjs).
          ...(floor
            ? { '@mui/material/styles$': MUI_FACADES.styles, '@mui/material/utils$': MUI_FACADES.utils }
            : {}),
        },
      },
      module: {
        rules: [
          ...(dev
            ? []
            : [
                {
                  test: /[\\/]react-router[\\/]dist[\\/]production[\\/][\w-]+\.mjs$/,
                  use: path.join(__dirname, 'react-router-pure-loader.cjs'),
                },
              ]),
          {
            test: /\.[cm]?tsx?$/,
            exclude: /node_modules/,
            use: { loader: 'babel-loader', options: { rootMode: 'upward', cacheDirectory: true } },
          },
        ],
      },
      plugins: [
        new webpack.NormalModuleReplacementPlugin(/^\.\.\/CircularProgress\/index\.mjs$/, (resource) => {
          if (MUI_BUTTONS.test(resource.context)) resource.request = LAZY_CIRCULAR_PROGRESS;
        }),
        new webpack.NormalModuleReplacementPlugin(/^\.\/TouchRipple\.mjs$/, (resource) => {
          if (BUTTON_BASE.test(resource.context)) resource.request = LAZY_TOUCH_RIPPLE;
        }),
        new webpack.NormalModuleReplacementPlugin(MUI_THEME_REQUEST, (resource) => {
          const facade = MUI_THEME_FACADES.get(path.resolve(resource.context, resource.request));
          if (facade) resource.request = facade;
        }),
        new webpack.DefinePlugin({
          __APP_NAME__: JSON.stringify(app.name),
          __APP_VERSION__: JSON.stringify(pkg.version),
          __BUILD_TIME__: JSON.stringify(buildTime),
          __BUILD_ID__: JSON.stringify(buildId),
        }),
        ...(floor
          ? [
              new webpack.NormalModuleReplacementPlugin(/^\.\/remotes$/, (resource) => {
                if (path.resolve(resource.context, 'remotes.ts') === HOST_REMOTES)
                  resource.request = FLOOR_REMOTES;
              }),
            ]
          : []),
        ...(floor
          ? []
          : [
              new ModuleFederationPlugin({
                name: app.name,
                ...(isHost ? { remotes: {} } : { filename: 'remoteEntry.js', exposes: app.exposes }),
                manifest: {
                  additionalData: ({ stats }) => {
                    Object.assign(stats.metaData.buildInfo, { buildTime, buildId });
                    // A remote without its own copies (sharedConfig's `bundled: false`) still lists
                    // every shared version it was built against (federation.cjs, declaredShared).
                    if (!isHost && !dev) {
                      const listed = new Set(stats.shared.map((s) => s.name));
                      for (const s of declaredShared(path.basename(app.dir)))
                        if (!listed.has(s.name))
                          stats.shared.push({
                            id: `${app.name}:${s.name}`,
                            ...s,
                            assets: { js: { async: [], sync: [] }, css: { async: [], sync: [] } },
                            fallback: '',
                          });
                    }
                    return stats;
                  },
                },
                dts: false,
                shareStrategy: 'loaded-first',
                shared: sharedConfig({ isHost, bundled: dev }),
                experiments: {
                  asyncStartup: true,
                  // One copy of the federation runtime core: the host provides it to the remotes
                  // (global _FEDERATION_RUNTIME_CORE), so a remote entry no longer carries its own
                  // (~11 KiB gzip less per remote entry on every route). Production only: a remote's
                  // dev shell has no host to provide it.
                  ...(dev ? {} : isHost ? { provideExternalRuntime: true } : { externalRuntime: true }),
                  // Remotes load no other remote: their runtime needs neither remote loading nor the
                  // manifest snapshot code (~15 KiB gzip less per remote entry).
                  optimization: isHost
                    ? { target: 'web' }
                    : { target: 'web', disableRemote: true, disableSnapshot: true },
                },
              }),
            ]),
        ...(isHost || dev
          ? [
              new HtmlWebpackPlugin({
                template: path.join(root, 'scripts/index.html'),
                title: isHost ? 'Trade' : `${app.name} (dev shell)`,
                inject: 'body',
                scriptLoading: 'defer',
                // One page for every route (as a CDN serves one index.html), with the static
                // first frames of /, /quotes and /trade and the inline script that picks the
                // route's one in the user's language and theme (scripts/first-frame.cjs).
                firstFrame: isHost && !dev ? require('./first-frame.cjs').templateOptions() : false,
                // The plugin's production defaults plus its style and inline script minified: the
                // page is the first request of every route (the CSP hash is read from the built file).
                minify: dev
                  ? false
                  : {
                      collapseWhitespace: true,
                      keepClosingSlash: true,
                      removeComments: true,
                      removeRedundantAttributes: true,
                      removeScriptTypeAttributes: true,
                      removeStyleLinkTypeAttributes: true,
                      useShortDoctype: true,
                      minifyCSS: true,
                      minifyJS: true,
                    },
              }),
              ...(isHost && !dev ? [new PreloadStartup()] : []),
            ]
          : []),
      ],
      optimization: {
        // Short ids: named ids of pnpm paths made the runtime's chunk maps the largest part of main.js.
        chunkIds: dev ? 'named' : 'deterministic',
        splitChunks: {
          cacheGroups: {
            ...(isHost
              ? {
                  // The host's and @app/shared's catalogues of one locale: one request, not two.
                  locale: {
                    test: LOCALE,
                    chunks: 'async',
                    name: (module) => `locale-${LOCALE.exec(module.nameForCondition() || '')?.[1]}`,
                    enforce: true,
                    priority: 30,
                  },
                  muiInputs: {
                    test: MUI_INPUTS,
                    chunks: 'async',
                    name: 'mui-inputs',
                    enforce: true,
                    priority: 15,
                  },
                  muiForms: {
                    test: (module) => MUI_FORMS.test(nameOf(module)) || MUI_ROVING.test(nameOf(module)),
                    chunks: 'async',
                    name: 'mui-forms',
                    enforce: true,
                    priority: 5,
                  },
                  startup: {
                    test: floor ? inFloorStartup : inStartup,
                    chunks: 'async',
                    name: 'startup',
                    enforce: true,
                    priority: 20,
                  },
                }
              : {}),
            // Every shared MUI component chunk would otherwise carry its own copy of the styling
            // core (emotion, @mui/system, utils, transitions, Paper, Typography...): one chunk of it.
            muiCore: {
              test: (module) => isMuiCore(nameOf(module)) && !(isHost && MUI_ROVING.test(nameOf(module))),
              chunks: 'async',
              name: 'mui-core',
              enforce: true,
              priority: 10,
            },
            // The ripple's own chunk, loaded on the first press of a button.
            muiRipple: {
              test: (module) => TOUCH_RIPPLE.test(nameOf(module)),
              chunks: 'async',
              name: 'mui-ripple',
              enforce: true,
              priority: 25,
            },
            muiLists: { test: MUI_LISTS, chunks: 'async', name: 'mui-lists', enforce: true, priority: 10 },
            muiOverlay: {
              test: MUI_OVERLAY,
              chunks: 'async',
              name: 'mui-overlay',
              enforce: true,
              priority: 10,
            },
          },
        },
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
