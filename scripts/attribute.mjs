#!/usr/bin/env node
// Where a built JS file's bytes come from (a measurement aid, not a test): each stretch of the
// minified code is attributed through the file's source map to the source it was generated
// from, grouped by package (MUI, @mui/system and @mui/utils by folder; the workspace's own
// code by package and src folder), and sized raw and gzip -9. A group's gzip figure is the
// gzip size of its stretches alone, scaled so the groups add up to the file's gzip size (gzip
// shares redundancy across groups, so it is an estimate; raw bytes are exact).
//
//   node scripts/attribute.mjs <file.js> ...      one table per file (its .map beside it)
//   node scripts/attribute.mjs --route / ...      one table of every file the route loads before
//                                                 its first render (scripts/bench-routes.mjs;
//                                                 needs a build, starts its own app on
//                                                 BENCH_PORT_BASE like the benchmark)
//   --top N   rows to print per table (default 40; the rest is summed in one row)
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { root } from './lib.mjs';
import { gzipSize, kib } from './bench-routes.mjs';

const require = createRequire(import.meta.url);
// The `source-map` package (0.7, installed with @lingui/cli); not a dependency of its own.
const { SourceMapConsumer } = require(
  require.resolve('source-map', { paths: [fs.realpathSync(path.join(root, 'node_modules/@lingui/cli'))] }),
);

/** The group a source of a webpack source map belongs to. */
export function groupOf(source, appDir = root) {
  if (!source) return '(no source: webpack glue, minifier output)';
  const inApp = source.replace(/^webpack:\/\/[^/]*\//, '');
  if (inApp.startsWith('webpack/')) return '(webpack runtime)';
  // Sources are relative to the app's folder (webpack's context).
  const s = path.relative(root, path.resolve(appDir, inApp));
  const nm = s.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = s.slice(nm + 'node_modules/'.length).split('/');
    const pkg = parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
    const rest = parts.slice(pkg.split('/').length);
    if (['@mui/material', '@mui/system', '@mui/utils'].includes(pkg) && rest.length > 1)
      return `${pkg}/${rest[0]}`;
    return pkg;
  }
  const m = /^([\w-]+)\/src\/([\w.-]+)/.exec(s);
  if (m) return `${m[1]}/src/${m[2].replace(/\.[cm]?[jt]sx?$/, '')}`;
  const f = /^([\w-]+\/[\w.-]+)/.exec(s);
  return f ? f[1] : s;
}

/** [{ group, raw, gzip }] of one file, largest first, and the file's own sizes. */
export async function attributeFile(file, code = fs.readFileSync(file)) {
  const mapFile = `${file}.map`;
  // <app>/dist/<file>: the app's folder is webpack's context, the base of the map's sources.
  const appDir = path.dirname(path.dirname(path.resolve(file)));
  const text = code.toString('utf8');
  const slices = new Map();
  const add = (group, str) => {
    if (!str) return;
    if (!slices.has(group)) slices.set(group, []);
    slices.get(group).push(str);
  };
  if (!fs.existsSync(mapFile)) add('(no source map)', text);
  else {
    const lines = text.split('\n');
    const perLine = lines.map(() => []);
    const map = JSON.parse(fs.readFileSync(mapFile, 'utf8'));
    await SourceMapConsumer.with(map, null, (consumer) => {
      // The consumer hands out sources as normalised URLs ('webpack://host/../shared/x' becomes
      // 'webpack://host/shared/x'): back to the map's own, in the same order.
      const rawOf = new Map(consumer.sources.map((url, i) => [url, map.sources[i]]));
      consumer.eachMapping((m) => {
        const source = m.source === null ? null : (rawOf.get(m.source) ?? m.source);
        if (perLine[m.generatedLine - 1]) perLine[m.generatedLine - 1].push([m.generatedColumn, source]);
      });
    });
    lines.forEach((line, i) => {
      const marks = perLine[i].sort((a, b) => a[0] - b[0]);
      add(
        '(no source: webpack glue, minifier output)',
        line.slice(0, marks.length ? marks[0][0] : line.length),
      );
      marks.forEach(([column, source], k) => {
        add(
          groupOf(source, appDir),
          line.slice(column, k + 1 < marks.length ? marks[k + 1][0] : line.length),
        );
      });
      if (i + 1 < lines.length) add('(no source: webpack glue, minifier output)', '\n');
    });
  }
  const fileGzip = gzipSize(code);
  const rows = [...slices].map(([group, parts]) => {
    const joined = Buffer.from(parts.join(''));
    return { group, raw: joined.length, alone: gzipSize(joined) };
  });
  const aloneSum = rows.reduce((n, r) => n + r.alone, 0) || 1;
  for (const r of rows) r.gzip = (r.alone / aloneSum) * fileGzip;
  rows.sort((a, b) => b.gzip - a.gzip);
  return { file, raw: code.length, gzip: fileGzip, rows };
}

