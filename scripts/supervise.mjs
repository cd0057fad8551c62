// Supervision of the processes `npm start` and `npm run start:cluster` run (see start.mjs):
// every app runs in its own process group (detached), so stopping one stops whatever it
// started too. An app that dies is logged and restarted after a backoff (0.5 s, doubling up to
// 8 s), at most MAX_RESTARTS times a minute; past that everything stops and the script exits 1.
// SIGINT, SIGTERM, SIGHUP, an error of the script itself or its exit stop every process group
// started (SIGTERM, then SIGKILL after 5 s): none is left behind. Databases started by
// start:cluster run in the foreground under the same supervision.
import { spawn } from 'node:child_process';
import { root } from './lib.mjs';

const MAX_RESTARTS = 5; // per RESTART_WINDOW_MS, per app
const RESTART_WINDOW_MS = 60_000;
const STOP_GRACE_MS = 5_000;

/** @type {Map<string, { child: import('node:child_process').ChildProcess | null, restarts: number[], timer: NodeJS.Timeout | null }>} */
const apps = new Map();
let stopping = false;

/** Whether everything is being stopped. */
export function isStopping() {
  return stopping;
}

/** Sends a signal to a whole process group; false when nothing of it is left. */
function killGroup(pid, signal) {
  if (!pid) return false;
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

function groupAlive(pid) {
  return killGroup(pid, 0);
}

/** Stops every process group started (SIGTERM, then SIGKILL after the grace period), then exits. */
export async function stop(code) {
  if (stopping) return;
  stopping = true;
  const pids = [];
  for (const entry of apps.values()) {
    if (entry.timer) clearTimeout(entry.timer);
    if (entry.child?.pid) pids.push(entry.child.pid);
  }
  for (const pid of pids) killGroup(pid, 'SIGTERM');
  const deadline = Date.now() + STOP_GRACE_MS;
  while (pids.some(groupAlive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  for (const pid of pids) if (killGroup(pid, 'SIGKILL')) console.error(`[start] process group ${pid} killed`);
  process.exit(code);
}

// Last resort when the start script exits by any other path (it cannot wait there): every
// group it started is told to stop.
process.on('exit', () => {
  for (const entry of apps.values()) if (entry.child?.pid) killGroup(entry.child.pid, 'SIGTERM');
});
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
process.on('SIGHUP', () => void stop(0));
process.on('uncaughtException', (error) => {
  console.error('[start] failed:', error);
  void stop(1);
});
process.on('unhandledRejection', (error) => {
  console.error('[start] failed:', error);
  void stop(1);
});

/**
 * Starts (and keeps running) one app in its own process group; its output is prefixed with
 * its name.
 */
export function supervise(name, cmd, args, { cwd = root, env = {} } = {}) {
  const entry = { child: null, restarts: [], timer: null };
  apps.set(name, entry);
  const prefix = `[${name}] `;
  const launch = () => {
    entry.timer = null;
    if (stopping) return;
    const child = spawn(cmd, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    entry.child = child;
    const forward = (stream, out) =>
      stream.on('data', (chunk) => {
        for (const line of String(chunk).split('\n')) if (line) out.write(prefix + line + '\n');
      });
    forward(child.stdout, process.stdout);
    forward(child.stderr, process.stderr);
    child.on('error', (error) => console.error(`${prefix}could not start: ${error.message}`));
    child.on('exit', (code, signal) => {
      if (stopping) return;
      // Whatever it started dies with it before it runs again.
      killGroup(child.pid, 'SIGKILL');
      const now = Date.now();
      entry.restarts = entry.restarts.filter((t) => now - t < RESTART_WINDOW_MS);
      if (entry.restarts.length >= MAX_RESTARTS) {
        console.error(
          `${prefix}exited (${signal ?? code}) ${MAX_RESTARTS} times within ${RESTART_WINDOW_MS / 1000} s; stopping everything`,
        );
        void stop(1);
        return;
      }
      entry.restarts.push(now);
      const delay = Math.min(8_000, 500 * 2 ** (entry.restarts.length - 1));
      console.error(
        `${prefix}exited (${signal ?? code}); restart ${entry.restarts.length}/${MAX_RESTARTS} in ${delay} ms`,
      );
      entry.timer = setTimeout(launch, delay);
    });
    console.log(`${prefix}started (pid ${child.pid})`);
  };
  launch();
}
