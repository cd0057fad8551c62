// Starts a private copy of the composed app (built dists, API server in test mode, fresh
// database) on ports 28080-28090 for the benchmarks, and stops it again.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { root, waitFor } from './lib.mjs';

const require = createRequire(import.meta.url);
const { remoteDirs } = require('./ports.cjs');

// BENCH_PORT_BASE moves the whole set, so two checkouts can benchmark at once.
const base = Number(process.env.BENCH_PORT_BASE || 28080);
export const benchPorts = {
  host: base,
  markets: base + 1,
  trading: base + 2,
  wallet: base + 3,
  otc: base + 4,
  server: base + 10,
};
export const benchURL = `http://127.0.0.1:${benchPorts.host}`;

export function chromiumOf() {
  const { chromium } = require(require.resolve('@playwright/test', { paths: [path.join(root, 'e2e')] }));
  return { chromium, launchOptions: require('./chromium.cjs') };
}

/** True when something already listens on the port (a server left over by an earlier run). */
export function portBusy(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/** `hostDist`: serve the host from that folder instead of host/dist (scripts/bench-floor.mjs). */
export async function startBenchApp(serverEnv = {}, { hostDist } = {}) {
  const ports = benchPorts;
  // A leftover server would silently answer this run with its own settings and database.
  for (const [name, port] of Object.entries(ports)) {
    if (await portBusy(port)) {
      throw new Error(
        `bench: port ${port} (${name}) is already in use; stop the earlier bench's process first`,
      );
    }
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  const remotesFile = path.join(tmp, 'remotes.json');
  const configFile = path.join(tmp, 'app-config.json');
  const remotes = Object.keys(remoteDirs).map((n) => [n, `http://127.0.0.1:${ports[n]}/mf-manifest.json`]);
  fs.writeFileSync(remotesFile, JSON.stringify(Object.fromEntries(remotes)));
  fs.writeFileSync(configFile, JSON.stringify({ walletGate: false, walletDownloadUrl: '/download' }));
  const children = [];
  const start = (cmd, args, env) =>
    // Own process group: pnpm starts the server as a grandchild, which must stop with it.
    children.push(
      spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'ignore', detached: true }),
    );
  start('pnpm', ['--filter', 'server', 'start'], {
    APP_MODE: 'test',
    PORT: String(ports.server),
    DB_FILE: path.join(tmp, 'bench.db'),
    PUBLIC_ORIGIN: benchURL,
    ...serverEnv,
  });
  for (const [name, dir] of Object.entries(remoteDirs))
    start(process.execPath, ['scripts/serve.mjs', dir, '--port', String(ports[name])]);
  start(process.execPath, ['scripts/serve.mjs', 'host', '--port', String(ports.host)], {
    SERVER_URL: `http://127.0.0.1:${ports.server}`,
    REMOTES_FILE: remotesFile,
    APP_CONFIG_FILE: configFile,
    ...(hostDist ? { DIST_DIR: hostDist } : {}),
  });
  const stop = () => {
    for (const c of children) {
      try {
        process.kill(-c.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  };
  try {
    await waitFor(`http://127.0.0.1:${ports.server}/api/cfg/kefu`, 120_000);
    await waitFor(`${benchURL}/`);
  } catch (error) {
    stop();
    throw error;
  }
  return { stop };
}
