#!/usr/bin/env node
// `npm start`: installs, builds and starts the composed app on one machine:
// the API server (:8090, SQLite created and seeded on first start, demo mode), the four
// remotes on their own origins (:8081-:8084) and the host (:8080), with the wallet gate off
// so a desktop browser works. Ctrl-C stops everything.
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { ensurePnpm, install, log, root, waitFor } from './lib.mjs';
import { build } from './build.mjs';
import { deploy } from './deploy.mjs';

const require = createRequire(import.meta.url);

async function main() {
  const pnpm = ensurePnpm();
  await install(pnpm);
  if (!process.env.SKIP_BUILD) await build(pnpm);
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

  const children = [];
  const startChild = (name, cmd, args, env = {}) => {
    const child = spawn(cmd, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const prefix = `[${name}] `;
    const forward = (stream, out) =>
      stream.on('data', (chunk) => {
        for (const line of String(chunk).split('\n')) if (line) out.write(prefix + line + '\n');
      });
    forward(child.stdout, process.stdout);
    forward(child.stderr, process.stderr);
    child.on('exit', (code) => {
      if (!stopping) {
        console.error(`${prefix}exited (${code}); stopping`);
        stop(1);
      }
    });
    children.push(child);
  };

  let stopping = false;
  const stop = (code = 0) => {
    stopping = true;
    for (const c of children) c.kill('SIGTERM');
    setTimeout(() => process.exit(code), 300);
  };
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));

  log('starting the API server and the apps');
  startChild('server', pnpm, ['--filter', 'server', 'start'], {
    APP_MODE: process.env.APP_MODE || 'demo',
    PORT: String(ports.server),
  });
  for (const dir of Object.values(remoteDirs))
    startChild(dir, process.execPath, ['scripts/serve.mjs', dir], { RELEASES_DIR: releasesDir });
  startChild('host', process.execPath, ['scripts/serve.mjs', 'host'], {
    APP_CONFIG_FILE: appConfig,
    REMOTES_FILE: remotesFile,
  });

  await waitFor(`http://127.0.0.1:${ports.server}/api/cfg/kefu`, 120_000);
  await waitFor(`http://127.0.0.1:${ports.host}/`);
  console.log(`
  ┌──────────────────────────────────────────────────────────────┐
    The app is running:   http://127.0.0.1:${ports.host}/
    Demo account:         demo@example.com  /  Demo1234
    API server:           http://127.0.0.1:${ports.server}/  (demo mode: codes are printed here)
    Stop with Ctrl-C.
  └──────────────────────────────────────────────────────────────┘
`);
}

main().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
