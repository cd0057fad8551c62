/**
 * Socket fan-out benchmark (not a test). Starts the API server in a child process on loopback (or
 * uses a running one with --url), connects N socket.io clients, each subscribed to market_depth and
 * daymarket without a filter (every instrument), and reports what was delivered over the window
 * and the server's CPU use (process.cpuUsage of the server process). Stops by itself.
 *
 *   pnpm --filter server exec tsx bench/socket-fanout.ts --clients 200 --seconds 20
 *   pnpm --filter server exec tsx bench/socket-fanout.ts --url http://127.0.0.1:8090 --pid <server pid>
 *
 * Options: --clients N (200), --seconds S (20), --warmup S (3), --url <loopback URL>, --pid <pid>
 * (server CPU from /proc when using --url), --publish-ms <ms> (child server's MARKET_PUBLISH_MS),
 * --at <ISO time> (child server's clock starts there and runs in real time, e.g. a weekday so metals
 * and futures trade too).
 */
import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';

interface CpuSample {
  /** Microseconds of CPU (user + system). */
  cpu: number;
  /** Wall clock, ms. */
  wall: number;
}

type ChildMessage = { type: 'ready'; port: number } | { type: 'cpu'; cpu: number; wall: number };

function argument(name: string, fallback?: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  if (index === -1) return fallback;
  return process.argv[index + 1];
}

function numberArgument(name: string, fallback: number, min: number, max: number): number {
  const raw = argument(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new Error(`--${name} must be a number between ${min} and ${max}`);
  }
  return value;
}

// ---- child: the server ---------------------------------------------------------------------------

async function serve(): Promise<void> {
  const { buildApp } = await import('../src/app');
  const { loadConfig } = await import('../src/core/config');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanout-bench-'));
  const config = loadConfig({
    APP_MODE: 'test',
    LOG_LEVEL: 'silent',
    DB_FILE: path.join(dir, 'app.db'),
    MARKET_BACKFILL: 'small',
    MARKET_FEED: 'simulated',
    MARKET_PUBLISH_MS: process.env.MARKET_PUBLISH_MS ?? '500',
  });
  const offset = Number(process.env.BENCH_CLOCK_OFFSET_MS ?? '0');
  const server = await buildApp(config, { clock: { now: () => Date.now() + offset } });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as AddressInfo;
  const stop = async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('message', (message: { type: string }) => {
    if (message.type === 'cpu') {
      const usage = process.cpuUsage();
      process.send?.({ type: 'cpu', cpu: usage.user + usage.system, wall: performance.now() });
    } else if (message.type === 'stop') void stop();
  });
  process.on('disconnect', () => void stop());
  process.send?.({ type: 'ready', port });
}

// ---- parent: the clients -------------------------------------------------------------------------

function ask(child: ChildProcess): Promise<CpuSample> {
  return new Promise((resolve) => {
    const onMessage = (message: ChildMessage) => {
      if (message.type !== 'cpu') return;
      child.off('message', onMessage);
      resolve({ cpu: message.cpu, wall: message.wall });
    };
    child.on('message', onMessage);
    child.send({ type: 'cpu' });
  });
}

