#!/usr/bin/env node
// Lighthouse benchmark (a measurement, not a test): the composed app served as in production
// (built dists, scripts/serve.mjs, the API server), Lighthouse 12.8 with its default mobile
// preset, performance only, RUNS runs per route interleaved; prints the median score, LCP, TBT,
// CLS, FCP and Speed Index per route, then for the median run of each route: the final URL, the LCP element and
// its phases, the main-thread breakdown and the long tasks. Needs a build (`npm run build`) and
// a quiet machine.
//
// Routes behind login (SESSION_ROUTES of bench-routes.mjs, e.g. /trade?mode=1) are measured
// signed in: a fresh account through the real API, the spec's storage keys set before the page's
// own scripts run (as a login leaves them). A session route whose final URL is not the route
// itself (the login page) fails the run.
//
// `--calibrate` adds, in the same interleaved series, the machine's floor: a page of React and
// react-dom alone rendering 40 rows (scripts/calibration/react-floor.mjs, built with webpack in
// production mode into .run/calibration and served beside the app). Lighthouse's simulated 4x
// throttle scales what this host's CPU takes, so on a slow host even that page blocks the main
// thread: the app's figures read against it (and against benchmarkIndex).
//
//   node scripts/bench-lighthouse.mjs [--calibrate] [route ...]   (default: / /quotes /trade?mode=1)
//   env: CHROME_PATH (default /usr/bin/chromium), RUNS (default 3), BENCH_PORT_BASE,
//        KEEP_JSON=<dir> (keep every Lighthouse report there)
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createRequire } from 'node:module';
import { benchPorts, benchURL, startBenchApp } from './bench-app.mjs';
import { root } from './lib.mjs';
import { SESSION_ROUTES, benchSession } from './bench-routes.mjs';

const require = createRequire(import.meta.url);
// Lighthouse's own puppeteer-core (the one it drives a page with).
const lighthouseMain = require.resolve('lighthouse');
const { default: lighthouse } = await import(lighthouseMain);
const puppeteer = createRequire(lighthouseMain)('puppeteer-core');

const args = process.argv.slice(2).filter((a) => a !== '--calibrate');
const calibrate = process.argv.includes('--calibrate');
const routes = args.length ? args : ['/', '/quotes', '/trade?mode=1'];
/** The calibration page's name in the series (not a route of the app). */
const FLOOR = '(react floor)';
const runs = Number(process.env.RUNS || 3);
const keepDir = process.env.KEEP_JSON ? path.resolve(process.env.KEEP_JSON) : null;
if (keepDir) fs.mkdirSync(keepDir, { recursive: true });
const chromeArgs = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

