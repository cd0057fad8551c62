#!/usr/bin/env node
/* global window, document, MutationObserver -- probes run in the page */
// Trade-page benchmark (issue 5 item 14; a measurement, not a test): the trade page (leverage and
// seconds modes) and the spot page with the order book updating 10 times a second, under a 4x
// mobile CPU throttle in Chromium. The market engine publishes at most 4 times a second
// (MARKET_PUBLISH_MS >= 250), so a loop also pins BTC/USDT to a new price (each pin prints on
// the tape and reaches market_depth at once) until the book updates about 10 times a second. Prints the long tasks (count, max, p95)
// and the order book's updates per second, and the long tasks of the loading (from navigation to
// the end of the settle time). Needs a build (host and all remotes).
//
//   node scripts/bench-trade.mjs [seconds] [--trace] [--page=leverage|seconds|spot]
//   (default 20 s a page; BENCH_PORT_BASE=28180). --trace attributes every long task (see
//   bench-trace.mjs).
process.env.BENCH_PORT_BASE ??= '28180';
const { benchPorts, benchURL, chromiumOf, startBenchApp } = await import('./bench-app.mjs');
const { TRACE_CATEGORIES, printAttribution } = await import('./bench-trace.mjs');
const { benchSession, mobilePage } = await import('./bench-routes.mjs');

const args = process.argv.slice(2);
const trace = args.includes('--trace');
const only = args.find((a) => a.startsWith('--page='))?.slice('--page='.length);

const seconds = Number(args.find((a) => /^\d+$/.test(a)) || 20);
// The engine publishes depth 4 times a second (MARKET_PUBLISH_MS 250) and every pin publishes at
// once: 6 pins a second bring the book to about 10 updates a second (the rate is measured below).
const RATE_HZ = Number(process.env.PIN_HZ || 6);
const server = `http://127.0.0.1:${benchPorts.server}`;
const { chromium, launchOptions } = chromiumOf();
const app = await startBenchApp({ MARKET_PUBLISH_MS: '250' });

async function call(method, path, body, token) {
  const headers = { 'Content-Type': 'application/json', lang: 'en' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const r = await fetch(`${server}${path}`, {
    method,
    headers,
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = await r.json();
  if (answer.type !== 'ok') throw new Error(`${path}: ${JSON.stringify(answer)}`);
  return answer.message;
}

// The first page has no book and no subscription: its long tasks are the machine's noise (this
// machine is shared), the yardstick for the others.
const pages = [
  { name: 'baseline /download', key: 'baseline', path: '/download', idle: true },
  { name: 'trade, leverage', key: 'leverage', path: '/trade?mode=1' },
  { name: 'trade, seconds', key: 'seconds', path: '/trade?mode=2' },
  { name: 'spot /exchange', key: 'spot', path: '/exchange' },
].filter((p) => !only || p.key === only);

const probe = () => {
  const w = window;
  w.__longTasks = [];
  w.__bookUpdates = [];
  w.__layoutShift = 0;
  // Layout shifts not caused by input, summed (an upper bound of CLS's largest session window).
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) w.__layoutShift += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  let watched = null;
  const attach = () => {
    const book = document.querySelector('[data-testid="order-book"]');
    if (!book || book === watched) return;
    watched = book;
    new MutationObserver(() => w.__bookUpdates.push(performance.now())).observe(book, {
      subtree: true,
      characterData: true,
      childList: true,
    });
  };
  const start = () => new MutationObserver(attach).observe(document.body, { childList: true, subtree: true });
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start);
};

const pct = (values, p) => {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

// Pins BTC/USDT around 65000 RATE_HZ times a second (a random walk of whole cents).
let pinning = false;
async function pinLoop() {
  let price = 6_500_000;
  while (pinning) {
    const t = Date.now();
    price += Math.round((Math.random() - 0.5) * 2000);
    await call('POST', '/dev/market/price', { symbol: 'BTC/USDT', price: (price / 100).toFixed(2) }).catch(
      () => undefined,
    );
    await new Promise((r) => setTimeout(r, Math.max(0, 1000 / RATE_HZ - (Date.now() - t))));
  }
}

try {
  // A funded account through the real API (dev outbox code, dev credit).
  const { account: email, token } = await benchSession(server, { fund: ['change', 'lever', 'micro'] });
  const browser = await chromium.launch(launchOptions);
  for (const target of pages) {
    const { context, page } = await mobilePage(browser, { token, account: email });
    await page.addInitScript(probe);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    if (trace) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    await page.goto(`${benchURL}${target.path}`);
    if (target.idle) await page.waitForLoadState('load');
    else await page.locator('[data-testid="order-book"]').waitFor({ state: 'attached', timeout: 60_000 });
    pinning = true;
    const loop = pinLoop();
    await page.waitForTimeout(4000); // settle
    const t0 = await page.evaluate(() => performance.now());
    await page.waitForTimeout(seconds * 1000);
    const { loading, shift, tasks, updates, t1 } = await page.evaluate(
      (start) => ({
        shift: window.__layoutShift,
        loading: window.__longTasks.filter((t) => t.start < start).map((t) => t.duration),
        tasks: window.__longTasks.filter((t) => t.start >= start).map((t) => t.duration),
        updates: window.__bookUpdates.filter((x) => x >= start),
        t1: performance.now(),
      }),
      t0,
    );
    pinning = false;
    await loop;
    // Mutations within one frame count once (a level change touches several nodes).
    const frames = new Set(updates.map((x) => Math.floor(x / 16))).size;
    const span = (t1 - t0) / 1000;
    console.log(
      `${target.name.padEnd(18)} ${span.toFixed(0)} s, CPU 4x: long tasks ${tasks.length}, max ${Math.max(0, ...tasks).toFixed(0)} ms, p95 ${pct(tasks, 95).toFixed(0)} ms; ` +
        `order book updates ${(frames / span).toFixed(1)}/s\n` +
        `${''.padEnd(18)} loading ${(t0 / 1000).toFixed(0)} s (navigation to the end of the settle time): ` +
        `long tasks ${loading.length}, max ${Math.max(0, ...loading).toFixed(0)} ms, ` +
        `${loading.filter((d) => d > 100).length} over 100 ms; layout shift of the whole session ${shift.toFixed(3)}`,
    );
    // Long tasks of the settle time are attributed too (they come first).
    if (trace) printAttribution(await browser.stopTracing());
    await context.close();
  }
  await browser.close();
} finally {
  pinning = false;
  app.stop();
}
