#!/usr/bin/env node
// `npm start`: installs, builds and starts the composed app on one machine:
// the API server (:8090, SQLite created and seeded on first start, demo mode), the four
// remotes on their own origins (:8081-:8084) and the host (:8080), with the wallet gate off
// so a desktop browser works. Ctrl-C stops everything.
//
// Supervision (scripts/supervise.mjs, shared with start-cluster.mjs): every app runs in its own
// process group, restarted with a backoff when it dies (at most 5 times a minute, then
// everything stops); Ctrl-C, SIGTERM, SIGHUP or any exit stops every group it started.
//
// env: SKIP_BUILD=1 (use the built dists), SKIP_INSTALL=1 (no pnpm install), the ports of
// scripts/ports.cjs (HOST_PORT, MARKETS_PORT, ..., SERVER_PORT), PUBLIC_ORIGIN, ALLOWED_ORIGINS,
// APP_MODE, DB_FILE, WALLET_GATE=1.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { ensurePnpm, install, log, root, waitFor } from './lib.mjs';
import { isStopping, stop, supervise } from './supervise.mjs';
import { build } from './build.mjs';
import { deploy } from './deploy.mjs';

const require = createRequire(import.meta.url);

/** Installs and builds unless SKIP_INSTALL / SKIP_BUILD (shared with start-cluster.mjs). */
export async function prepare() {
  const pnpm = ensurePnpm();
  if (!process.env.SKIP_INSTALL) await install(pnpm);
  if (!process.env.SKIP_BUILD) await build(pnpm);
}

/** The host's origin, the public origin and the origins the API server allows (from the ports). */
export function origins() {
  const { ports, remoteDirs } = require('./ports.cjs');
  const hostOrigin = `http://127.0.0.1:${ports.host}`;
  const publicOrigin = process.env.PUBLIC_ORIGIN || hostOrigin;
  const allowedOrigins =
    process.env.ALLOWED_ORIGINS ||
    [ports.host, ...Object.keys(remoteDirs).map((name) => ports[name])]
      .flatMap((port) => [`http://127.0.0.1:${port}`, `http://localhost:${port}`])
      .join(',');
  return { ports, hostOrigin, publicOrigin, allowedOrigins };
}

/**
 * Releases each remote's current build, then starts the four remotes and the host, whose proxy
 * sends /api, /dev and /socket.io to `serverUrl` (a comma-separated list: round robin).
 */
export async function startFrontends(serverUrl) {
  const { ports, remoteDirs } = require('./ports.cjs');
  const { publicOrigin } = origins();
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

  for (const [name, dir] of Object.entries(remoteDirs))
    supervise(dir, process.execPath, ['scripts/serve.mjs', dir, '--port', String(ports[name])], {
      env: { RELEASES_DIR: releasesDir },
    });
  supervise('host', process.execPath, ['scripts/serve.mjs', 'host', '--port', String(ports.host)], {
    env: {
      APP_CONFIG_FILE: appConfig,
      REMOTES_FILE: remotesFile,
      SERVER_URL: serverUrl,
      PUBLIC_ORIGIN: publicOrigin,
    },
  });
}

/** Starts one compiled API server (`server/dist/main.cjs`) under supervision, named `name`. */
export function startServer(name, env) {
  // The compiled server run by node itself, not `pnpm --filter server start`: one process (no
  // pnpm wrapper) to supervise and to stop. A young generation of 64 MB a semi-space: see
  // server/src/db/README.md (the trading bench).
  supervise(name, process.execPath, ['--enable-source-maps', '--max-semi-space-size=64', 'dist/main.cjs'], {
    cwd: path.join(root, 'server'),
    env,
  });
}

async function main() {
  await prepare();
  if (isStopping()) return;
  const { ports, hostOrigin, publicOrigin, allowedOrigins } = origins();

  log('starting the API server and the apps');
  startServer('server', {
    APP_MODE: process.env.APP_MODE || 'demo',
    PORT: String(ports.server),
    PUBLIC_ORIGIN: publicOrigin,
    ALLOWED_ORIGINS: allowedOrigins,
  });
  await startFrontends(`http://127.0.0.1:${ports.server}`);

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

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error.message);
    void stop(1);
  });
}
