/**
 * The HTTP side of an order call, measured alone (a script, not a test): the server's CPU per
 * request on `POST /api/transaction/in` for answers that cost the engine little or nothing, so
 * that what remains is routing, the security and CORS hooks, the rate limit, the auth hook, body
 * parsing, the contract's validation, the error or answer envelope, serialization and the
 * access log. The server runs in a child process (APP_MODE=production, temp SQLite, feed off);
 * N keep-alive connections with one request in flight each drive it for a fixed time per kind:
 *
 * - `invalid`: a body the contract refuses (mode 9): hooks, auth, validation, error envelope;
 * - `refused`: a valid body the engine refuses at once (an unknown pair): adds the handler;
 * - `order`: real market buys and sells of 0.001 BTC (group commit, ledger): the whole call.
 *
 *   pnpm --filter server exec tsx bench/http-path.ts [--connections 20] [--seconds 3] [--kinds invalid,refused,order] [--floor] [--log] [--redis] [--profile <dir>]
 *
 * `--floor`: first the same load on two servers that do nothing but answer, in a child of their
 * own: `node` (node:http, the JSON body parsed, a small JSON envelope written) and `fastify`
 * (Fastify 5 alone, one POST route, no hooks, plugins or schema), then the app's kinds. They are
 * this machine's floors: what any order call costs here before the app does anything, and so
 * the most orders a second that one event loop can take (`at most`, at 100% of a core); with
 * the load generator's own CPU a request, what a 2-core machine has left for the order's work.
 *
 * `--log`: the access log at level info into /dev/null (production writes one line a request;
 * without it the logger is off, as in the trading bench). `--redis`: the rate limit's counters
 * in Redis (REDIS_URL; run it under scripts/with-postgres.mjs for a throwaway one), and the Redis
 * commands a request costs (from Redis's INFO commandstats, all commands of that Redis). The server
 * listens on BENCH_PORT_BASE when it is set. `--profile <dir>`: the server writes a V8 CPU profile there.
 */
import { fork } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

function argument(name: string): string | undefined {
  const index = process.argv.lastIndexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

/** The floors (`--floor`): answering alone, with node:http and with Fastify, on two ports. */
async function serveFloors(): Promise<void> {
  const http = await import('node:http');
  const { default: Fastify } = await import('fastify');
  const answer = (body: unknown) => JSON.stringify({ type: 'ok', message: { id: 1, echo: body } });
  const node = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = answer(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      response.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(text),
      });
      response.end(text);
    });
  });
  await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve));
  const fastify = Fastify({ logger: false });
  fastify.post('/api/transaction/in', async (request) => ({
    type: 'ok',
    message: { id: 1, echo: request.body },
  }));
  await fastify.listen({ port: 0, host: '127.0.0.1' });
  process.on('message', (message: { type: string }) => {
    if (message.type === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send?.({ type: 'cpu', micros: user + system, system });
    }
    if (message.type === 'stop') process.exit(0);
  });
  process.send?.({
    type: 'ready',
    ports: {
      node: (node.address() as AddressInfo).port,
      fastify: (fastify.server.address() as AddressInfo).port,
    },
  });
}

async function serve(): Promise<void> {
  const { buildApp } = await import('../src/app');
  const { loadConfig } = await import('../src/core/config');
  const { postLedger } = await import('../src/kernel');
  const { insertUser } = await import('../src/accounts/users');
  const { issueToken } = await import('../src/core/auth');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'http-path-bench-'));
  const log = process.argv.includes('--log');
  const config = loadConfig({
    APP_MODE: 'production',
    LOG_LEVEL: log ? 'info' : 'silent',
    DB_FILE: path.join(dir, 'app.db'),
    MARKET_BACKFILL: 'small',
    MARKET_FEED: 'off',
    RATE_LIMIT_PER_MINUTE: '10000000',
    ...(process.argv.includes('--redis') ? { REDIS_URL: process.env.REDIS_URL } : {}),
  });
  const server = await buildApp(config, log ? { logStream: fs.createWriteStream('/dev/null') } : {});
  await server.app.listen({ port: Number(argument('port') ?? '0'), host: '127.0.0.1' });
  const { port } = server.app.server.address() as AddressInfo;
  const now = Date.now();
  const token = await server.store.tx(async (q) => {
    const userId = await insertUser(
      q,
      { email: `bench-${crypto.randomBytes(4).toString('hex')}@example.com`, passwordHash: 'x' },
      now,
    );
    const base = { userId, reason: 'deposit', ref: 'bench' } as const;
    await postLedger(
      q,
      [
        { ...base, walletType: 'change', currencyId: 3, amount: '100000000' },
        { ...base, walletType: 'change', currencyId: 1, amount: '10000' },
      ],
      { now },
    );
    return issueToken(q, userId, now, config.tokenTtlSeconds);
  });
  process.on('message', (message: { type: string }) => {
    if (message.type === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send?.({ type: 'cpu', micros: user + system, system });
    }
    if (message.type === 'stop') {
      void server.close().then(() => {
        fs.rmSync(dir, { recursive: true, force: true });
        process.exit(0);
      });
    }
  });
  process.send?.({ type: 'ready', port, token });
}

