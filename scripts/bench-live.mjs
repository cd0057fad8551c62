#!/usr/bin/env node
/* global window, document, MutationObserver -- the probes run in the page */
// Live-update benchmark (a measurement, not a test): with every instrument publishing 4 times a
// second, the home list and the chart page under a 4x mobile CPU throttle in Chromium. Prints
// the long tasks (count, max, p95) and how often the page updated. Needs a build.
//
//   node scripts/bench-live.mjs [seconds]      (default 20 s a page)
import { benchURL, chromiumOf, startBenchApp } from './bench-app.mjs';

const seconds = Number(process.argv[2] || 20);
const { chromium, launchOptions } = chromiumOf();
const app = await startBenchApp({ MARKET_PUBLISH_MS: '250' });

const pages = [
  { name: 'home list', path: '/' },
  { name: 'chart page', path: '/kline?hqtab=0&from=quotes' },
];

// Long tasks and DOM updates, recorded from the first byte.
const probe = () => {
  const w = window;
  w.__longTasks = [];
  w.__updates = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__longTasks.push(e.duration);
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

try {
  const browser = await chromium.launch(launchOptions);
  for (const target of pages) {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.addInitScript(probe);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${benchURL}${target.path}`);
    await page.locator('[data-page]').first().waitFor({ state: 'attached', timeout: 60_000 });
    await page.waitForTimeout(5000); // settle: first data, chart chunk
    const t0 = await page.evaluate(() => {
      window.__longTasks = [];
      return performance.now();
    });
    await page.waitForTimeout(seconds * 1000);
    const { tasks, updates, t1 } = await page.evaluate((start) => {
      const ups = window.__updates.filter((t) => t >= start);
      return { tasks: window.__longTasks, updates: ups, t1: performance.now() };
    }, t0);
    // Updates per second, and the longest gap between two updates.
    let gap = 0;
    for (let i = 1; i < updates.length; i += 1) gap = Math.max(gap, updates[i] - updates[i - 1]);
    const span = (t1 - t0) / 1000;
    console.log(
      `${target.name.padEnd(11)} ${span.toFixed(0)} s, CPU 4x: long tasks ${tasks.length}, max ${Math.max(0, ...tasks).toFixed(0)} ms, p95 ${pct(tasks, 95).toFixed(0)} ms; ` +
        `DOM updates ${(updates.length / span).toFixed(1)}/s, longest gap ${gap.toFixed(0)} ms`,
    );
    await context.close();
  }
  await browser.close();
} finally {
  app.stop();
}
