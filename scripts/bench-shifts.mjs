#!/usr/bin/env node
/* global window -- the probes run in the page */
// Layout shifts while data arrives (a measurement, not a test): opens each route of the built app
// signed in (a fresh funded account), 390x844, with every API answer held back DELAY_MS (a slow
// network: the page shows its skeletons first), and prints the route's summed layout shift over
// 4.5 s (as CLS counts it) with the elements that moved most. Finds skeletons whose shape is not
// that of what replaces them. e2e/tests/stability.spec.ts keeps the ones fixed.
//
//   node scripts/bench-shifts.mjs [route ...]   (default: the routes below)
//   env: DELAY_MS (default 1200), BENCH_PORT_BASE
import { benchPorts, benchURL, chromiumOf, startBenchApp } from './bench-app.mjs';
import { benchSession, mobilePage } from './bench-routes.mjs';

const DEFAULT_ROUTES = [
  '/',
  '/quotes',
  '/kline',
  '/notice',
  '/trade?mode=1',
  '/trade?mode=2',
  '/exchange',
  '/register',
  '/ucenter',
  '/zichan',
  '/recharge',
  '/withdrawal',
  '/transfer',
  '/logs',
  '/share',
  '/buy',
  '/Uplist',
  '/zhiya',
  '/zhiyaOrder',
  '/feedback',
  '/help',
  '/onlineService',
  '/about',
];
const routes = process.argv.slice(2).length ? process.argv.slice(2) : DEFAULT_ROUTES;
const delay = Number(process.env.DELAY_MS || 1200);

const { chromium, launchOptions } = chromiumOf();
const app = await startBenchApp({});
try {
  const browser = await chromium.launch(launchOptions);
  const session = await benchSession(`http://127.0.0.1:${benchPorts.server}`, {
    fund: ['change', 'lever', 'legal', 'micro'],
  });
  for (const route of routes) {
    const { context, page } = await mobilePage(browser, session);
    await page.addInitScript(() => {
      window.shifts = [];
      const describe = (node) =>
        `<${node?.nodeName?.toLowerCase()}> "${(node?.innerText ?? '').replace(/\s+/g, ' ').slice(0, 30)}"`;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          window.shifts.push({
            at: Math.round(entry.startTime),
            value: entry.value,
            moved: entry.sources
              .slice(0, 3)
              .map(
                (s) =>
                  `${describe(s.node)} y ${Math.round(s.previousRect.y)}->${Math.round(s.currentRect.y)}` +
                  ` h ${Math.round(s.previousRect.height)}->${Math.round(s.currentRect.height)}`,
              ),
          });
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.route(/\/api\//, async (r) => {
      await new Promise((resolve) => setTimeout(resolve, delay));
      await r.continue().catch(() => undefined);
    });
    await page.goto(benchURL + route);
    await page.waitForTimeout(4500);
    const shifts = await page.evaluate(() => window.shifts);
    const total = shifts.reduce((sum, s) => sum + s.value, 0);
    console.log(`${route.padEnd(16)} layout shift ${total.toFixed(4)}  (${new URL(page.url()).pathname})`);
    for (const s of shifts.filter((x) => x.value > 0.002))
      console.log(`    ${s.at} ms ${s.value.toFixed(4)}: ${s.moved.join(' | ')}`);
    await context.close();
  }
  await browser.close();
} finally {
  app.stop();
}
