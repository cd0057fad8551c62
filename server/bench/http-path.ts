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
 *   pnpm --filter server exec tsx bench/http-path.ts [--connections 20] [--seconds 3] [--kinds invalid,refused,order] [--log] [--redis] [--profile <dir>]
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

async function main(): Promise<void> {
  const connections = Number(argument('connections') ?? '20');
  const seconds = Number(argument('seconds') ?? '3');
  const kinds = (argument('kinds') ?? 'invalid,refused,order').split(',');
  const port = Number(process.env.BENCH_PORT_BASE) || 0;
  const child = fork(
    process.argv[1] as string,
    ['--child', '--port', String(port), ...process.argv.slice(2)],
    {
      execArgv: [
        ...process.execArgv,
        ...(argument('profile') ? ['--cpu-prof', `--cpu-prof-dir=${argument('profile')}`] : []),
      ],
      stdio: 'inherit',
    },
  );
  const ask = <T>(type: string) =>
    new Promise<T>((resolve) => {
      child.once('message', (m: T) => resolve(m));
      child.send({ type });
    });
  const ready = await new Promise<{ port: number; token: string }>((resolve, reject) => {
    child.once('message', (m: { port: number; token: string }) => resolve(m));
    child.once('exit', () => reject(new Error('server exited')));
  });
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
  const bodies: Record<string, string[]> = {
    invalid: [
      requestBytes('/api/transaction/in', ready.token, {
        currency_id: 1,
        legal_id: 3,
        mode: 9,
        trade_type: 1,
        num: '0.001',
      }),
    ],
    refused: [
      requestBytes('/api/transaction/in', ready.token, {
        currency_id: 999,
        legal_id: 3,
        mode: 1,
        trade_type: 1,
        num: '0.001',
      }),
    ],
    order: [
      requestBytes('/api/transaction/in', ready.token, {
        currency_id: 1,
        legal_id: 3,
        mode: 1,
        trade_type: 1,
        num: '0.001',
      }),
      requestBytes('/api/transaction/out', ready.token, {
        currency_id: 1,
        legal_id: 3,
        mode: 1,
        trade_type: 1,
        num: '0.001',
      }),
    ],
  };
  console.log(
    `${connections} connections, ${seconds} s a kind, APP_MODE=production, feed off, ` +
      `log ${process.argv.includes('--log') ? 'info (to /dev/null)' : 'off'}, rate limit ${process.argv.includes('--redis') ? 'in Redis' : 'in memory'}`,
  );
  for (const kind of kinds) {
    const list = bodies[kind];
    if (!list) throw new Error(`unknown kind ${kind}`);
    // Warm-up (JIT, caches), not measured.
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
    await drive(1000);
    const before = await ask<{ micros: number; system: number }>('cpu');
    const commandsBefore = await redisCommands();
    const started = performance.now();
    const { count, statuses } = await drive(seconds * 1000);
    const elapsed = (performance.now() - started) / 1000;
    const after = await ask<{ micros: number; system: number }>('cpu');
    // Less the INFO call that reads it.
    const commands = (await redisCommands()) - commandsBefore - 1;
    const micros = after.micros - before.micros;
    console.log(
      `${kind.padEnd(8)} ${count} requests in ${elapsed.toFixed(1)} s = ${(count / elapsed).toFixed(0)}/s; ` +
        `server CPU ${(micros / count).toFixed(1)} µs a request ` +
        `(${((after.system - before.system) / count).toFixed(1)} in the kernel); answers ${[...statuses].map(([s, n]) => `${s}×${n}`).join(' ')}` +
        (redis ? `; Redis ${commands} commands = ${(commands / count).toFixed(3)} a request` : ''),
    );
  }
  redis?.disconnect();
  for (const c of pool) c.close();
  child.send({ type: 'stop' });
}

if (process.argv.includes('--child'))
  serve().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
else void main();
