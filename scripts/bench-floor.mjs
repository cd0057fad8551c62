#!/usr/bin/env node
// Federation's cost (a measurement, not a test): the JS each route loads before its first render
// in the composed app (host + remotes, Module Federation) against the same code built without
// federation (the "floor": the host's own webpack config, the remotes' pages bundled as lazy
// chunks of the host, no federation runtime, no remote entries, no manifests;
// host/src/app/remotes.floor.ts). Prints both, and federation's share over the floor, which
// issue 14 caps at 20%. Needs a build of the composed app (`node scripts/build.mjs`); builds the
// floor itself into .run/floor/host (about a minute).
//
//   node scripts/bench-floor.mjs [route ...]   (default: / /quotes /trade?mode=1 /exchange /kline)
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { root } from './lib.mjs';
import { benchPorts, benchURL, chromiumOf, portBusy, startBenchApp } from './bench-app.mjs';
import { ROUTES, SESSION_ROUTES, benchSession, kib, measureRoute } from './bench-routes.mjs';

const require = createRequire(import.meta.url);
const routes = process.argv.slice(2).length ? process.argv.slice(2) : ROUTES;
const floorDir = path.join(root, '.run/floor/host');

async function buildFloor() {
  const webpack = require(require.resolve('webpack', { paths: [path.join(root, 'host')] }));
  const { createWebpackConfig } = require('./webpack.config.cjs');
  const { ports } = require('./ports.cjs');
  const config = createWebpackConfig({
    name: 'host',
    dir: path.join(root, 'host'),
    port: ports.host,
    floorDir,
  })({}, { mode: 'production' });
  const started = Date.now();
  await new Promise((resolve, reject) =>
    webpack(config, (error, stats) => {
      if (error) return reject(error);
      if (stats.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
      resolve();
    }),
  );
  console.log(`floor build: ${floorDir} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

async function measureAll(hostDist) {
  const { chromium, launchOptions } = chromiumOf();
  const app = await startBenchApp({}, { hostDist });
  try {
    const browser = await chromium.launch(launchOptions);
    const session = routes.some((r) => SESSION_ROUTES.has(r))
      ? await benchSession(`http://127.0.0.1:${benchPorts.server}`)
      : null;
    const results = new Map();
    for (const route of routes)
      results.set(
        route,
        await measureRoute(browser, benchURL, route, SESSION_ROUTES.has(route) ? session : null),
      );
    await browser.close();
    return results;
  } finally {
    app.stop();
    // The next measurement starts the same ports again: wait until these servers are gone.
    for (const port of Object.values(benchPorts))
      while (await portBusy(port)) await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

if (!fs.existsSync(path.join(root, 'host/dist/index.html'))) {
  console.error('bench-floor: no build of the composed app; run `node scripts/build.mjs` first');
  process.exit(2);
}
await buildFloor();
const federated = await measureAll(undefined);
const floor = await measureAll(floorDir);

console.log(
  '\nJS before first render, gzip -9 (files): composed app with Module Federation against the floor',
);
console.log('  route            federated            floor                federation over the floor');
for (const route of routes) {
  const f = federated.get(route);
  const b = floor.get(route);
  const errors = [...f.errors, ...b.errors];
  const over = ((f.gzip / b.gzip - 1) * 100).toFixed(1);
  console.log(
    `  ${route.padEnd(16)} ${`${kib(f.gzip)} (${f.requests})`.padEnd(20)} ${`${kib(b.gzip)} (${b.requests})`.padEnd(20)} ` +
      `+${kib(f.gzip - b.gzip)}, ${over}%${errors.length ? `  errors: ${errors.join('; ')}` : ''}`,
  );
}
