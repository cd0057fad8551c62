#!/usr/bin/env node
/* global window, document -- the probes run in the page */
// Long-task attribution by source module (a measurement, not a test): loads one route of the
// built app under a 4x CPU throttle with V8's sampling profiler on, and prints, for every long
// task of the loading, where its samples were, mapped through the builds' source maps to the
// original package and file (self time), and the app's own modules on the stack (inclusive).
// Where bench-trace.mjs says "FunctionCall startup.js T 160 ms", this says which module's code
// (react-dom's commit, emotion's style insertion, a module's evaluation, Intl, ...) it was.
// Durations are wall time (inflated on a busy machine); the shares within a task are not.
//
//   node scripts/bench-profile.mjs [route] [--session] [--seconds=6] [--min=50] [--runs=1] [--functions]
//   (BENCH_PORT_BASE as for the other benchmarks; --session opens the route signed in; --runs
//   loads the route that many times, each in a fresh context, and ends with each run's longest
//   task and blocking time (the sum of every long task's part over 50 ms) and their medians:
//   on a busy machine one load says little; --functions names the self time by function and
//   original line, not only by file: which part of a library's one big file it was)
import { benchPorts, benchURL, chromiumOf, startBenchApp } from './bench-app.mjs';
import { benchSession, mobilePage } from './bench-routes.mjs';