/** One keep-alive connection, one request in flight; answers framed by Content-Length. */
class Connection {
  private buffer: Buffer = Buffer.alloc(0);
  private waiting: ((status: number) => void) | undefined;

  constructor(private readonly socket: net.Socket) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
  }

  static open(port: number): Promise<Connection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => resolve(new Connection(socket)));
      socket.once('error', reject);
    });
  }

  private onData(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const headEnd = this.buffer.indexOf('\r\n\r\n');
    if (headEnd < 0) return;
    const head = this.buffer.toString('latin1', 0, headEnd);
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    const end = headEnd + 4 + Number(length?.[1] ?? 0);
    if (this.buffer.length < end) return;
    this.buffer = this.buffer.subarray(end);
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.(Number(head.slice(9, 12)));
  }

  send(bytes: string): Promise<number> {
    return new Promise((resolve) => {
      this.waiting = resolve;
      this.socket.write(bytes);
    });
  }

  close(): void {
    this.socket.destroy();
  }
}

function requestBytes(url: string, token: string, body: unknown): string {
  const payload = JSON.stringify(body);
  return (
    `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nlang: en\r\nAuthorization: Bearer ${token}\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`
  );
}

interface Child {
  ask: <T>(type: string) => Promise<T>;
  ready: Promise<unknown>;
}

/** A server child (`--child` the app, `--floors` the floors), with its profile when asked. */
function startChild(role: '--child' | '--floors'): Child {
  const port = Number(process.env.BENCH_PORT_BASE) || 0;
  const child = fork(process.argv[1] as string, [role, '--port', String(port), ...process.argv.slice(2)], {
    execArgv: [
      ...process.execArgv,
      ...(argument('profile') && role === '--child'
        ? ['--cpu-prof', `--cpu-prof-dir=${argument('profile')}`]
        : []),
    ],
    stdio: 'inherit',
  });
  const ready = new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', () => reject(new Error('server exited')));
  });
  return {
    ready,
    ask: <T>(type: string) =>
      new Promise<T>((resolve) => {
        child.once('message', (m: T) => resolve(m));
        child.send({ type });
      }),
  };
}

interface Measured {
  count: number;
  perSecond: number;
  /** The server's CPU a request (µs), and its kernel part. */
  serverMicros: number;
  kernelMicros: number;
  /** The load generator's (this process's) CPU a request (µs). */
  clientMicros: number;
  statuses: Map<number, number>;
}

/** `seconds` of load (after 1 s of warm-up) on `pool`, each connection sending `list` in turn. */
async function measure(
  pool: Connection[],
  list: string[],
  seconds: number,
  server: Child,
): Promise<Measured> {
  const drive = async (ms: number) => {
    const statuses = new Map<number, number>();
    let count = 0;
    const end = performance.now() + ms;
    await Promise.all(
      pool.map(async (c, i) => {
        let n = i;
        while (performance.now() < end) {
          const status = await c.send(list[n % list.length] as string);
          n += 1;
          count += 1;
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }
      }),
    );
    return { count, statuses };
  };
  // Warm-up (JIT, caches), not measured.
  await drive(1000);
  const before = await server.ask<{ micros: number; system: number }>('cpu');
  const clientBefore = process.cpuUsage();
  const started = performance.now();
  const { count, statuses } = await drive(seconds * 1000);
  const elapsed = (performance.now() - started) / 1000;
  const client = process.cpuUsage(clientBefore);
  const after = await server.ask<{ micros: number; system: number }>('cpu');
  return {
    count,
    perSecond: count / elapsed,
    serverMicros: (after.micros - before.micros) / count,
    kernelMicros: (after.system - before.system) / count,
    clientMicros: (client.user + client.system) / count,
    statuses,
  };
}

/** `oneThread`: the server is its event loop alone (the floors), so its CPU caps its rate. */
const describe = (kind: string, m: Measured, oneThread = false) =>
  `${kind.padEnd(8)} ${m.count} requests in ${(m.count / m.perSecond).toFixed(1)} s = ${m.perSecond.toFixed(0)}/s; ` +
  `server CPU ${m.serverMicros.toFixed(1)} µs a request (${m.kernelMicros.toFixed(1)} in the kernel)` +
  (oneThread ? `, at most ${Math.floor(1e6 / m.serverMicros)}/s on one core` : '') +
  `; load generator ${m.clientMicros.toFixed(1)} µs a request; ` +
  `answers ${[...m.statuses].map(([s, n]) => `${s}×${n}`).join(' ')}`;

