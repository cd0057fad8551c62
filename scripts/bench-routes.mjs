/* global window, document, MutationObserver -- the probes run in the page */
// What a route loads before its first render: every JS file the page requested before
// [data-page] entered the DOM, with its gzip -9 and brotli size, on a fresh page (empty cache).
// Used by the bundle benchmark (scripts/bench.mjs) and the budget check (scripts/check-budgets.mjs).
import zlib from 'node:zlib';

export const ROUTES = ['/', '/quotes', '/trade?mode=1', '/exchange', '/kline'];
/** Routes behind login: measured with a session (a guest would measure the login page). */
export const SESSION_ROUTES = new Set(['/trade?mode=1', '/exchange']);

/**
 * A fresh account through the real API (register with the dev outbox's code, then log in),
 * with 10,000 USDT credited (dev tool) to each of `fund`'s wallets.
 */
export async function benchSession(serverURL, { fund = [] } = {}) {
  const call = async (method, path, body) => {
    const r = await fetch(`${serverURL}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', lang: 'en' },
      body: body ? JSON.stringify(body) : undefined,
    });
    const answer = await r.json();
    if (answer.type !== 'ok') throw new Error(`${path}: ${JSON.stringify(answer)}`);
    return answer.message;
  };
  const email = `bench.${Date.now().toString(36)}@example.com`;
  const password = 'Passw0rd1';
  await call('POST', '/api/sms_mail', { user_string: email, lang: 'en', type: 'register' });
  const [{ code }] = await call('GET', `/dev/outbox?to=${encodeURIComponent(email)}`);
  await call('POST', '/api/user/register', {
    type: 'email',
    country_code: '1',
    user_string: email,
    code,
    password,
    re_password: password,
  });
  for (const wallet of fund)
    await call('POST', '/dev/credit', { user_string: email, wallet, currency: 'USDT', amount: '10000' });
  return {
    account: email,
    token: await call('POST', '/api/user/login', { user_string: email, password, type: 1 }),
  };
}

/**
 * A fresh page as the benchmarks measure it: a phone's viewport (390x844, touch), and with a
 * `session` ({ token, account }) the spec's storage keys as a login would leave them.
 */
export async function mobilePage(browser, session = null) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  if (session)
    await page.addInitScript(({ token, account }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('accountNum', account);
      localStorage.setItem('user_id', '1');
    }, session);
  return { context, page };
}

export const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
export const gzipSize = (buf) => zlib.gzipSync(buf, { level: 9 }).length;
export const brotliSize = (buf) =>
  zlib.brotliCompressSync(buf, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/**
 * `session` ({ token, account }) opens the route logged in; `keepBodies` keeps each file's bytes
 * (`body`) for the budget check, which hands them to size-limit.
 * @returns {Promise<{ route: string, renderMs: number, requests: number,
 *   files: Array<{ url: string, raw: number, gzip: number, brotli: number, body?: Buffer }>,
 *   raw: number, gzip: number, brotli: number, errors: string[] }>}
 */
export async function measureRoute(browser, origin, route, session = null, { keepBodies = false } = {}) {
  const { context, page } = await mobilePage(browser, session);
  const errors = [];
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  page.on('response', (r) => {
    if (r.status() >= 400 && !r.url().endsWith('/favicon.ico')) errors.push(`HTTP ${r.status()} ${r.url()}`);
  });
  // The moment [data-page] enters the DOM is recorded in the page itself, and a script counts
  // when the page requested it before that moment (Resource Timing): no race with polling.
  await page.addInitScript(() => {
    const w = window;
    const seen = () => {
      if (w.__renderedAt === undefined && document.querySelector('[data-page]'))
        w.__renderedAt = performance.now();
    };
    new MutationObserver(seen).observe(document, { subtree: true, childList: true });
  });
  const scripts = [];
  page.on('response', async (response) => {
    const type = response.headers()['content-type'] || '';
    if (!type.includes('javascript')) return;
    const entry = { url: response.url(), body: null };
    scripts.push(entry);
    try {
      entry.body = await response.body();
    } catch {
      entry.body = Buffer.alloc(0);
    }
  });
  try {
    await page.goto(`${origin}${route}`);
    await page.locator('[data-page]').first().waitFor({ state: 'attached', timeout: 60_000 });
    await page.waitForLoadState('networkidle');
  } catch (error) {
    throw new Error(`${route}: no first render (${error.message.split('\n')[0]}) ${errors.join('; ')}`);
  }
  const { renderedAt, requested } = await page.evaluate(() => ({
    renderedAt: window.__renderedAt,
    requested: performance.getEntriesByType('resource').map((e) => ({ url: e.name, start: e.startTime })),
  }));
  // A route behind login that still shows the login form was not measured logged in.
  const finalPath = new URL(page.url()).pathname;
  if (session && finalPath === '/login') errors.push(`${route} redirected to /login despite the session`);
  await context.close();
  const before = scripts.filter((s) => {
    const timing = requested.find((r) => r.url === s.url);
    return s.body && timing !== undefined && timing.start < renderedAt;
  });
  const files = before
    .map((s) => ({
      url: s.url,
      raw: s.body.length,
      gzip: gzipSize(s.body),
      brotli: brotliSize(s.body),
      ...(keepBodies ? { body: s.body } : {}),
    }))
    .sort((a, b) => b.gzip - a.gzip);
  const sum = (key) => files.reduce((n, f) => n + f[key], 0);
  return {
    route,
    renderMs: Math.round(renderedAt),
    requests: files.length,
    files,
    raw: sum('raw'),
    gzip: sum('gzip'),
    brotli: sum('brotli'),
    errors,
  };
}
