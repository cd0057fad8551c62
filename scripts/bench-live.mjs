#!/usr/bin/env node
/* global window, document, MutationObserver -- the probes run in the page */
// Live-update benchmark (a measurement, not a test): with every instrument publishing 4 times a
// second, the home list, the quotes list and the chart page under a 4x mobile CPU throttle in Chromium. Prints
// the long tasks (count, max, p95) of the WHOLE page session, from navigation (load, first
// render, first data, chart chunk) to the end of the live period, the same for the live period
// alone, and how often the page updated. Needs a build.
//
//   node scripts/bench-live.mjs [seconds] [--trace] [--page=home|quotes|chart]   (default 20 s a page)
//
// --trace records a Chrome trace of each session and attributes every long task: the scripts
// it evaluated or called into (chunk file and function), timers, animation frames, socket
// messages, style, layout and paint, so a slow task can be traced to its cause.
import { benchURL, chromiumOf, startBenchApp } from './bench-app.mjs';
import { TRACE_CATEGORIES, printAttribution } from './bench-trace.mjs';
import { mobilePage } from './bench-routes.mjs';

const args = process.argv.slice(2);
const trace = args.includes('--trace');
const seconds = Number(args.find((a) => /^\d+$/.test(a)) || 20);
const { chromium, launchOptions } = chromiumOf();
const app = await startBenchApp({ MARKET_PUBLISH_MS: '250' });

const only = args.find((a) => a.startsWith('--page='))?.slice('--page='.length);
const pages = [
  { name: 'home list', key: 'home', path: '/' },
  { name: 'quotes list', key: 'quotes', path: '/quotes' },
  { name: 'chart page', key: 'chart', path: '/kline?hqtab=0&from=quotes' },
].filter((p) => !only || p.key === only);

// Long tasks and DOM updates, recorded from the first byte.
const probe = () => {
  const w = window;
  w.__longTasks = [];
  w.__updates = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  const watch = () =>
    new MutationObserver(() => w.__updates.push(performance.now())).observe(document.body, {
      subtree: true,
      characterData: true,
      childList: true,
    });
  if (document.body) watch();
  else document.addEventListener('DOMContentLoaded', watch);
};

const pct = (values, p) => {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const summary = (tasks) => {
  const d = tasks.map((t) => t.duration);
  return `long tasks ${d.length}, max ${Math.max(0, ...d).toFixed(0)} ms, p95 ${pct(d, 95).toFixed(0)} ms`;
};

try {
  const browser = await chromium.launch(launchOptions);
  for (const target of pages) {
    const { context, page } = await mobilePage(browser);
    await page.addInitScript(probe);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    if (trace) {
      await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    }
    await page.goto(`${benchURL}${target.path}`);
    await page.locator('[data-page]').first().waitFor({ state: 'attached', timeout: 60_000 });
    await page.waitForTimeout(5000); // settle: first data, chart chunk
    const t0 = await page.evaluate(() => performance.now());
    await page.waitForTimeout(seconds * 1000);
    const { tasks, updates, t1 } = await page.evaluate(
      (start) => ({
        tasks: window.__longTasks,
        updates: window.__updates.filter((t) => t >= start),
        t1: performance.now(),
      }),
      t0,
    );
    const live = tasks.filter((t) => t.start >= t0);
    const loading = tasks.filter((t) => t.start < t0);
    // Updates per second, and the longest gap between two updates.
    let gap = 0;
    for (let i = 1; i < updates.length; i += 1) gap = Math.max(gap, updates[i] - updates[i - 1]);
    const span = (t1 - t0) / 1000;
    console.log(
      `${target.name.padEnd(11)} CPU 4x, whole session ${(t1 / 1000).toFixed(0)} s: ${summary(tasks)}\n` +
        `${''.padEnd(11)} loading ${(t0 / 1000).toFixed(0)} s: ${summary(loading)}, ` +
        `${loading.filter((t) => t.duration > 100).length} over 100 ms\n` +
        `${''.padEnd(11)} live period ${span.toFixed(0)} s: ${summary(live)}; ` +
        `DOM updates ${(updates.length / span).toFixed(1)}/s, longest gap ${gap.toFixed(0)} ms`,
    );
    if (trace) {
      printAttribution(await browser.stopTracing());
    }
    await context.close();
  }
  await browser.close();
} finally {
  app.stop();
}
