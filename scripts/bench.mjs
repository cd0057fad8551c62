#!/usr/bin/env node
// Bundle benchmark (a measurement, not a test): for each route, the JS it loads before its
// first render (gzip -9 and brotli, and the number of files), against the budgets of
// scripts/budgets.json, and each remote's entry size. Needs a build (`npm run build`); starts
// its own static servers and API server on ports BENCH_PORT_BASE..+10 (default 28080).
//
//   node scripts/bench.mjs [route ...]   (default: / /quotes /trade?mode=1 /exchange /kline)
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { root } from './lib.mjs';
import { benchPorts, benchURL, chromiumOf, startBenchApp } from './bench-app.mjs';
import { ROUTES, SESSION_ROUTES, benchSession, gzipSize, kib, measureRoute } from './bench-routes.mjs';

const require = createRequire(import.meta.url);
const { remoteDirs } = require('./ports.cjs');
const budgets = JSON.parse(fs.readFileSync(path.join(root, 'scripts/budgets.json'), 'utf8')).routes;
const { chromium, launchOptions } = chromiumOf();
const routes = process.argv.slice(2).length ? process.argv.slice(2) : ROUTES;
const app = await startBenchApp();

try {
  const browser = await chromium.launch(launchOptions);
  const results = [];
  const session = routes.some((r) => SESSION_ROUTES.has(r))
    ? await benchSession(`http://127.0.0.1:${benchPorts.server}`)
    : null;
  for (const route of routes) {
    const r = await measureRoute(browser, benchURL, route, SESSION_ROUTES.has(route) ? session : null);
    results.push(r);
    console.log(
      `\nRoute ${route}${SESSION_ROUTES.has(route) ? ' (logged in)' : ''}: JS loaded before first render (${r.requests} files)`,
    );
    for (const f of r.files) {
      const u = new URL(f.url);
      console.log(`  ${kib(f.gzip).padStart(10)}  ${`${u.port} ${u.pathname.slice(1)}`.slice(0, 90)}`);
    }
    console.log(
      `  total: ${kib(r.raw)} raw, ${kib(r.gzip)} gzip -9, ${kib(r.brotli)} brotli; first render ${r.renderMs} ms after navigation start (unthrottled, loopback)`,
    );
    for (const e of r.errors) console.log(`  ! ${e}`);
  }
  await browser.close();

  console.log('\nSummary (JS before first render, gzip -9; budget from scripts/budgets.json):');
  for (const r of results) {
    const b = budgets[r.route];
    const verdict = b
      ? r.gzip <= b.gzipKiB * 1024 && r.requests <= b.requests
        ? `within ${b.gzipKiB} KiB / ${b.requests}`
        : `OVER ${b.gzipKiB} KiB / ${b.requests}`
      : 'no budget';
    console.log(
      `  ${r.route.padEnd(14)} ${kib(r.gzip).padStart(10)} gzip ${kib(r.brotli).padStart(10)} br ${String(r.requests).padStart(3)} files  ${verdict}`,
    );
  }

  console.log('\nRemote entries (remoteEntry.js / mf-manifest.json, gzip -9):');
  for (const dir of Object.values(remoteDirs)) {
    const dist = path.join(root, dir, 'dist');
    const entry = fs.readFileSync(path.join(dist, 'remoteEntry.js'));
    const manifest = fs.readFileSync(path.join(dist, 'mf-manifest.json'));
    console.log(
      `  ${dir.padEnd(16)} remoteEntry.js ${kib(entry.length)} raw, ${kib(gzipSize(entry))} gzip; manifest ${kib(gzipSize(manifest))} gzip`,
    );
  }
} finally {
  app.stop();
}
