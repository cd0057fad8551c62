// Chrome trace attribution of long tasks, shared by bench-live.mjs and bench-trade.mjs: the
// scripts each long task evaluated or called into, timers, animation frames, socket messages,
// style, layout and paint.
export const LONG = 50;

export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'toplevel',
  'v8',
  'v8.execute',
  'blink.user_timing',
];

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

export function attribute(traceJson, navStartTs) {
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

/**
 * Prints the attributed long tasks of a trace buffer, then their maxima: by wall time, and by
 * the main thread's own CPU time, which other processes on a busy machine inflate much less
 * (a task that waited for a CPU is long by the wall clock, not by its work).
 */
export function printAttribution(buffer) {
  const tasks = attribute(buffer.toString('utf8'));
  for (const task of tasks) {
    console.log(
      `  ${task.duration.toFixed(0).padStart(4)} ms (thread CPU ${task.cpu.toFixed(0)} ms) at ${(task.at / 1000).toFixed(2)} s`,
    );
    for (const part of task.parts) console.log(`      ${part}`);
  }
  const max = (key) => Math.max(0, ...tasks.map((t) => t[key]));
  console.log(
    `  trace: ${tasks.length} tasks over ${LONG} ms, max ${max('duration').toFixed(0)} ms; by thread CPU max ${max('cpu').toFixed(0)} ms, ${tasks.filter((t) => t.cpu > 100).length} over 100 ms`,
  );
}
