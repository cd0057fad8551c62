#!/usr/bin/env node
/* global window, document, MutationObserver -- the probes run in the page */
// Bundle benchmark (a measurement, not a test): the JS the home route loads before its
// first render, gzip -9 and brotli, and each remote's entry size. Needs a build
// (`npm run build`); starts its own static servers and API server on ports 28080-28090.
//
//   node scripts/bench.mjs [route]        (default route: /)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { root } from './lib.mjs';
import { benchPorts as ports, chromiumOf, startBenchApp } from './bench-app.mjs';

const require = createRequire(import.meta.url);
const { remoteDirs } = require('./ports.cjs');
const { chromium, launchOptions } = chromiumOf();
const route = process.argv[2] || '/';
const app = await startBenchApp();

const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
const gzip = (buf) => zlib.gzipSync(buf, { level: 9 }).length;
const brotli = (buf) =>
  zlib.brotliCompressSync(buf, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

try {
  const browser = await chromium.launch(launchOptions);
  const page = await browser.newPage({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
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
    const entry = { url: response.url(), beforeRender: false, body: null };
    scripts.push(entry);
    try {
      entry.body = await response.body();
    } catch {
      entry.body = Buffer.alloc(0);
    }
  });
  await page.goto(`http://127.0.0.1:${ports.host}${route}`);
  await page.locator('[data-page]').first().waitFor({ state: 'attached', timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  const { renderedAt, requested } = await page.evaluate(() => ({
    renderedAt: window.__renderedAt,
    requested: performance.getEntriesByType('resource').map((e) => ({ url: e.name, start: e.startTime })),
  }));
  const renderMs = Math.round(renderedAt);
  for (const s of scripts) {
    const timing = requested.find((r) => r.url === s.url);
    s.beforeRender = timing !== undefined && timing.start < renderedAt;
  }
  await browser.close();

  const before = scripts.filter((s) => s.beforeRender && s.body);
  let raw = 0,
    gz = 0,
    br = 0;
  const rows = before.map((s) => {
    const g = gzip(s.body);
    raw += s.body.length;
    gz += g;
    br += brotli(s.body);
    const u = new URL(s.url);
    return { file: `${u.port} ${u.pathname.slice(1)}`.slice(0, 90), gzip: g };
  });
  rows.sort((a, b) => b.gzip - a.gzip);
  console.log(`\nRoute ${route}: JS loaded before first render (${before.length} files)`);
  for (const r of rows) console.log(`  ${kib(r.gzip).padStart(10)}  ${r.file}`);
  console.log(
    `  total: ${kib(raw)} raw, ${kib(gz)} gzip -9, ${kib(br)} brotli; first render ${renderMs} ms after navigation start (unthrottled, loopback)`,
  );
  console.log(`  budget: 200 KiB gzip -> ${gz <= 200 * 1024 ? 'within' : 'OVER'}`);

  console.log('\nRemote entries (remoteEntry.js / mf-manifest.json, gzip -9):');
  for (const dir of Object.values(remoteDirs)) {
    const dist = path.join(root, dir, 'dist');
    const entry = fs.readFileSync(path.join(dist, 'remoteEntry.js'));
    const manifest = fs.readFileSync(path.join(dist, 'mf-manifest.json'));
    console.log(
      `  ${dir.padEnd(16)} remoteEntry.js ${kib(entry.length)} raw, ${kib(gzip(entry))} gzip; manifest ${kib(gzip(manifest))} gzip`,
    );
  }
} finally {
  app.stop();
}