/** The floors: what answering alone costs on this machine, with node:http and with Fastify. */
async function measureFloors(connections: number, seconds: number): Promise<void> {
  const floors = startChild('--floors');
  const { ports } = (await floors.ready) as { ports: Record<'node' | 'fastify', number> };
  const body = requestBytes('/api/transaction/in', 'floor', {
    currency_id: 1,
    legal_id: 3,
    mode: 1,
    trade_type: 1,
    num: '0.001',
  });
  const results: Array<[string, Measured]> = [];
  for (const kind of ['node', 'fastify'] as const) {
    const pool = await Promise.all(Array.from({ length: connections }, () => Connection.open(ports[kind])));
    const m = await measure(pool, [body], seconds, floors);
    for (const c of pool) c.close();
    console.log(describe(kind, m, true));
    results.push([kind, m]);
  }
  // What a 2-core machine that also runs the load generator has left for an order's own work
  // at 10,000 orders a second (2,000,000 µs of CPU a second): the floor and the generator first.
  for (const [kind, m] of results)
    console.log(
      // At 10,000/s, each µs an order is 1% of a core.
      `  at 10,000/s on 2 cores: ${kind} floor ${m.serverMicros.toFixed(0)}% of a core, load generator ` +
        `${m.clientMicros.toFixed(0)}%; left for everything the app does (auth, validation, engine, ledger, ` +
        `SQLite), on both cores at 100%: ${(200 - m.serverMicros - m.clientMicros).toFixed(0)} µs an order, ` +
        `of it on the answering event loop at 100%: ${(100 - m.serverMicros).toFixed(0)} µs`,
    );
  floors.ask('stop').catch(() => undefined);
}

async function main(): Promise<void> {
  const connections = Number(argument('connections') ?? '20');
  const seconds = Number(argument('seconds') ?? '3');
  const kinds = (argument('kinds') ?? 'invalid,refused,order').split(',');
  console.log(
    `${connections} connections, ${seconds} s a kind, APP_MODE=production, feed off, ` +
      `log ${process.argv.includes('--log') ? 'info (to /dev/null)' : 'off'}, rate limit ${process.argv.includes('--redis') ? 'in Redis' : 'in memory'}`,
  );
  if (process.argv.includes('--floor')) await measureFloors(connections, seconds);
  const server = startChild('--child');
  const ready = (await server.ready) as { port: number; token: string };
  const pool = await Promise.all(Array.from({ length: connections }, () => Connection.open(ready.port)));
  // Redis's own count of the commands it ran (every client's): what the requests cost there.
  const redisUrl = process.argv.includes('--redis') ? process.env.REDIS_URL : undefined;
  const { Redis } = await import('ioredis');
  const redis = redisUrl ? new Redis(redisUrl) : null;
  const redisCommands = async (): Promise<number> => {
    const info = redis ? await redis.info('commandstats') : '';
    let calls = 0;
    for (const match of info.matchAll(/^cmdstat_[^:]+:calls=(\d+)/gm)) calls += Number(match[1]);
    return calls;
  };
  const order = (url: string, currencyId: number, mode: number) =>
    requestBytes(url, ready.token, {
      currency_id: currencyId,
      legal_id: 3,
      mode,
      trade_type: 1,
      num: '0.001',
    });
  const bodies: Record<string, string[]> = {
    invalid: [order('/api/transaction/in', 1, 9)],
    refused: [order('/api/transaction/in', 999, 1)],
    order: [order('/api/transaction/in', 1, 1), order('/api/transaction/out', 1, 1)],
  };
  for (const kind of kinds) {
    const list = bodies[kind];
    if (!list) throw new Error(`unknown kind ${kind}`);
    const commandsBefore = await redisCommands();
    const m = await measure(pool, list, seconds, server);
    // Less the INFO call that reads it.
    const commands = (await redisCommands()) - commandsBefore - 1;
    console.log(
      describe(kind, m) +
        (redis ? `; Redis ${commands} commands = ${(commands / m.count).toFixed(3)} a request` : ''),
    );
  }
  redis?.disconnect();
  for (const c of pool) c.close();
  server.ask('stop').catch(() => undefined);
}

if (process.argv.includes('--floors'))
  serveFloors().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
else if (process.argv.includes('--child'))
  serve().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
else void main();
