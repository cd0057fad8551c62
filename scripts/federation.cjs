// The one Module Federation shared-config factory. Host and remotes all build
// their `shared` map here so singletons and versions can never drift apart.
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const fromShared = (request) => require.resolve(request, { paths: [path.join(root, 'shared')] });
const versionOf = (pkg) => require(fromShared(`${pkg}/package.json`)).version;

// Every MUI module the app imports (deep imports only, see eslint.config.mjs), found in the
// sources of the host, @app/shared and the remotes. The host provides each of them, so a remote
// never runs its own copy of MUI (a second copy ignores the host's theme defaults), and the host
// ships no share entries for components nobody uses.
// MUI modules the host and @app/shared import: loaded by the start-up of every route. The
// separate entries of @app/shared that remotes bundle (`@app/shared/OrderBook`, `@app/shared/CoinDrawer`,
// `@app/shared/ImagePicker`, `@app/shared/DecimalField`) are not start-up.
const NOT_STARTUP = [
  path.join(root, 'shared/src/market/ui'),
  path.join(root, 'shared/src/uploads/ImagePicker.tsx'),
  path.join(root, 'shared/src/ui/DecimalField.tsx'),
];
const SOURCE_EXTENSIONS = ['.tsx', '.ts'];
const HOST_ENTRY = path.join(root, 'host/src/index.ts');
/**
 * The files of `pkgs` that are loaded on demand (`import('./View')`, `lazy(() => import(...))`):
 * the dialogs, toasts, the theme switch, news views, host pages no route opens first... They and
 * the MUI components only they use load with their own chunk, not in the start-up.
 */
