import fs from 'node:fs';
import { defineConfig } from '@playwright/test';
import chromium from '../scripts/chromium.cjs';
import {
  appConfigFile,
  baseURL,
  dbFile,
  e2ePorts,
  releasesDir,
  remotesFile,
  repoRoot,
  runDir,
  serverURL,
} from './env';

// Run-time files must exist before the web servers start (globalSetup runs after them).
// Workers load this file too: only the main process removes the old database, else a worker
// would unlink the one the server has open (and the admin CLI would see an empty database).
fs.mkdirSync(runDir, { recursive: true });
if (!process.env.TEST_WORKER_INDEX) {
  for (const f of [dbFile, `${dbFile}-wal`, `${dbFile}-shm`]) fs.rmSync(f, { force: true });
}

const serve = (app: string, port: number, env: Record<string, string> = {}) => ({
  command: `node scripts/serve.mjs ${app} --port ${port}`,
  cwd: repoRoot,
  url: `http://127.0.0.1:${port}/${app === 'host' ? '' : 'mf-manifest.json'}`,
  reuseExistingServer: false,
  env,
  stdout: 'ignore' as const,
});

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME || 'test-results/results.json' }],
  ],
  use: {
    baseURL,
    browserName: 'chromium',
    // The mobile profile: 390x844, touch, a phone's user agent.
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36',
    locale: 'en-US',
    timezoneId: 'Asia/Shanghai',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromium,
  },
  webServer: [
    {
      command: 'pnpm --filter server start',
      cwd: repoRoot,
      url: `${serverURL}/api/cfg/kefu`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        APP_MODE: 'test',
        PORT: String(e2ePorts.server),
        DB_FILE: dbFile,
        PUBLIC_ORIGIN: baseURL,
        ALLOWED_ORIGINS: [baseURL, `http://localhost:${e2ePorts.host}`].join(','),
      },
      stdout: 'ignore',
    },
    serve('remote-markets', e2ePorts.markets, { RELEASES_DIR: releasesDir }),
    serve('remote-trading', e2ePorts.trading, { RELEASES_DIR: releasesDir }),
    serve('remote-wallet', e2ePorts.wallet, { RELEASES_DIR: releasesDir }),
    serve('remote-otc', e2ePorts.otc, { RELEASES_DIR: releasesDir }),
    serve('host', e2ePorts.host, {
      SERVER_URL: serverURL,
      REMOTES_FILE: remotesFile,
      APP_CONFIG_FILE: appConfigFile,
    }),
  ],
});
