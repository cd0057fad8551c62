#!/usr/bin/env node
// `node scripts/with-postgres.mjs <command...>`: runs a command against a throwaway PostgreSQL
// cluster and a throwaway Redis, both on free ports, then removes them:
//   initdb --auth=trust -U postgres into a temp folder, pg_ctl start (fsync off, socket in the
//   folder, 127.0.0.1 only), redis-server without persistence; exports
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:<port>/postgres and REDIS_URL=redis://127.0.0.1:<port>.
// As root (PostgreSQL refuses to run as root) the servers run as the `postgres` user (runuser).
// Exits with the command's status; cleans up on exit and on SIGINT/SIGTERM/SIGHUP.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const INSTALL_HINT = 'sudo apt-get install -y postgresql redis-server';

/** The newest PostgreSQL's bin folder (Debian keeps them off PATH in /usr/lib/postgresql/<major>/bin). */
export function findPostgresBin() {
  const base = '/usr/lib/postgresql';
  const majors = fs.existsSync(base)
    ? fs
        .readdirSync(base)
        .filter((d) => /^\d+$/.test(d) && fs.existsSync(path.join(base, d, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (majors[0]) return path.join(base, majors[0], 'bin');
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  if (which.status === 0 && which.stdout.trim()) return path.dirname(which.stdout.trim());
  return null;
}

export function findRedisServer() {
  const which = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  return which.status === 0 && which.stdout.trim() ? which.stdout.trim() : null;
}

/**
 * Before `npm test` runs anything: PostgreSQL (its initdb) and redis-server must exist. As root
 * with apt-get they are installed (Debian 12: PostgreSQL 15); otherwise this throws at once with
 * the command to run.
 */
export function ensurePostgres(log = console.log) {
  if (findPostgresBin() && findRedisServer()) return;
  const root = process.getuid?.() === 0;
  const hasApt = spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
  if (root && hasApt) {
    log('installing PostgreSQL and Redis (apt-get install postgresql redis-server)');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const add =
      update.status === 0 &&
      spawnSync(
        'apt-get',
        ['install', '-y', '-qq', '--no-install-recommends', 'postgresql', 'redis-server'],
        {
          stdio: 'inherit',
          env,
        },
      );
    if (add && add.status === 0 && findPostgresBin() && findRedisServer()) return;
    throw new Error(`installing PostgreSQL and Redis failed: run \`${INSTALL_HINT}\` and try again`);
  }
  throw new Error(
    `PostgreSQL (initdb in /usr/lib/postgresql/<major>/bin) or redis-server is missing; the server tests also run on PostgreSQL. Run \`sudo apt-get update && ${INSTALL_HINT}\` and try again`,
  );
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** Runs a server binary as the postgres user when we are root. */
function asServerUser(file, args) {
  return isRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
}

function runSync(file, args, what) {
  const [cmd, argv] = asServerUser(file, args);
  const result = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`${what} failed (${result.status}):\n${result.stdout ?? ''}${result.stderr ?? ''}`);
  return result;
}

async function waitForPort(port, timeoutMs) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > until) throw new Error(`nothing listens on ${port} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function main() {
  const command = process.argv.slice(2);
  if (command.length === 0) {
    console.error('usage: node scripts/with-postgres.mjs <command...>');
    process.exit(2);
  }
  const bin = findPostgresBin();
  const redisServer = findRedisServer();
  if (!bin || !redisServer) {
    console.error(`PostgreSQL and redis-server are needed: ${INSTALL_HINT}`);
    process.exit(1);
  }

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'with-postgres-'));
  const dataDir = path.join(dir, 'data');
  let pgStarted = false;
  let redis = null;
  let child = null;
  let cleaned = false;
  const cleanup = () => {
    if (cleaned) return;
    cleaned = true;
    if (child && child.exitCode === null) child.kill('SIGTERM');
    if (redis && redis.exitCode === null) {
      // Its own process group: runuser's child (redis-server itself) goes too.
      try {
        process.kill(-redis.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    if (pgStarted) {
      const [cmd, argv] = asServerUser(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', 'stop']);
      spawnSync(cmd, argv, { stdio: 'ignore' });
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  process.on('exit', cleanup);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      cleanup();
      process.exit(128 + (os.constants.signals[signal] ?? 1));
    });
  }

  try {
    if (isRoot) spawnSync('chown', ['-R', 'postgres:postgres', dir]);
    runSync(
      path.join(bin, 'initdb'),
      ['-D', dataDir, '--auth=trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync'],
      'initdb',
    );
    const pgPort = await freePort();
    const options = `-p ${pgPort} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`;
    runSync(
      path.join(bin, 'pg_ctl'),
      ['-D', dataDir, '-l', path.join(dir, 'postgres.log'), '-o', options, '-w', '-t', '60', 'start'],
      'pg_ctl start',
    );
    pgStarted = true;

    const redisPort = await freePort();
    const [rcmd, rargv] = asServerUser(redisServer, [
      '--save',
      '',
      '--appendonly',
      'no',
      '--port',
      String(redisPort),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
    ]);
    redis = spawn(rcmd, rargv, { stdio: 'ignore', detached: true });
    await waitForPort(redisPort, 10_000);

    const env = {
      ...process.env,
      TEST_DATABASE_URL: `postgres://postgres@127.0.0.1:${pgPort}/postgres`,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    };
    child = spawn(command[0], command.slice(1), { stdio: 'inherit', env });
    const code = await new Promise((resolve) => {
      child.on('exit', (status, signal) => resolve(status ?? (signal ? 1 : 0)));
      child.on('error', (error) => {
        console.error(`${command[0]}: ${error.message}`);
        resolve(127);
      });
    });
    cleanup();
    process.exit(code);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    const logFile = path.join(dir, 'postgres.log');
    if (fs.existsSync(logFile)) console.error(fs.readFileSync(logFile, 'utf8').slice(-2000));
    cleanup();
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) void main();
