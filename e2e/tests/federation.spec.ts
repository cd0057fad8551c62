// The composed app: every route is served by the right remote at run time, shared
// libraries load once, one socket for the whole app, independent deploys, a remote down.
import { execFileSync } from 'node:child_process';
import { test, expect, registerByApi, loginByApi, useSessionIn, softNavigate } from './fixtures';
import { e2ePorts, remoteOrigin, repoRoot } from '../env';

const routes: { path: string; page: string; auth?: boolean }[] = [
  { path: '/', page: 'markets/HomePage' },
  { path: '/quotes', page: 'markets/QuotesPage' },
  { path: '/kline', page: 'markets/KlinePage' },
  { path: '/notice', page: 'markets/NoticePage' },
  { path: '/news?id=1', page: 'markets/NewsDetailPage' },
  { path: '/imgbn', page: 'markets/ImgbnPage' },
  { path: '/exchange', page: 'trading/ExchangePage', auth: true },
  { path: '/trade?mode=1&way=in', page: 'trading/TradePage', auth: true },
  { path: '/trade?mode=2', page: 'trading/TradePage', auth: true },
  { path: '/trade2', page: 'trading/TradePage', auth: true },
  { path: '/register', page: 'wallet/RegisterPage' },
  { path: '/forget', page: 'wallet/ForgetPage' },
  { path: '/Forget', page: 'wallet/ForgetPage' },
  { path: '/ucenter', page: 'wallet/AccountPage', auth: true },
  { path: '/my', page: 'wallet/AccountPage', auth: true },
  { path: '/assets', page: 'wallet/AssetsPage', auth: true },
  { path: '/zichan', page: 'wallet/AssetsPage', auth: true },
  { path: '/assets2', page: 'wallet/AssetsPage', auth: true },
  { path: '/recharge', page: 'wallet/DepositPage', auth: true },
  { path: '/withdrawal', page: 'wallet/WithdrawalPage', auth: true },
  { path: '/transfer', page: 'wallet/TransferPage', auth: true },
  { path: '/logs?currency=3&type=change', page: 'wallet/FundLogPage', auth: true },
  { path: '/deposit_record', page: 'wallet/DepositRecordPage', auth: true },
  { path: '/withdrawal_record', page: 'wallet/WithdrawalRecordPage', auth: true },
  { path: '/share', page: 'wallet/InvitePage', auth: true },
  { path: '/Recharge', page: 'otc/FiatBuyPage', auth: true },
  { path: '/buy', page: 'otc/FiatBuyPage', auth: true },
  { path: '/Detail?id=1', page: 'otc/FiatOrderDetailPage', auth: true },
  { path: '/detail?id=1', page: 'otc/FiatOrderDetailPage', auth: true },
  { path: '/Uplist', page: 'otc/LaunchListPage', auth: true },
  { path: '/UpStart', page: 'otc/LaunchProjectPage', auth: true },
  { path: '/upstart', page: 'otc/LaunchProjectPage', auth: true },
  { path: '/zhiya', page: 'otc/LockMiningPage', auth: true },
  { path: '/zhiyaOrder', page: 'otc/LockMiningOrdersPage', auth: true },
  { path: '/feedback', page: 'otc/FeedbackPage', auth: true },
  { path: '/help', page: 'otc/HelpPage' },
  { path: '/onlineServer', page: 'otc/OnlineServicePage' },
  { path: '/onlineService', page: 'otc/OnlineServicePage' },
  { path: '/about', page: 'otc/AboutPage' },
];

test('guests are sent to /login from every route that needs login', async ({ page }) => {
  for (const r of routes.filter((x) => x.auth)) {
    await page.goto(r.path);
    await expect(page, r.path).toHaveURL(/\/login$/);
    await expect(page.locator('[data-page="wallet/LoginPage"]')).toBeAttached();
  }
});

test('every route renders the page of the right remote, with its title', async ({ page, request }) => {
  const { email, password } = await registerByApi(request);
  await useSessionIn(page, await loginByApi(request, email, password), email);
  for (const r of routes) {
    await page.goto(r.path);
    await expect(page.locator(`[data-page="${r.page}"]`), r.path).toBeAttached();
    await expect(page.getByRole('heading', { level: 1 }), r.path).not.toBeEmpty();
  }
  // /Recharge (fiat) and /recharge (deposit) are different routes.
  await page.goto('/Recharge');
  await expect(page.locator('[data-page="otc/FiatBuyPage"]')).toBeAttached();
  await page.goto('/recharge');
  await expect(page.locator('[data-page="wallet/DepositPage"]')).toBeAttached();
  await page.goto('/no-such-page');
  await expect(page.getByText('This page does not exist.')).toBeVisible();
});