function findLazyModulesIn(pkgs) {
  const lazy = new Set();
  for (const pkg of pkgs) {
    const walk = (dir) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        // The host's entry imports its start-up steps with import(): they are the start-up.
        if (entry.isDirectory()) walk(file);
        else if (file === HOST_ENTRY) continue;
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
          for (const m of fs.readFileSync(file, 'utf8').matchAll(/import\('(\.{1,2}\/[^'`]+)'\)/g)) {
            const base = path.resolve(path.dirname(file), m[1]);
            const target = ['', ...SOURCE_EXTENSIONS].map((ext) => base + ext).find((f) => fs.existsSync(f));
            if (target && fs.statSync(target).isFile()) lazy.add(target);
          }
      }
    };
    walk(path.join(root, pkg, 'src'));
  }
  return [...lazy].sort();
}
const lazyModules = findLazyModulesIn(['host', 'shared']);
function findMuiModulesIn(pkgs) {
  const found = new Set();
  for (const pkg of pkgs) {
    const walk = (dir) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (NOT_STARTUP.includes(file) || lazyModules.includes(file)) continue;
        if (entry.isDirectory()) walk(file);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
          for (const m of fs.readFileSync(file, 'utf8').matchAll(/from '@mui\/material\/([A-Za-z]+)'/g))
            found.add(m[1]);
      }
    };
    walk(path.join(root, pkg, 'src'));
  }
  return [...found].sort();
}

function findMuiModules() {
  const found = new Set(['styles', 'utils']);
  const named = { styles: new Map(), utils: new Map() };
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        for (const m of fs.readFileSync(file, 'utf8').matchAll(/from '@mui\/material\/([A-Za-z]+)'/g))
          found.add(m[1]);
        const text = fs.readFileSync(file, 'utf8');
        for (const m of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mui\/material\/(styles|utils)'/g)) {
          for (const spec of m[1].split(',')) {
            const name = spec.trim().split(/\s+as\s+/)[0];
            if (name && !name.startsWith('type ')) named[m[2]].set(name, path.relative(root, file));
          }
        }
      }
    }
  };
  for (const pkg of ['host', 'shared', 'remote-markets', 'remote-trading', 'remote-wallet', 'remote-otc']) {
    const src = path.join(root, pkg, 'src');
    if (fs.existsSync(src)) walk(src);
  }
  return { modules: [...found].sort(), named };
}

const { modules: MUI_MODULES, named: MUI_NAMED } = findMuiModules();

// The host provides '@mui/material/styles' and '/utils' from facades that export only what the
// sources use (a shared module ships whole: the barrels were ~35 KiB gzip on every route). A
// name imported somewhere but missing from its facade would be undefined at run time in a
// remote: fail the build instead.
const MUI_FACADES = {
  styles: path.join(__dirname, 'mui-facades/styles.mjs'),
  utils: path.join(__dirname, 'mui-facades/utils.mjs'),
};
for (const [barrel, facade] of Object.entries(MUI_FACADES)) {
  const exported = new Set([...fs.readFileSync(facade, 'utf8').matchAll(/as (\w+) \}/g)].map((m) => m[1]));
  for (const [name, file] of MUI_NAMED[barrel]) {
    if (!exported.has(name))
      throw new Error(
        `${file} imports ${name} from '@mui/material/${barrel}', which ${path.relative(root, facade)} does not export: add it there`,
      );
  }
}

// The ES build, the one a bundler's `import` resolves to (package.json exports).
const BIGNUMBER_ESM = path.join(path.dirname(fromShared('bignumber.js/package.json')), 'bignumber.mjs');

const APP_SHARED_VERSION = require(path.join(root, 'shared/package.json')).version;

/**
 * `bundled: false` (a remote's production build): the remote takes every shared module from the
 * host and bundles no copy of its own (`import: false`). The host provides them all
 * (loaded-first), so the copies never ran, but each one's registration and chunk list was in the
 * remote's entry, which every route loads before its first render. A remote's dev shell, which
 * runs without the host, keeps them.
 */
function sharedConfig({ isHost, bundled = true }) {
  const own = isHost || bundled ? {} : { import: false };
  const singleton = (pkg, extra = {}) => ({
    singleton: true,
    version: versionOf(pkg),
    requiredVersion: `^${versionOf(pkg)}`,
    ...own,
    ...extra,
  });
  const shared = {
    react: singleton('react'),
    'react/jsx-runtime': singleton('react'),
    'react/jsx-dev-runtime': singleton('react'),
    'react-dom': singleton('react-dom'),
    'react-dom/client': singleton('react-dom'),
    // react-router is not shared by itself: @app/shared re-exports the parts the app uses, so
    // it ships once, tree-shaken, inside the @app/shared singleton (see shared/src/routing/router.ts).
    jotai: singleton('jotai'),
    'jotai/': singleton('jotai'),
    '@lingui/core': singleton('@lingui/core'),
    '@lingui/react': singleton('@lingui/react'),
    '@emotion/react': singleton('@emotion/react'),
    '@emotion/styled': singleton('@emotion/styled'),
    '@mui/material/': singleton('@mui/material'),
    'socket.io-client': singleton('socket.io-client'),
    // No start-up code of the host imports bignumber.js (the display helpers are exact without
    // it): an absolute import makes the host provide it all the same, to the remote pages that
    // compute (`@app/shared/decimal-math`), which bundle no copy of their own.
    'bignumber.js': singleton('bignumber.js', isHost ? { import: BIGNUMBER_ESM } : {}),
    // The data layer: loaded by @app/shared beside a page (shared/src/query), once for all remotes.
    '@tanstack/react-query': singleton('@tanstack/react-query'),
    '@app/shared': {
      singleton: true,
      version: APP_SHARED_VERSION,
      requiredVersion: `^${APP_SHARED_VERSION}`,
      import: own.import ?? path.join(root, 'shared/src/index.ts'),
    },
  };
  if (isHost) {
    for (const m of MUI_MODULES) {
      shared[`@mui/material/${m}`] = singleton('@mui/material', {
        import: MUI_FACADES[m] || fromShared(`@mui/material/${m}`),
      });
    }
  }
  return shared;
}

/**
 * What a remote built with `bundled: false` declares in its manifest: the manifest then lists only
 * the shared modules the remote's exposes consume directly, while the deploy check, the host's
 * skew guard and /about read the versions the remote was built against from the manifest. Every
 * shared module of the config, and each MUI module the remote imports, with its version.
 */
function declaredShared(pkg) {
  const config = sharedConfig({ isHost: false });
  const names = Object.keys(config).filter((name) => !name.endsWith('/'));
  for (const m of findMuiModulesIn([pkg])) names.push(`@mui/material/${m}`);
  return names.map((name) => {
    const c = config[name] ?? config['@mui/material/'];
    return { name, version: c.version, singleton: true, requiredVersion: c.requiredVersion };
  });
}

module.exports = {
  MUI_FACADES,
  sharedConfig,
  declaredShared,
  MUI_MODULES,
  startupMuiModules: findMuiModulesIn(['host', 'shared']),
  lazyModules,
  muiDir: path.dirname(fromShared('@mui/material/package.json')),
};