/** One Lighthouse run in a fresh browser (as the CLI does); `session` signs the page in. */
async function lighthouseRun(url, session) {
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: chromeArgs,
    headless: true,
    defaultViewport: null,
  });
  try {
    const page = await browser.newPage();
    if (session) {
      // Lighthouse clears the origin's storage before it loads the page; this runs in every new
      // document before the page's scripts, so the app starts signed in.
      await page.evaluateOnNewDocument(
        (token, account) => {
          localStorage.setItem('token', token);
          localStorage.setItem('accountNum', account);
          localStorage.setItem('user_id', '1');
        },
        session.token,
        session.account,
      );
    }
    const result = await lighthouse(
      url,
      { output: 'json', onlyCategories: ['performance'], logLevel: 'error' },
      undefined,
      page,
    );
    if (!result) throw new Error(`lighthouse ${url}: no result`);
    return { lhr: result.lhr, json: result.report };
  } finally {
    await browser.close();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const ms = (n) => `${Math.round(n)} ms`;

/** What the run's report says about the LCP, the main thread and the long tasks. */
function details(lhr) {
  const items = lhr.audits['largest-contentful-paint-element']?.details?.items ?? [];
  const element = items[0]?.items?.[0]?.node;
  const phases = (items[1]?.items ?? []).map((p) => `${p.phase ?? p.label} ${ms(p.timing)}`);
  const lcpRequest = lhr.audits['lcp-discovery-insight']?.details;
  const mainThread = (lhr.audits['mainthread-work-breakdown']?.details?.items ?? [])
    .slice(0, 5)
    .map((i) => `${i.groupLabel ?? i.group} ${ms(i.duration)}`);
  const longTasks = (lhr.audits['long-tasks']?.details?.items ?? []).map(
    (t) => `${ms(t.duration)} at ${ms(t.startTime)} (${String(t.url).replace(benchURL, '').slice(-50)})`,
  );
  return { element, phases, lcpRequest, mainThread, longTasks };
}

/**
 * Builds the calibration page into .run/calibration and serves it on BENCH_PORT_BASE + 20;
 * returns its URL and a stop function.
 */
async function serveCalibration() {
  const dir = path.join(root, '.run/calibration');
  const webpack = require(require.resolve('webpack', { paths: [path.join(root, 'host')] }));
  const stats = await new Promise((resolve, reject) =>
    webpack({
      mode: 'production',
      entry: path.join(root, 'scripts/calibration/react-floor.mjs'),
      output: { path: dir, filename: 'floor.js', clean: true },
      resolve: { modules: [path.join(root, 'host/node_modules'), 'node_modules'] },
      devtool: false,
    }).run((error, result) => (error ? reject(error) : resolve(result))),
  );
  if (stats.hasErrors()) throw new Error(stats.toString('errors-only'));
  const page =
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><title>React floor</title>' +
    '</head><body><div id="root"></div><script src="/floor.js"></script></body></html>';
  const script = fs.readFileSync(path.join(dir, 'floor.js'));
  const server = http.createServer((request, response) => {
    const js = request.url === '/floor.js';
    response.writeHead(js || request.url === '/' ? 200 : 404, {
      'content-type': js ? 'text/javascript' : 'text/html; charset=utf-8',
    });
    response.end(js ? script : request.url === '/' ? page : '');
  });
  const port = benchPorts.host + 20;
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}/`, stop: () => server.close() };
}

const app = await startBenchApp();
const floorPage = calibrate ? await serveCalibration() : null;
if (floorPage) routes.push(FLOOR);
const session = routes.some((r) => SESSION_ROUTES.has(r))
  ? await benchSession(`http://127.0.0.1:${benchPorts.server}`)
  : null;
const results = Object.fromEntries(routes.map((r) => [r, []]));
try {
  for (let i = 0; i < runs; i += 1) {
    for (const route of routes) {
      const signedIn = SESSION_ROUTES.has(route);
      // A trace Lighthouse could not read (NO_NAVSTART, ...: seen on a busy machine) is asked
      // again, twice at most, rather than ending the series.
      const url = route === FLOOR ? floorPage.url : `${benchURL}${route}`;
      let attempt = await lighthouseRun(url, signedIn ? session : null);
      for (let retry = 0; retry < 2 && attempt.lhr.runtimeError; retry += 1) {
        console.log(`  run ${i + 1} ${route}: ${attempt.lhr.runtimeError.code}, measured again`);
        attempt = await lighthouseRun(url, signedIn ? session : null);
      }
      const { lhr, json } = attempt;
      if (keepDir)
        fs.writeFileSync(
          path.join(keepDir, `run-${i + 1}-${route.replace(/[^a-z0-9]+/gi, '_') || 'home'}.json`),
          json,
        );
      if (lhr.runtimeError) throw new Error(`${route}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
      const finalURL = lhr.finalDisplayedUrl;
      const expected = new URL(url);
      const landed = new URL(finalURL);
      if (signedIn && landed.pathname !== expected.pathname)
        throw new Error(`${route} measured ${finalURL}, not the route: the session did not hold`);
      const run = {
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        fcp: audit('first-contentful-paint'),
        si: audit('speed-index'),
        requests: lhr.audits['network-requests']?.details?.items?.length ?? NaN,
        finalURL,
        lhr,
      };
      results[route].push(run);
      console.log(
        `  run ${i + 1} ${route}${signedIn ? ' (signed in)' : ''}: score ${run.score}, LCP ${(run.lcp / 1000).toFixed(2)} s, TBT ${Math.round(run.tbt)} ms, CLS ${run.cls.toFixed(3)} -> ${finalURL.replace(benchURL, '')}`,
      );
    }
  }
} finally {
  app.stop();
  floorPage?.stop();
}

console.log(`\nLighthouse ${runs > 1 ? `median of ${runs}` : '1 run'} (default mobile preset):`);
// Lighthouse's score of this host's CPU: its 4x throttle is tuned for hosts of about 1000 and up
// (a slower host scores everything slower), so figures of two machines compare only through it.
const benchmarkIndexes = Object.values(results)
  .flat()
  .map((run) => run.lhr.environment?.benchmarkIndex)
  .filter((index) => Number.isFinite(index))
  .sort((a, b) => a - b);
if (benchmarkIndexes.length)
  console.log(
    `  host CPU benchmarkIndex: median ${Math.round(benchmarkIndexes[Math.floor(benchmarkIndexes.length / 2)])} ` +
      `(${Math.round(benchmarkIndexes[0])}-${Math.round(benchmarkIndexes.at(-1))})`,
  );
for (const route of routes) {
  const rs = results[route];
  const m = (key) => median(rs.map((r) => r[key]));
  console.log(
    `  ${route.padEnd(14)} score ${String(m('score')).padStart(3)}  LCP ${(m('lcp') / 1000).toFixed(2)} s  TBT ${String(Math.round(m('tbt'))).padStart(4)} ms  CLS ${m('cls').toFixed(3)}  FCP ${(m('fcp') / 1000).toFixed(2)} s  SI ${(m('si') / 1000).toFixed(2)} s  requests ${m('requests')}`,
  );
}
for (const route of routes) {
  const rs = results[route];
  // The run whose score is the median one: its details explain the median figures.
  const run = rs.find((r) => r.score === median(rs.map((x) => x.score)));
  const d = details(run.lhr);
  console.log(
    `\n${route} (run with the median score ${run.score}), final URL ${run.finalURL.replace(benchURL, '')}`,
  );
  if (d.element) console.log(`  LCP element: ${d.element.snippet?.slice(0, 140)}`);
  if (d.phases.length) console.log(`  LCP phases: ${d.phases.join(', ')}`);
  console.log(`  main thread: ${d.mainThread.join(', ')}`);
  console.log(`  long tasks (${d.longTasks.length}): ${d.longTasks.slice(0, 8).join('; ') || 'none'}`);
}