test('shared libraries load once, from the host, and one socket serves all remotes', async ({
  page,
  request,
}) => {
  const { email, password } = await registerByApi(request);
  await useSessionIn(page, await loginByApi(request, email, password), email);
  const scripts: string[] = [];
  const sockets: string[] = [];
  const remoteScripts = new Map<string, string>();
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  page.on('response', async (r) => {
    if (r.request().resourceType() !== 'script' || new URL(r.url()).port === String(e2ePorts.host)) return;
    remoteScripts.set(r.url(), await r.text().catch(() => ''));
  });
  page.on('websocket', (ws) => sockets.push(ws.url()));
  // Pages of all four remotes, navigated inside the app (no reloads).
  await page.goto('/');
  await expect(page.locator('[data-page="markets/HomePage"]')).toBeAttached();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Trade' }).click();
  await expect(page.locator('[data-page="trading/TradePage"]')).toBeAttached();
  await nav.getByRole('button', { name: 'Mining' }).click();
  await expect(page.locator('[data-page="otc/LockMiningPage"]')).toBeAttached();
  await nav.getByRole('button', { name: 'Mine' }).click();
  await expect(page.locator('[data-page="wallet/AccountPage"]')).toBeAttached();
  await nav.getByRole('button', { name: 'Home' }).click();
  await expect(page.locator('[data-page="markets/HomePage"]')).toBeAttached();

  // The federation runtime's share registry: every singleton has one version, provided by the
  // host, and the remotes that use it use the host's instance.
  const registry = await page.evaluate(() => {
    type Entry = { from: string; loaded?: boolean; lib?: unknown; useIn?: string[] };
    const fed = (
      globalThis as unknown as {
        __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, Entry>>>> };
      }
    ).__FEDERATION__;
    const out: Record<string, { version: string; from: string; loaded: boolean; useIn: string[] }[]> = {};
    for (const scopes of Object.values(fed.__SHARE__))
      for (const packages of Object.values(scopes))
        for (const [name, versions] of Object.entries(packages))
          out[name] = Object.entries(versions).map(([version, e]) => ({
            version,
            from: e.from,
            loaded: Boolean(e.loaded || e.lib),
            useIn: e.useIn ?? [],
          }));
    return out;
  });
  const singletons = [
    'react',
    'react-dom',
    'react/jsx-runtime',
    'jotai',
    '@lingui/core',
    '@lingui/react',
    '@emotion/react',
    '@mui/material/styles',
    '@mui/material/Box',
    'socket.io-client',
    '@app/shared',
  ];
  for (const name of singletons) {
    const versions = registry[name] ?? [];
    expect(versions.length, `${name} registered once`).toBe(1);
    expect(versions[0]?.from, `${name} provided by`).toBe('host');
    expect(versions[0]?.loaded, `${name} loaded`).toBe(true);
  }
  const users = new Set(singletons.flatMap((n) => registry[n]?.[0]?.useIn ?? []));
  for (const remote of ['markets', 'trading', 'wallet', 'otc']) expect([...users], remote).toContain(remote);
  // And on the wire: no remote origin served library code (React, MUI, emotion, socket.io).
  const signatures = [
    'react.dev/errors',
    'mui.com/production-error',
    '__EMOTION_TYPE_PLEASE_DO_NOT_USE__',
    'engine.io',
  ];
  for (const [url, body] of remoteScripts) {
    for (const signature of signatures)
      expect(body.includes(signature), `${url} contains ${signature}`).toBe(false);
  }
  // Every remote was really used.
  for (const name of ['markets', 'trading', 'wallet', 'otc'] as const) {
    expect(
      scripts.some((u) => u.startsWith(remoteOrigin(name))),
      name,
    ).toBe(true);
  }
  expect(sockets.length, sockets.join('\n')).toBe(1);
  expect(sockets[0]).toContain(`127.0.0.1:${e2ePorts.host}/socket.io/`);
});

test('a remote that is down fails alone and recovers with retry, without a reload', async ({ page }) => {
  const otc = remoteOrigin('otc');
  await page.route(`${otc}/**`, (route) => route.abort('connectionrefused'));
  await page.goto('/about');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('unavailable');
  // Other remotes keep working, inside the same page.
  await softNavigate(page, '/');
  await expect(page.locator('[data-page="markets/HomePage"]')).toBeAttached();
  await softNavigate(page, '/help');
  await expect(page.getByRole('alert')).toContainText('unavailable');
  // The remote comes back: retry renders the page; no navigation happened.
  await page.unroute(`${otc}/**`);
  const marker = await page.evaluate(
    () => ((window as unknown as { __marker: number }).__marker = Math.random()),
  );
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.locator('[data-page="otc/HelpPage"]')).toBeAttached();
  expect(await page.evaluate(() => (window as unknown as { __marker: number }).__marker)).toBe(marker);
});

test('transient failures of a remote (manifest, then script) are retried by the runtime before any error shows', async ({
  page,
}) => {
  const otc = remoteOrigin('otc');
  const failed: string[] = [];
  const failOnce = (kind: string) => async (route: import('@playwright/test').Route) => {
    if (failed.includes(kind)) return route.continue();
    failed.push(kind);
    return route.abort('connectionrefused');
  };
  await page.route(`${otc}/**/mf-manifest.json*`, failOnce('manifest'));
  await page.route(`${otc}/**/*.js`, failOnce('script'));
  await page.goto('/help');
  await expect(page.locator('[data-page="otc/HelpPage"]')).toBeAttached();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(failed).toEqual(['manifest', 'script']);
});

test('a remote redeployed with a change shows up in the running host, which is neither rebuilt nor restarted', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/about');
  const build = page.getByTestId('otc-build');
  await expect(build).toContainText(/build \S+/);
  const before = await build.innerText();
  const buildId = `e2e-${Date.now().toString(36)}`;
  execFileSync('pnpm', ['--filter', 'remote-otc', 'build'], {
    cwd: repoRoot,
    env: { ...process.env, BUILD_ID: buildId },
    stdio: 'ignore',
  });
  await page.reload();
  await expect(page.getByTestId('otc-build')).toContainText(buildId);
  expect(before).not.toContain(buildId);
});
