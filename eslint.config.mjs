import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import fs from 'node:fs';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

// The client's apps: the host and the four remotes (each one federated bundle).
const apps = ['host', ...fs.readdirSync('.').filter((d) => d.startsWith('remote-'))].sort();
const featuresOf = (app) =>
  fs.existsSync(`${app}/src/features`)
    ? fs
        .readdirSync(`${app}/src/features`, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];

// Import boundaries of the client (import-x/no-restricted-paths):
// - no app imports another (a remote reaches the others only through @app/shared), and
//   @app/shared imports no app;
// - inside an app, a feature folder imports another feature only through its public entry
//   (`features/<name>/index.ts`), never its internals; features never import pages.
const boundaryZones = [
  ...apps.flatMap((app) =>
    apps
      .filter((other) => other !== app)
      .map((other) => ({
        target: `./${app}/src`,
        from: `./${other}`,
        message: 'No app imports another: go through @app/shared.',
      })),
  ),
  ...apps.map((app) => ({
    target: './shared/src',
    from: `./${app}`,
    message: '@app/shared never imports an app.',
  })),
  ...apps.flatMap((app) => [
    ...featuresOf(app).map((feature) => ({
      target: `./${app}/src/features/${feature}`,
      from: `./${app}/src/features`,
      except: [
        `./${feature}`,
        ...featuresOf(app)
          .filter((f) => f !== feature)
          .map((f) => `./${f}/index.ts`),
      ],
      message:
        'Import another feature through its public entry (features/<name>/index.ts), not its internals.',
    })),
    {
      target: `./${app}/src/features`,
      from: `./${app}/src/pages`,
      message: 'Features never import pages.',
    },
  ]),
];

