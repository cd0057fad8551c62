#!/usr/bin/env node
/* global window, document, MutationObserver -- the probes run in the page */
// Live-update benchmark (a measurement, not a test): with every instrument publishing 4 times a
// second, the home list and the chart page under a 4x mobile CPU throttle in Chromium. Prints
// the long tasks (count, max, p95) of the WHOLE page session, from navigation (load, first
// render, first data, chart chunk) to the end of the live period, the same for the live period
// alone, and how often the page updated. Needs a build.
//
//   node scripts/bench-live.mjs [seconds] [--trace] [--page=home|chart]   (default 20 s a page)
//
// --trace records a Chrome trace of each session and attributes every long task: the scripts
// it evaluated or called into (chunk file and function), timers, animation frames, socket
// messages, style, layout and paint, so a slow task can be traced to its cause.
import { benchURL, chromiumOf, startBenchApp } from './bench-app.mjs';

const args = process.argv.slice(2);
const trace = args.includes('--trace');
const seconds = Number(args.find((a) => /^\d+$/.test(a)) || 20);
const { chromium, launchOptions } = chromiumOf();
const app = await startBenchApp({ MARKET_PUBLISH_MS: '250' });

const only = args.find((a) => a.startsWith('--page='))?.slice('--page='.length);
const pages = [
  { name: 'home list', key: 'home', path: '/' },
  { name: 'chart page', key: 'chart', path: '/kline?hqtab=0&from=quotes' },
].filter((p) => !only || p.key === only);
const LONG = 50;

// Long tasks and DOM updates, recorded from the first byte.
const probe = () => {
  const w = window;
  w.__longTasks = [];
  w.__updates = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  const watch = () =>
    new MutationObserver(() => w.__updates.push(performance.now())).observe(document.body, {
      subtree: true,
      characterData: true,
      childList: true,
    });
  if (document.body) watch();
  else document.addEventListener('DOMContentLoaded', watch);
};

const pct = (values, p) => {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const summary = (tasks) => {
  const d = tasks.map((t) => t.duration);
  return `long tasks ${d.length}, max ${Math.max(0, ...d).toFixed(0)} ms, p95 ${pct(d, 95).toFixed(0)} ms`;
};

// --- trace attribution -----------------------------------------------------------------------
const short = (url) => {
  if (!url) return '';
  try {
    const u = new URL(url);
    return `${u.port}/${u.pathname.split('/').pop()}`;
  } catch {
    return url.slice(-40);
  }
};
const label = (e) => {
  const d = e.args?.data ?? {};
  switch (e.name) {
    case 'EvaluateScript':
    case 'v8.compile':
    case 'v8.compileModule':
      return `${e.name} ${short(d.url ?? e.args?.fileName)}`;
    case 'FunctionCall':
      return `FunctionCall ${short(d.url)}${d.functionName ? ` ${d.functionName}` : ''}`;
    case 'EventDispatch':
      return `EventDispatch ${d.type}`;
    case 'TimerFire':
    case 'FireAnimationFrame':
    case 'FireIdleCallback':
      return e.name;
    default:
      return e.name;
  }
};
const INTERESTING = new Set([
  'EvaluateScript',
  'v8.compile',
  'v8.compileModule',
  'FunctionCall',
  'EventDispatch',
  'TimerFire',
  'FireAnimationFrame',
  'FireIdleCallback',
  'RunMicrotasks',
  'ParseHTML',
  'UpdateLayoutTree',
  'Layout',
  'Paint',
  'PrePaint',
  'Layerize',
  'GCEvent',
  'MajorGC',
  'MinorGC',
  'V8.GC_SCAVENGER',
  'V8.GC_MARK_COMPACTOR',
  'XHRReadyStateChange',
  'ResourceReceivedData',
  'ParseAuthorStyleSheet',
  'HitTest',
]);

function attribute(traceJson, navStartTs) {
  const events = JSON.parse(traceJson).traceEvents ?? JSON.parse(traceJson);
  const names = new Map();
  for (const e of events)
    if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args.name);
  // The renderer main thread with the most work.
  const load = new Map();
  for (const e of events) {
    if (e.ph !== 'X' || e.name !== 'RunTask') continue;
    const key = `${e.pid}:${e.tid}`;
    if (names.get(key) !== 'CrRendererMain') continue;
    load.set(key, (load.get(key) ?? 0) + (e.dur ?? 0));
  }
  const main = [...load.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!main) return [];
  const onMain = events.filter((e) => e.ph === 'X' && `${e.pid}:${e.tid}` === main && e.dur !== undefined);
  const tasks = onMain.filter((e) => e.name === 'RunTask' && e.dur >= LONG * 1000);
  const inner = onMain.filter((e) => INTERESTING.has(e.name)).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const t0 = navStartTs ?? Math.min(...onMain.map((e) => e.ts));
  return tasks.map((task) => {
    const end = task.ts + task.dur;
    const kids = inner.filter((e) => e.ts >= task.ts && e.ts + e.dur <= end);
    // Top-level children only (not inside another listed event), with their self time split
    // into the interesting events directly inside them.
    const top = [];
    let reach = -1;
    for (const k of kids) {
      if (k.ts >= reach) {
        top.push({ event: k, nested: [] });
        reach = k.ts + k.dur;
      } else {
        const parent = top[top.length - 1];
        if (k.dur >= 3000) parent.nested.push(k);
      }
    }
    const parts = top
      .filter((p) => p.event.dur >= 2000)
      .map((p) => {
        const nested = p.nested
          .slice(0, 6)
          .map((n) => `${label(n)} ${(n.dur / 1000).toFixed(0)}`)
          .join(', ');
        return `${label(p.event)} ${(p.event.dur / 1000).toFixed(0)} ms${nested ? ` [${nested}]` : ''}`;
      });
    return { at: (task.ts - t0) / 1000, duration: task.dur / 1000, cpu: (task.tdur ?? 0) / 1000, parts };
  });
}

