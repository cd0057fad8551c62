#!/usr/bin/env node
// Budget check run by `npm test` after the build: each route of scripts/budgets.json, measured
// on the built app as the benchmark does (JS requested before the first render, gzip -9, and the
// number of files), must stay within its budget. Fails naming the route, its bytes and files.
//
//   node scripts/check-budgets.mjs        (ports BENCH_PORT_BASE..+10, default 28080)
import fs from 'node:fs';
import path from 'node:path';
import { root } from './lib.mjs';
import { benchPorts, benchURL, chromiumOf, startBenchApp } from './bench-app.mjs';
import { SESSION_ROUTES, benchSession, kib, measureRoute } from './bench-routes.mjs';

const budgets = JSON.parse(fs.readFileSync(path.join(root, 'scripts/budgets.json'), 'utf8')).routes;
const { chromium, launchOptions } = chromiumOf();
const app = await startBenchApp();
const failures = [];
try {
  const browser = await chromium.launch(launchOptions);
  try {
    const session = await benchSession(`http://127.0.0.1:${benchPorts.server}`);
    for (const [route, budget] of Object.entries(budgets)) {
      const r = await measureRoute(browser, benchURL, route, SESSION_ROUTES.has(route) ? session : null);
      if (r.errors.length) failures.push(`${route}: ${r.errors.join('; ')}`);
      const over = r.gzip > budget.gzipKiB * 1024 || r.requests > budget.requests;
      const line = `${route}: ${kib(r.gzip)} gzip in ${r.requests} files (budget ${budget.gzipKiB} KiB in ${budget.requests})`;
      console.log(`  ${over ? 'OVER' : 'ok  '} ${line}`);
      if (over) failures.push(line);
    }
  } finally {
    await browser.close();
  }
} finally {
  app.stop();
}
if (failures.length) {
  console.error(`\nbudget exceeded:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
