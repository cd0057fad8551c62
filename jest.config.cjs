// Unit tests (jsdom) for the frontends and @app/shared; server tests (node) against real SQLite and HTTP.
const esmOnly = ['@lingui', '@messageformat', 'jotai', 'bignumber\\.js', 'dompurify', 'ky'].join('|');
const transformIgnorePatterns = [`/node_modules/(?!(\\.pnpm/[^/]+/node_modules/)?(${esmOnly})/)`];
module.exports = {
  // A shared 2-CPU machine runs builds beside the tests: the 5 s default is too tight there.
  testTimeout: 30_000,
  projects: [
    {
      displayName: 'web',
      testEnvironment: '<rootDir>/scripts/jest/jsdom-env.cjs',
      roots: [
        '<rootDir>/shared',
        '<rootDir>/host',
        '<rootDir>/remote-markets',
        '<rootDir>/remote-trading',
        '<rootDir>/remote-wallet',
        '<rootDir>/remote-otc',
      ],
      testMatch: ['**/src/**/*.test.ts?(x)'],
      setupFiles: ['<rootDir>/scripts/jest/polyfills.cjs'],
      setupFilesAfterEnv: ['<rootDir>/scripts/jest/setup-dom.ts'],
      transformIgnorePatterns,
      moduleNameMapper: {
        '\\.(css)$': '<rootDir>/scripts/jest/style-stub.cjs',
        // The socket's network edge: the app's socket module runs against a fake connection.
        '^socket\\.io-client$': '<rootDir>/shared/src/testing/socket-io-fake.ts',
      },
      globals: {
        __APP_NAME__: 'test',
        __APP_VERSION__: '0.0.0',
        __BUILD_TIME__: '1970-01-01T00:00:00Z',
        __BUILD_ID__: 'test',
      },
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/server', '<rootDir>/contract', '<rootDir>/scripts/api-report'],
      testMatch: ['**/*.test.ts'],
      transformIgnorePatterns,
    },
  ],
};