const args = process.argv.slice(2);
const route = args.find((a) => !a.startsWith('--')) ?? '/';
const option = (name, fallback) =>
  Number(args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const seconds = option('seconds', 6);
const min = option('min', 50);
const session = args.includes('--session');
const functions = args.includes('--functions');
const runs = option('runs', 1);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

// ---- source maps (the builds write a .map beside every chunk) -------------------------------
const B64 = new Map(
  [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].map((c, i) => [c, i]),
);
/** The mappings of a source map: per generated line, [column, source, line] segments by column. */
function decodeMappings(mappings) {
  const lines = [];
  let source = 0;
  let origLine = 0;
  for (const text of mappings.split(';')) {
    const segments = [];
    let col = 0;
    for (const segment of text.split(',')) {
      if (!segment) continue;
      const values = [];
      let value = 0;
      let shift = 0;
      for (const c of segment) {
        const digit = B64.get(c);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      col += values[0];
      if (values.length >= 4) {
        source += values[1];
        origLine += values[2];
        segments.push([col, source, origLine]);
      }
    }
    lines.push(segments);
  }
  return lines;
}
const maps = new Map();
async function mapOf(url) {
  if (!maps.has(url))
    maps.set(
      url,
      fetch(`${url}.map`)
        .then((r) => (r.ok ? r.json() : null))
        .then((m) => m && { sources: m.sources, lines: decodeMappings(m.mappings) })
        .catch(() => null),
    );
  return maps.get(url);
}
/** The original file and line of a generated position (0-based line and column). */
async function original(url, line, column) {
  const map = url ? await mapOf(url) : null;
  const segments = map?.lines[line];
  if (!segments?.length) return null;
  let lo = 0;
  let hi = segments.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (segments[mid][0] <= column) lo = mid;
    else hi = mid - 1;
  }
  const [, source, origLine] = segments[lo];
  return { source: map.sources[source], line: origLine + 1 };
}
/** 'react-dom: cjs/react-dom-client.production.js' for a package, the app's path otherwise. */
function moduleName(source) {
  const path = source.replace(/^webpack:\/\/[^/]*\//, '');
  const at = path.lastIndexOf('node_modules/');
  if (at < 0) return { app: true, name: path.replace(/^(\.\.\/)+/, '') };
  const parts = path.slice(at + 'node_modules/'.length).split('/');
  const scoped = parts[0].startsWith('@') ? 2 : 1;
  return { app: false, name: `${parts.slice(0, scoped).join('/')}: ${parts.slice(scoped).join('/')}` };
}

// ---- the run -------------------------------------------------------------------------------
const { chromium, launchOptions } = chromiumOf();
const app = await startBenchApp({ MARKET_PUBLISH_MS: '250' });
try {
  const signedIn = session
    ? await benchSession(`http://127.0.0.1:${benchPorts.server}`, { fund: ['change', 'lever', 'micro'] })
    : null;
  const summaries = [];
  for (let run = 1; run <= runs; run += 1) {
    const browser = await chromium.launch(launchOptions);
    const { context, page } = await mobilePage(browser, signedIn);
    await page.addInitScript(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries())
          window.__longTasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
    await cdp.send('Profiler.start');
    await page.goto(`${benchURL}${route}`);
    await page.waitForTimeout(seconds * 1000);
    // A marker on both clocks: a function of a known name, busy from a known performance.now().
    const marker = await page.evaluate(() => {
      const start = performance.now();
      (function __benchProfileMarker() {
        const end = performance.now() + 30;
        while (performance.now() < end);
      })();
      return start;
    });
    const { profile } = await cdp.send('Profiler.stop');
    const tasks = await page.evaluate(() => window.__longTasks);
    // The style rules emotion has put in the page (MUI's styles and the sx props).
    const styleRules = await page.evaluate(() =>
      [...document.querySelectorAll('style[data-emotion]')].reduce(
        (n, tag) => n + (tag.sheet?.cssRules.length ?? 0),
        0,
      ),
    );
    await browser.close();

    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    let t = profile.startTime;
    const samples = profile.samples.map((id, i) => ({ id, t: (t += profile.timeDeltas[i]) }));
    const markerSample = samples.find(
      (s) => nodes.get(s.id).callFrame.functionName === '__benchProfileMarker',
    );
    if (!markerSample) throw new Error('bench-profile: the marker is not in the profile');
    const offset = markerSample.t / 1000 - marker; // profile ms = performance.now() + offset

    const frameNames = new Map();
    async function frameName(callFrame) {
      const key = `${callFrame.url}:${callFrame.lineNumber}:${callFrame.columnNumber}`;
      if (!frameNames.has(key)) {
        const pos = callFrame.url
          ? await original(callFrame.url, callFrame.lineNumber, callFrame.columnNumber)
          : null;
        frameNames.set(
          key,
          pos
            ? { ...moduleName(pos.source), line: pos.line }
            : { app: false, name: callFrame.functionName || callFrame.url || '(native)', line: 0 },
        );
      }
      return frameNames.get(key);
    }

    const longest = Math.max(0, ...tasks.map((x) => x.duration));
    const blocking = tasks.reduce((sum, x) => sum + Math.max(0, x.duration - 50), 0);
    summaries.push({ longest, blocking });
    console.log(
      `${runs > 1 ? `run ${run}: ` : ''}${route}: ${tasks.length} long tasks while loading (${seconds} s, CPU 4x), longest ${longest.toFixed(0)} ms, blocking ${blocking.toFixed(0)} ms, ${styleRules} style rules; those over ${min} ms:`,
    );
    for (const task of tasks.filter((x) => x.duration > min)) {
      const from = (task.start + offset) * 1000;
      const to = from + task.duration * 1000;
      const inTask = samples.filter((s) => s.t >= from && s.t <= to);
      if (!inTask.length) continue;
      const self = new Map();
      const inclusive = new Map();
      for (const s of inTask) {
        const callFrame = nodes.get(s.id).callFrame;
        const frame = callFrame.functionName.startsWith('(') ? null : await frameName(callFrame);
        const name = !frame
          ? callFrame.functionName
          : functions
            ? `${frame.name}:${frame.line} ${callFrame.functionName || '(anonymous)'}`
            : frame.name;
        self.set(name, (self.get(name) ?? 0) + 1);
        const seen = new Set();
        for (let id = s.id; id !== undefined; id = parent.get(id)) {
          const frame = await frameName(nodes.get(id).callFrame);
          if (!frame.app || seen.has(frame.name)) continue;
          seen.add(frame.name);
          inclusive.set(frame.name, (inclusive.get(frame.name) ?? 0) + 1);
        }
      }
      const ms = (count) => ((count / inTask.length) * task.duration).toFixed(0).padStart(4);
      const top = (map, n) =>
        [...map]
          .sort((a, b) => b[1] - a[1])
          .slice(0, n)
          .filter(([, count]) => count / inTask.length >= 0.03)
          .map(([name, count]) => `      ${ms(count)} ms ${name}`)
          .join('\n');
      console.log(
        `\n  ${task.duration.toFixed(0)} ms at ${(task.start / 1000).toFixed(2)} s\n    self:\n${top(self, 12)}\n    app modules on the stack:\n${top(inclusive, 8)}`,
      );
    }
    console.log('');
  }
  if (runs > 1)
    console.log(
      `${route}, ${runs} runs: longest task ${summaries.map((x) => x.longest.toFixed(0)).join(' ')} ms (median ${median(summaries.map((x) => x.longest)).toFixed(0)}); blocking ${summaries.map((x) => x.blocking.toFixed(0)).join(' ')} ms (median ${median(summaries.map((x) => x.blocking)).toFixed(0)})`,
    );
} finally {
  app.stop();
}