try {
  const browser = await chromium.launch(launchOptions);
  for (const target of pages) {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.addInitScript(probe);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    if (trace) {
      await browser.startTracing(page, {
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'toplevel',
          'v8',
          'v8.execute',
          'blink.user_timing',
        ],
      });
    }
    await page.goto(`${benchURL}${target.path}`);
    await page.locator('[data-page]').first().waitFor({ state: 'attached', timeout: 60_000 });
    await page.waitForTimeout(5000); // settle: first data, chart chunk
    const t0 = await page.evaluate(() => performance.now());
    await page.waitForTimeout(seconds * 1000);
    const { tasks, updates, t1 } = await page.evaluate(
      (start) => ({
        tasks: window.__longTasks,
        updates: window.__updates.filter((t) => t >= start),
        t1: performance.now(),
      }),
      t0,
    );
    const live = tasks.filter((t) => t.start >= t0);
    // Updates per second, and the longest gap between two updates.
    let gap = 0;
    for (let i = 1; i < updates.length; i += 1) gap = Math.max(gap, updates[i] - updates[i - 1]);
    const span = (t1 - t0) / 1000;
    console.log(
      `${target.name.padEnd(11)} CPU 4x, whole session ${(t1 / 1000).toFixed(0)} s: ${summary(tasks)}\n` +
        `${''.padEnd(11)} live period ${span.toFixed(0)} s: ${summary(live)}; ` +
        `DOM updates ${(updates.length / span).toFixed(1)}/s, longest gap ${gap.toFixed(0)} ms`,
    );
    if (trace) {
      const buffer = await browser.stopTracing();
      const found = attribute(buffer.toString('utf8'));
      for (const task of found) {
        console.log(
          `  ${task.duration.toFixed(0).padStart(4)} ms (thread CPU ${task.cpu.toFixed(0)} ms) at ${(task.at / 1000).toFixed(2)} s`,
        );
        for (const part of task.parts) console.log(`      ${part}`);
      }
    }
    await context.close();
  }
  await browser.close();
} finally {
  app.stop();
}
