#!/usr/bin/env node
// Lighthouse benchmark (a measurement, not a test): the composed app served as in production
// (built dists, scripts/serve.mjs, the API server), Lighthouse 12.8 with its default mobile
// preset, performance only, RUNS runs per route interleaved; prints the median score, LCP, TBT
// and CLS per route. Needs a build (`npm run build`) and a quiet machine.
//
//   node scripts/bench-lighthouse.mjs [route ...]   (default: / /quotes /trade?mode=1)
//   env: CHROME_PATH (default /usr/bin/chromium), RUNS (default 3), BENCH_PORT_BASE
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { root } from './lib.mjs';
import { benchURL, startBenchApp } from './bench-app.mjs';

const routes = process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/quotes', '/trade?mode=1'];
const runs = Number(process.env.RUNS || 3);
const chromeFlags =
  '--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run --disable-sync';
const bin = path.join(root, 'node_modules/.bin/lighthouse');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lighthouse-'));

function lighthouse(url, out) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      bin,
      [
        url,
        '--only-categories=performance',
        '--output=json',
        `--output-path=${out}`,
        `--chrome-flags=${chromeFlags}`,
        '--quiet',
      ],
      {
        env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH || '/usr/bin/chromium' },
        stdio: 'inherit',
      },
    );
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`lighthouse ${url} exited ${code}`)),
    );
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const app = await startBenchApp();
const results = Object.fromEntries(routes.map((r) => [r, []]));
try {
  for (let i = 0; i < runs; i += 1) {
    for (const route of routes) {
      const out = path.join(tmp, `run-${i}-${routes.indexOf(route)}.json`);
      await lighthouse(`${benchURL}${route}`, out);
      const lhr = JSON.parse(fs.readFileSync(out, 'utf8'));
      const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
      const run = {
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        fcp: audit('first-contentful-paint'),
        requests: lhr.audits['network-requests']?.details?.items?.length ?? NaN,
        lcpElement:
          lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet,
      };
      results[route].push(run);
      console.log(
        `  run ${i + 1} ${route}: score ${run.score}, LCP ${(run.lcp / 1000).toFixed(2)} s, TBT ${Math.round(run.tbt)} ms, CLS ${run.cls.toFixed(3)}`,
      );
    }
  }
} finally {
  app.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
}

console.log(`\nLighthouse ${runs > 1 ? `median of ${runs}` : '1 run'} (default mobile preset):`);
for (const route of routes) {
  const rs = results[route];
  const m = (key) => median(rs.map((r) => r[key]));
  console.log(
    `  ${route.padEnd(14)} score ${String(m('score')).padStart(3)}  LCP ${(m('lcp') / 1000).toFixed(2)} s  TBT ${String(Math.round(m('tbt'))).padStart(4)} ms  CLS ${m('cls').toFixed(3)}  FCP ${(m('fcp') / 1000).toFixed(2)} s  requests ${m('requests')}`,
  );
  const element = rs.find((r) => r.lcpElement)?.lcpElement;
  if (element) console.log(`  ${''.padEnd(14)} LCP element: ${element.slice(0, 100)}`);
}
