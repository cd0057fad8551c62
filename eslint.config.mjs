import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
