#!/usr/bin/env node
// `npm start`: installs, builds and starts the composed app on one machine:
// the API server (:8090, SQLite created and seeded on first start, demo mode), the four
// remotes on their own origins (:8081-:8084) and the host (:8080), with the wallet gate off
// so a desktop browser works. Ctrl-C stops everything.
//
// Supervision: every app runs in its own process group (detached), so stopping one stops
// whatever it started too. An app that dies is logged and restarted after a backoff (0.5 s,
// doubling up to 8 s), at most MAX_RESTARTS times a minute; past that the start script stops
// everything and exits 1. SIGINT, SIGTERM, SIGHUP, an error of the start script itself or its
// exit stop every process group it started (SIGTERM, then SIGKILL after 5 s): none is left behind.
//
// env: SKIP_BUILD=1 (use the built dists), SKIP_INSTALL=1 (no pnpm install), the ports of
// scripts/ports.cjs (HOST_PORT, MARKETS_PORT, ..., SERVER_PORT), PUBLIC_ORIGIN, ALLOWED_ORIGINS,
// APP_MODE, DB_FILE, WALLET_GATE=1.
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { ensurePnpm, install, log, root, waitFor } from './lib.mjs';
import { build } from './build.mjs';
import { deploy } from './deploy.mjs';

const require = createRequire(import.meta.url);

const MAX_RESTARTS = 5; // per RESTART_WINDOW_MS, per app
const RESTART_WINDOW_MS = 60_000;
const STOP_GRACE_MS = 5_000;

/** @type {Map<string, { child: import('node:child_process').ChildProcess | null, restarts: number[], timer: NodeJS.Timeout | null }>} */
const apps = new Map();
let stopping = false;

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
async function stop(code) {
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
function supervise(name, cmd, args, { cwd = root, env = {} } = {}) {
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

async function main() {
  const pnpm = ensurePnpm();
  if (!process.env.SKIP_INSTALL) await install(pnpm);
  if (!process.env.SKIP_BUILD) await build(pnpm);
  if (stopping) return;
  const { ports, remoteDirs } = require('./ports.cjs');

  const runDir = path.join(root, '.run');
  fs.mkdirSync(runDir, { recursive: true });
  const appConfig = path.join(runDir, 'app-config.json');
  // Turn the gate on with WALLET_GATE=1 (or edit .run/app-config.json: it is read at every start of the app).
  fs.writeFileSync(
    appConfig,
    JSON.stringify({ walletGate: process.env.WALLET_GATE === '1', walletDownloadUrl: '/download' }, null, 2),
  );

  // Each remote's current build is released (the first release on a fresh start) and made live
  // in .run/remotes.json, so `pnpm --filter remote-x run deploy` / `rollback` work from here on.
  const releasesDir = path.join(runDir, 'releases');
  const remotesFile = path.join(runDir, 'remotes.json');
  for (const dir of Object.values(remoteDirs)) {
    await deploy({
      remote: dir,
      build: false,
      releasesDir,
      remotesFile,
      hostManifest: path.join(root, 'host', 'dist', 'mf-manifest.json'),
    });
  }

  const hostOrigin = `http://127.0.0.1:${ports.host}`;
  const publicOrigin = process.env.PUBLIC_ORIGIN || hostOrigin;
  const allowedOrigins =
    process.env.ALLOWED_ORIGINS ||
    [ports.host, ...Object.keys(remoteDirs).map((name) => ports[name])]
      .flatMap((port) => [`http://127.0.0.1:${port}`, `http://localhost:${port}`])
      .join(',');

  log('starting the API server and the apps');
  // The compiled server run by node itself, not `pnpm --filter server start`: one process (no
  // pnpm wrapper) to supervise and to stop.
  supervise('server', process.execPath, ['--enable-source-maps', 'dist/main.cjs'], {
    cwd: path.join(root, 'server'),
    env: {
      APP_MODE: process.env.APP_MODE || 'demo',
      PORT: String(ports.server),
      PUBLIC_ORIGIN: publicOrigin,
      ALLOWED_ORIGINS: allowedOrigins,
    },
  });
  for (const [name, dir] of Object.entries(remoteDirs))
    supervise(dir, process.execPath, ['scripts/serve.mjs', dir, '--port', String(ports[name])], {
      env: { RELEASES_DIR: releasesDir },
    });
  supervise('host', process.execPath, ['scripts/serve.mjs', 'host', '--port', String(ports.host)], {
    env: {
      APP_CONFIG_FILE: appConfig,
      REMOTES_FILE: remotesFile,
      SERVER_URL: `http://127.0.0.1:${ports.server}`,
      PUBLIC_ORIGIN: publicOrigin,
    },
  });

  await waitFor(`http://127.0.0.1:${ports.server}/api/cfg/kefu`, 120_000);
  await waitFor(`${hostOrigin}/`);
  console.log(`
  ┌──────────────────────────────────────────────────────────────┐
    The app is running:   ${hostOrigin}/
    Demo account:         demo@example.com  /  Demo1234
    API server:           http://127.0.0.1:${ports.server}/  (demo mode: codes are printed here)
    Stop with Ctrl-C.
  └──────────────────────────────────────────────────────────────┘
`);
}

main().catch((error) => {
  console.error(error.message);
  void stop(1);
});
