#!/usr/bin/env node
// Budget check run by `npm test` after the build. Each route of scripts/budgets.json is opened on
// the built app as the benchmark does (scripts/bench-routes.mjs: the JS files requested before the
// first render); the bytes of those files are then checked by size-limit (gzip -9 against the
// route's `gzipKiB`), and their number against the route's `requests`. A route over either budget
// fails with its name, bytes and files.
//
//   node scripts/check-budgets.mjs        (ports BENCH_PORT_BASE..+10, default 28080)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { root } from './lib.mjs';
import { benchPorts, benchURL, chromiumOf, startBenchApp } from './bench-app.mjs';
import { SESSION_ROUTES, benchSession, kib, measureRoute } from './bench-routes.mjs';

const budgets = JSON.parse(fs.readFileSync(path.join(root, 'scripts/budgets.json'), 'utf8')).routes;
const work = path.join(root, '.run/size-limit');
fs.rmSync(work, { recursive: true, force: true });
fs.mkdirSync(work, { recursive: true });

const { chromium, launchOptions } = chromiumOf();
const app = await startBenchApp();
const failures = [];
/** size-limit's checks: one per route, over the files that route loaded before its first render. */
const checks = [];
try {
  const browser = await chromium.launch(launchOptions);
  try {
    const session = await benchSession(`http://127.0.0.1:${benchPorts.server}`);
    for (const [route, budget] of Object.entries(budgets)) {
      const r = await measureRoute(browser, benchURL, route, SESSION_ROUTES.has(route) ? session : null, {
        keepBodies: true,
      });
      if (r.errors.length) failures.push(`${route}: ${r.errors.join('; ')}`);
      const dir = path.join(work, route.replace(/[^a-z0-9]+/gi, '_') || 'home');
      fs.mkdirSync(dir, { recursive: true });
      const files = r.files.map((f, i) => {
        const file = path.join(
          dir,
          `${String(i).padStart(2, '0')}-${path.basename(new URL(f.url).pathname)}`,
        );
        fs.writeFileSync(file, f.body);
        return file;
      });
      checks.push({ name: route, path: files, gzip: true, limit: `${budget.gzipKiB} KiB` });
      const over = r.requests > budget.requests;
      const line = `${route}: ${r.requests} files before first render (budget ${budget.requests}), ${kib(r.gzip)} gzip`;
      console.log(`  ${over ? 'OVER' : 'ok  '} ${line}`);
      if (over) failures.push(line);
    }
  } finally {
    await browser.close();
  }
} finally {
  app.stop();
}

// The bytes: size-limit (its file plugin, gzip level 9) against each route's limit.
const config = path.join(work, 'size-limit.json');
fs.writeFileSync(config, JSON.stringify(checks, null, 2));
const bin = path.join(root, 'node_modules/.bin/size-limit');
const sized = spawnSync(bin, ['--config', config], { cwd: root, stdio: 'inherit' });
if (sized.status !== 0) failures.push(`size-limit: a route is over its gzip budget (above)`);

if (failures.length) {
  console.error(`\nbudget exceeded:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