/** CPU of another process from /proc (Linux), for --url --pid. */
function procCpu(pid: number): CpuSample {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // utime + stime, in 1/100 s
  return { cpu: ticks * 10_000, wall: performance.now() };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const clients = Math.round(numberArgument('clients', 200, 1, 5000));
  const seconds = numberArgument('seconds', 20, 1, 600);
  const warmup = numberArgument('warmup', 3, 0, 60);
  const publishMs = numberArgument('publish-ms', 500, 250, 1000);
  const url = argument('url');
  const pid = argument('pid');
  const at = argument('at');
  const offset = at === undefined ? 0 : Date.parse(at) - Date.now();
  if (Number.isNaN(offset)) throw new Error('--at must be an ISO time, e.g. 2025-01-15T12:00:00Z');
  // Whatever happens, stop: window + warm-up + a minute for start-up and shutdown.
  const deadline = setTimeout(
    () => {
      process.stderr.write('benchmark: hard time limit reached, exiting\n');
      process.exit(2);
    },
    (seconds + warmup + 60) * 1000,
  );
  deadline.unref();

  let child: ChildProcess | undefined;
  let baseUrl: string;
  if (url) {
    const parsed = new URL(url);
    if (!['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname)) {
      throw new Error('--url must point at a loopback address (127.0.0.1, localhost, ::1)');
    }
    baseUrl = parsed.origin;
  } else {
    child = fork(__filename, ['--serve'], {
      env: { ...process.env, MARKET_PUBLISH_MS: String(publishMs), BENCH_CLOCK_OFFSET_MS: String(offset) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const port = await new Promise<number>((resolve, reject) => {
      child?.once('error', reject);
      child?.once('exit', (code) => reject(new Error(`server exited early (${code})`)));
      child?.on('message', (message: ChildMessage) => {
        if (message.type === 'ready') resolve(message.port);
      });
    });
    baseUrl = `http://127.0.0.1:${port}`;
  }

  process.stdout.write(
    `server ${baseUrl}${child ? ` (child pid ${child.pid})` : ''}; connecting ${clients} clients\n`,
  );
  const counts = new Array<number>(clients).fill(0);
  const perChannel = { market_depth: 0, daymarket: 0 };
  let counting = false;
  const sockets: Socket[] = [];
  const connectOne = (index: number) =>
    new Promise<void>((resolve, reject) => {
      const socket = io(baseUrl, {
        path: '/socket.io',
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
      });
      sockets.push(socket);
      socket.once('connect_error', reject);
      socket.once('connect', () => {
        void Promise.all([
          socket.emitWithAck('sub', { channel: 'market_depth' }),
          socket.emitWithAck('sub', { channel: 'daymarket' }),
        ]).then(() => resolve(), reject);
      });
      socket.on('market_depth', () => {
        if (!counting) return;
        counts[index] = (counts[index] ?? 0) + 1;
        perChannel.market_depth += 1;
      });
      socket.on('daymarket', () => {
        if (!counting) return;
        counts[index] = (counts[index] ?? 0) + 1;
        perChannel.daymarket += 1;
      });
    });
  for (let i = 0; i < clients; i += 25) {
    await Promise.all(Array.from({ length: Math.min(25, clients - i) }, (_, j) => connectOne(i + j)));
  }

  process.stdout.write(`connected; warm-up ${warmup} s, measuring ${seconds} s\n`);
  await sleep(warmup * 1000);
  const sample = async () => (child ? ask(child) : pid ? procCpu(Number(pid)) : undefined);
  const before = await sample();
  const ownBefore = process.cpuUsage();
  const started = performance.now();
  counting = true;
  await sleep(seconds * 1000);
  counting = false;
  const elapsed = (performance.now() - started) / 1000;
  const after = await sample();
  const own = process.cpuUsage(ownBefore);

  const total = counts.reduce((a, b) => a + b, 0);
  const sorted = [...counts].sort((a, b) => a - b);
  const perClient = (n: number | undefined) => ((n ?? 0) / elapsed).toFixed(1);
  const serverCpu =
    before && after
      ? `${(((after.cpu - before.cpu) / 1000 / (after.wall - before.wall)) * 100).toFixed(1)} %`
      : 'n/a';
  const lines = [
    `clients                 ${clients}`,
    `window                  ${elapsed.toFixed(1)} s (publish interval ${url ? 'server default' : `${publishMs} ms`}${at ? `, server clock from ${at}` : ''})`,
    `delivered messages      ${total} (${(total / elapsed).toFixed(0)} msg/s)`,
    `  market_depth          ${(perChannel.market_depth / elapsed).toFixed(0)} msg/s`,
    `  daymarket             ${(perChannel.daymarket / elapsed).toFixed(0)} msg/s`,
    `per client              mean ${(total / clients / elapsed).toFixed(1)} msg/s, min ${perClient(sorted[0])}, max ${perClient(sorted[sorted.length - 1])}`,
    `server CPU              ${serverCpu} of one core (process.cpuUsage)`,
    `benchmark clients CPU   ${(((own.user + own.system) / 1000 / (elapsed * 1000)) * 100).toFixed(1)} %`,
    `cores                   ${os.cpus().length}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);

  for (const socket of sockets) socket.disconnect();
  if (child) {
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    child.send({ type: 'stop' });
    await Promise.race([exited, sleep(5000)]);
    if (child.exitCode === null) child.kill('SIGTERM');
  }
  clearTimeout(deadline);
}

if (process.argv.includes('--serve')) {
  serve().catch((error: unknown) => {
    process.stderr.write(`bench server failed: ${String(error)}\n`);
    process.exit(1);
  });
} else {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`benchmark failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