function merge(results) {
  const byGroup = new Map();
  for (const { rows } of results)
    for (const r of rows) {
      const g = byGroup.get(r.group) ?? { group: r.group, raw: 0, gzip: 0 };
      g.raw += r.raw;
      g.gzip += r.gzip;
      byGroup.set(r.group, g);
    }
  return [...byGroup.values()].sort((a, b) => b.gzip - a.gzip);
}

function printTable(title, rows, total, top) {
  console.log(`\n${title}`);
  console.log(`  ${'gzip'.padStart(10)} ${'share'.padStart(6)} ${'raw'.padStart(10)}  group`);
  const line = (r) =>
    console.log(
      `  ${kib(r.gzip).padStart(10)} ${`${((100 * r.gzip) / total.gzip).toFixed(1)}%`.padStart(6)} ${kib(r.raw).padStart(10)}  ${r.group}`,
    );
  rows.slice(0, top).forEach(line);
  const rest = rows.slice(top);
  if (rest.length)
    line({
      group: `(${rest.length} more groups)`,
      raw: rest.reduce((n, r) => n + r.raw, 0),
      gzip: rest.reduce((n, r) => n + r.gzip, 0),
    });
  console.log(
    `  ${kib(total.gzip).padStart(10)} ${'100%'.padStart(6)} ${kib(total.raw).padStart(10)}  total`,
  );
}

async function main(argv) {
  let top = 40;
  const files = [];
  const routes = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--top') top = Number(argv[++i]);
    else if (argv[i] === '--route') routes.push(argv[++i]);
    else files.push(argv[i]);
  }
  if (!files.length && !routes.length) {
    console.error('usage: node scripts/attribute.mjs <file.js> ... | --route <route> ... [--top N]');
    process.exit(2);
  }
  for (const file of files) {
    const r = await attributeFile(file);
    printTable(`${path.relative(root, path.resolve(file))}: ${kib(r.gzip)} gzip -9`, r.rows, r, top);
  }
  if (!routes.length) return;
  const { benchPorts, benchURL, chromiumOf, startBenchApp } = await import('./bench-app.mjs');
  const { SESSION_ROUTES, benchSession, measureRoute } = await import('./bench-routes.mjs');
  const { remoteDirs } = require('./ports.cjs');
  const dirOfPort = new Map(
    Object.entries(benchPorts).map(([name, port]) => [port, remoteDirs[name] ?? name]),
  );
  const { chromium, launchOptions } = chromiumOf();
  const app = await startBenchApp();
  try {
    const browser = await chromium.launch(launchOptions);
    const session = routes.some((r) => SESSION_ROUTES.has(r))
      ? await benchSession(`http://127.0.0.1:${benchPorts.server}`)
      : null;
    for (const route of routes) {
      const m = await measureRoute(browser, benchURL, route, SESSION_ROUTES.has(route) ? session : null, {
        keepBodies: true,
      });
      const results = [];
      for (const f of m.files) {
        const u = new URL(f.url);
        const dir = dirOfPort.get(Number(u.port));
        // A release's files are served from the releases root; the build's own dist otherwise.
        results.push(await attributeFile(path.join(root, dir, 'dist', u.pathname.slice(1)), f.body));
      }
      console.log(`\nRoute ${route}: ${m.files.length} files before first render`);
      for (const r of results) console.log(`  ${kib(r.gzip).padStart(10)}  ${path.relative(root, r.file)}`);
      printTable(
        `Route ${route} by package (${kib(m.gzip)} gzip -9, ${m.files.length} files)`,
        merge(results),
        { gzip: m.gzip, raw: m.raw },
        top,
      );
    }
    await browser.close();
  } finally {
    app.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
