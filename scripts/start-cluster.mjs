#!/usr/bin/env node
// `npm run start:cluster`: the production layout on this machine, as `npm start` but with
// PostgreSQL and Redis and two API nodes behind the host's round-robin proxy:
//   PostgreSQL (data kept in .run/cluster/pg, database `app`) on PG_PORT (8095),
//   Redis (nothing persisted) on REDIS_PORT (8096),
//   two API nodes (the compiled server, DATABASE_URL + REDIS_URL) on SERVER_PORT (8090) and
//   SERVER2_PORT (8091): one of them runs the engine (market feed, triggers, timers), the other
//   takes over within seconds when it stops,
//   the four remotes and the host (:8081-:8084, :8080), which proxies /api and /socket.io to
//   both nodes round robin.
// Everything runs under the supervision of `npm start` (scripts/supervise.mjs): restarted when it
// dies, all stopped by Ctrl-C. When PostgreSQL or Redis is not installed it says what to install
// and exits. env: as `npm start` (SKIP_BUILD, SKIP_INSTALL, the ports, APP_MODE, WALLET_GATE),
// plus PG_PORT, REDIS_PORT, SERVER2_PORT.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { log, root, waitFor } from './lib.mjs';
import { origins, prepare, startFrontends, startServer } from './start.mjs';
import { isStopping, stop, supervise } from './supervise.mjs';
import { findPostgresBin, findRedisServer } from './with-postgres.mjs';

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const INSTALL = `${isRoot ? '' : 'sudo '}apt-get update && ${isRoot ? '' : 'sudo '}apt-get install -y --no-install-recommends postgresql redis-server`;

/** PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user. */
function asPostgres(file, args) {
  return isRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
}

function runOrThrow(file, args, what) {
  const [cmd, argv] = asPostgres(file, args);
  const result = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`${what} failed (${result.status}):\n${result.stdout ?? ''}${result.stderr ?? ''}`);
  return result;
}

function portOpen(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitForPort(port, what, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (!(await portOpen(port))) {
    if (isStopping()) return;
    if (Date.now() > until) throw new Error(`${what} did not start on port ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function main() {
  const pgBin = findPostgresBin();
  const redisServer = findRedisServer();
  if (!pgBin || !redisServer) {
    const missing = [
      !pgBin && 'PostgreSQL (initdb, postgres)',
      !redisServer && 'Redis (redis-server)',
    ].filter(Boolean);
    console.error(
      `npm run start:cluster needs ${missing.join(' and ')}, which ${missing.length > 1 ? 'are' : 'is'} not installed.\n` +
        `Install them with:\n\n  ${INSTALL}\n\nthen run \`npm run start:cluster\` again (\`npm start\` needs neither).`,
    );
    process.exit(1);
  }

  await prepare();
  if (isStopping()) return;
  const { ports, hostOrigin, publicOrigin, allowedOrigins } = origins();
  const pgPort = Number(process.env.PG_PORT || 8095);
  const redisPort = Number(process.env.REDIS_PORT || 8096);
  const nodePorts = [ports.server, Number(process.env.SERVER2_PORT || ports.server + 1)];
  for (const [port, what] of [
    [pgPort, 'PG_PORT'],
    [redisPort, 'REDIS_PORT'],
    ...nodePorts.map((port) => [port, 'an API node port']),
  ]) {
    if (await portOpen(port))
      throw new Error(`port ${port} (${what}) is in use: stop what runs there or move it`);
  }

  // PostgreSQL: one cluster kept in .run/cluster/pg (created on the first start).
  const clusterDir = path.join(root, '.run', 'cluster');
  const dataDir = path.join(clusterDir, 'pg');
  const socketDir = path.join(clusterDir, 'pg-socket');
  fs.mkdirSync(socketDir, { recursive: true });
  if (isRoot) spawnSync('chown', ['postgres:postgres', clusterDir, socketDir]);
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    log(`creating the PostgreSQL cluster in ${path.relative(root, dataDir)}`);
    fs.mkdirSync(dataDir, { recursive: true });
    if (isRoot) spawnSync('chown', ['-R', 'postgres:postgres', dataDir]);
    runOrThrow(
      path.join(pgBin, 'initdb'),
      ['-D', dataDir, '--auth=trust', '-U', 'postgres', '-E', 'UTF8'],
      'initdb',
    );
  }
  log(`starting PostgreSQL (:${pgPort}) and Redis (:${redisPort})`);
  const [pgCmd, pgArgs] = asPostgres(path.join(pgBin, 'postgres'), [
    '-D',
    dataDir,
    '-p',
    String(pgPort),
    '-k',
    socketDir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'max_connections=200',
  ]);
  supervise('postgres', pgCmd, pgArgs);
  supervise('redis', redisServer, [
    '--port',
    String(redisPort),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
  await waitForPort(pgPort, 'PostgreSQL');
  await waitForPort(redisPort, 'Redis');
  if (isStopping()) return;
  // The application's database (kept across starts).
  const exists = runOrThrow(
    path.join(pgBin, 'psql'),
    [
      '-h',
      '127.0.0.1',
      '-p',
      String(pgPort),
      '-U',
      'postgres',
      '-tAc',
      "SELECT 1 FROM pg_database WHERE datname = 'app'",
    ],
    'psql',
  );
  if (exists.stdout.trim() !== '1')
    runOrThrow(
      path.join(pgBin, 'createdb'),
      ['-h', '127.0.0.1', '-p', String(pgPort), '-U', 'postgres', 'app'],
      'createdb',
    );

  const nodeEnv = {
    APP_MODE: process.env.APP_MODE || 'demo',
    DATABASE_URL: `postgres://postgres@127.0.0.1:${pgPort}/app`,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    PUBLIC_ORIGIN: publicOrigin,
    ALLOWED_ORIGINS: allowedOrigins,
    // Uploads live in the database; this folder only holds files an older build left (imported at start).
    UPLOAD_DIR: path.join(clusterDir, 'uploads'),
  };
  // The first node migrates and seeds an empty database before the second starts.
  log(`starting API node 1 (:${nodePorts[0]})`);
  startServer('api-1', { ...nodeEnv, PORT: String(nodePorts[0]) });
  await waitFor(`http://127.0.0.1:${nodePorts[0]}/api/cfg/kefu`, 180_000);
  log(`starting API node 2 (:${nodePorts[1]})`);
  startServer('api-2', { ...nodeEnv, PORT: String(nodePorts[1]) });
  await waitFor(`http://127.0.0.1:${nodePorts[1]}/api/cfg/kefu`, 180_000);

  await startFrontends(nodePorts.map((port) => `http://127.0.0.1:${port}`).join(','));
  await waitFor(`${hostOrigin}/`);
  console.log(`
  ┌──────────────────────────────────────────────────────────────┐
    The app is running:   ${hostOrigin}/   (two API nodes behind it)
    Demo account:         demo@example.com  /  Demo1234
    API nodes:            ${nodePorts.map((port) => `http://127.0.0.1:${port}/`).join('  ')}
    PostgreSQL:           postgres://postgres@127.0.0.1:${pgPort}/app  (data: .run/cluster/pg)
    Redis:                redis://127.0.0.1:${redisPort}
    Stop with Ctrl-C.
  └──────────────────────────────────────────────────────────────┘
`);
}

main().catch((error) => {
  console.error(error.message);
  void stop(1);
});