// Import boundaries of the server (import-x/no-restricted-paths), server/src/<folder>:
// - the shared layers (core, db, realtime: the socket hub, cluster: node coordination) import
//   no domain;
// - the kernel (kernel/: ledger, trigger heaps, tape cursor, tick gate) and every domain import
//   only the shared layers, the kernel, context.ts and another domain's public face
//   (`<domain>/index.ts`), never its internals;
// - the composition level (app.ts, main.ts, context.ts, database.ts, app/, testing/ and tests)
//   imports anything; the admin CLI (admin/) and the dev tools (dev/) only the public faces
//   (the CLI also a domain's admin commands, `<domain>/admin.ts`).
const SERVER_SHARED = ['core', 'db', 'realtime', 'cluster'];
const SERVER_COMPOSITION = ['app', 'testing', 'admin', 'dev'];
const serverFolders = fs
  .readdirSync('server/src', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();
const serverDomains = serverFolders.filter(
  (d) => !SERVER_SHARED.includes(d) && !SERVER_COMPOSITION.includes(d) && d !== 'kernel',
);
const faces = (except, extra = []) =>
  serverDomains
    .filter((d) => d !== except)
    .flatMap((d) => [`./${d}/index.ts`, ...extra.map((file) => `./${d}/${file}`)]);
const serverZones = [
  ...SERVER_SHARED.map((layer) => ({
    target: `./server/src/${layer}`,
    from: './server/src',
    except: [
      ...SERVER_SHARED.map((l) => `./${l}`),
      './context.ts',
      // Migration 12 converts the tape to integers of each instrument's precision: it reads the
      // static instrument catalogue and its unit parser (no engine, no state).
      ...(layer === 'db' ? ['./market/instruments.ts', './market/decimal.ts'] : []),
    ],
    message: 'A shared layer (core, db, realtime, cluster) imports no domain.',
  })),
  ...['kernel', ...serverDomains].map((domain) => ({
    target: `./server/src/${domain}`,
    from: './server/src',
    except: [
      ...new Set([
        `./${domain}`,
        ...SERVER_SHARED.map((l) => `./${l}`),
        './kernel',
        './context.ts',
        ...faces(domain),
      ]),
    ],
    message:
      'A domain imports another domain only through its public face (<domain>/index.ts): move what is shared into kernel/ or core/, or export it there.',
  })),
  ...['admin', 'dev'].map((tool) => ({
    target: `./server/src/${tool}`,
    from: './server/src',
    except: [
      `./${tool}`,
      ...SERVER_SHARED.map((l) => `./${l}`),
      './kernel',
      './context.ts',
      './database.ts',
      ...faces(undefined, tool === 'admin' ? ['admin.ts'] : []),
    ],
    message:
      'The admin CLI and the dev tools use the domains through their public faces (index.ts, admin.ts).',
  })),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'locales/**',
      // Run-time state of npm start: releases of the remotes, the database, logs.
      '.run/**',
      'server/data/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-globals': [
        'error',
        { name: 'parseFloat', message: 'Money is decimal: use bignumber.js.' },
      ],
    },
  },
  {
    // A remote never imports another remote; features never import pages.
    files: ['remote-*/src/**/*.{ts,tsx}', 'host/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router-dom',
              message: "Import routing from '@app/shared' (one router, tree-shaken).",
            },
            { name: 'react-router', message: "Import routing from '@app/shared' (one router, tree-shaken)." },
            {
              name: '@mui/material',
              message: "Use deep imports ('@mui/material/Button'): the barrel defeats sharing.",
            },
            {
              name: '@tanstack/react-query',
              message:
                "Use the data layer's hooks from '@app/shared' (useQuery, useMutation...): the library loads beside a page, not at start.",
            },
          ],
          patterns: [
            {
              group: ['remote-*', '../../remote-*', '**/remote-*/**'],
              message: 'No remote imports another remote: go through @app/shared.',
            },
          ],
        },
      ],
    },
  },
  {
    // react-router's navigate(...) may return a promise that every call site would drop: the
    // client navigates with @app/shared's useNavigate (shared/src/routing/navigate.ts), which
    // returns nothing and handles it. (The apps import no react-router at all, above.)
    files: ['shared/src/**/*.{ts,tsx}'],
    ignores: ['shared/src/routing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        ...['react-router', 'react-router-dom'].map((name) => ({
          name,
          importNames: ['useNavigate'],
          message:
            "Use useNavigate from '../routing/router' (its function returns void, no floating promise).",
        })),
      ],
    },
  },
  {
    // The client's import graph: no cycles, and the boundaries above.
    files: ['host/src/**/*.{ts,tsx}', 'shared/src/**/*.{ts,tsx}', 'remote-*/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Dependencies are parsed as TypeScript (else no-cycle sees no .ts file and finds nothing).
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      // A lazy view (`lazy(() => import('./XView'))`) may import its loader's skeleton and types:
      // that cycle passes through a dynamic import, which runs after both modules are evaluated.
      // Every static cycle fails.
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }],
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
    },
  },
  {
    // The server's import graph: no cycles (type-only imports aside), and the boundaries above
    // for production code (tests build whole servers: they are composition level).
    files: ['server/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.json'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: serverZones }],
    },
  },
  {
    // The order paths (every order runs them): no object spread followed by more properties
    // (`{ ...base, amount }`). Node 20's V8 builds each such literal on a slow runtime path
    // (1-3 µs an object, measured); build it in one literal (kernel's `ledgerEntryOf`).
    files: ['server/src/{kernel,spot,lever,seconds}/**/*.ts'],
    ignores: ['server/src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ObjectExpression > SpreadElement ~ Property',
          message:
            'A spread followed by more properties is slow on Node 20 (order path): write the literal out, or use ledgerEntryOf.',
        },
      ],
    },
  },
  {
    // A promise nobody awaits or catches can reject unhandled and stop the process: the server's
    // code is linted with its types for that (a separate block: type information costs time).
    files: ['server/src/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // The same for the client: an unhandled rejection there is a failure nobody sees (a lost
    // navigation, a silent save); @app/shared's useNavigate returns void for that reason. Its
    // tests too: an unawaited `user.click(...)` runs on after the assertions that needed it
    // (they pass or fail by timing) and its failure lands in another test.
    files: ['host/src/**/*.{ts,tsx}', 'shared/src/**/*.{ts,tsx}', 'remote-*/src/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  {
    files: ['server/src/**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
  {
    // Playwright fixtures call `use`, which is not React's hook.
    files: ['e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    files: ['**/*.{cjs,mjs,js}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
