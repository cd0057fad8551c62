/**
 * HTTP order benchmark (a script, not a test). Starts the API server in a child process on
 * loopback (temp SQLite, simulated feed on the real clock, rate limit lifted), registers N users
 * through the real flow, funds them with the dev tool, then drives N concurrent users (one request
 * in flight each, keep-alive) for a fixed time per phase and prints orders per second and latency
 * percentiles:
 *
 * - spot: market buy and market sell of 0.001 BTC in turn (`/api/transaction/in|out`, mode 1);
 * - lever: market long or short of 1 hand (`/api/lever/submit`), then its close (`/api/lever/close`).
 *
 *   pnpm --filter server exec tsx bench/trading-http.ts [--users 50] [--seconds 10]
 *
 * The load generator is a plain fetch loop (undici keep-alive pool), in the parent process.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

function numberArgument(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  if (index === -1) return fallback;
  const value = Number(process.argv[index + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer`);
  return value;
}

// ---- child: the server ---------------------------------------------------------------------------

async function serve(): Promise<void> {
  const { buildApp } = await import('../src/app');
  const { loadConfig } = await import('../src/core/config');
  const { reconcile } = await import('../src/kernel');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trading-http-bench-'));
  const config = loadConfig({
    APP_MODE: 'test',
    LOG_LEVEL: 'silent',
    DB_FILE: path.join(dir, 'app.db'),
    MARKET_BACKFILL: 'small',
    MARKET_FEED: 'simulated',
    RATE_LIMIT_PER_MINUTE: '10000000',
  });
  const server = await buildApp(config);
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as AddressInfo;
  const stop = async () => {
    const mismatches = (await reconcile(server.store.q)).length;
    process.send?.({ type: 'reconcile', mismatches });
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('message', (message: { type: string }) => {
    if (message.type === 'stop') void stop();
  });
  process.on('disconnect', () => void stop());
  process.send?.({ type: 'ready', port });
}

// ---- parent: the users ---------------------------------------------------------------------------

interface Answer {
  type: string;
  message: unknown;
  code?: string;
}

async function main(): Promise<void> {
  const users = numberArgument('users', 50);
  const seconds = numberArgument('seconds', 10);
  const child = fork(process.argv[1] as string, ['--child'], {
    execArgv: process.execArgv,
    stdio: 'inherit',
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { type: string; port: number }) =>
      m.type === 'ready' ? resolve(m.port) : reject(),
    );
    child.once('exit', () => reject(new Error('server exited')));
  });
  const base = `http://127.0.0.1:${port}`;
  const call = async (
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
    token?: string,
  ): Promise<Answer> => {
    const headers: Record<string, string> = { 'content-type': 'application/json', lang: 'en' };
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await fetch(`${base}${url}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as Answer;
  };

  console.log(`server on ${base}; registering ${users} users`);
  const tokens: string[] = [];
  for (let i = 0; i < users; i += 1) {
    const email = `bench-${i}@example.com`;
    await call('POST', '/api/sms_mail', { user_string: email, lang: 'en' });
    const outbox = await call('GET', `/dev/outbox?to=${encodeURIComponent(email)}`);
    const code = (outbox.message as Array<{ code: string }>)[0]?.code;
    await call('POST', '/api/user/register', {
      type: 'email',
      country_code: '1',
      user_string: email,
      code,
      password: 'Bench1234',
      re_password: 'Bench1234',
    });
    const login = await call('POST', '/api/user/login', {
      user_string: email,
      password: 'Bench1234',
      type: 1,
    });
    if (login.type !== 'ok') throw new Error(`login failed: ${JSON.stringify(login)}`);
    tokens.push(login.message as string);
    for (const [wallet, currency, amount] of [
      ['change', 'USDT', '100000000'],
      ['change', 'BTC', '10000'],
      ['lever', 'USDT', '100000000'],
    ]) {
      await call('POST', '/dev/credit', { user_string: email, wallet, currency, amount });
    }
  }

  const phase = async (
    name: string,
    step: (token: string, i: number, record: (ms: number, ok: boolean) => void) => Promise<void>,
  ) => {
    const latencies: number[] = [];
    let errors = 0;
    const record = (ms: number, ok: boolean) => {
      latencies.push(ms);
      if (!ok) errors += 1;
    };
    // Warm-up: one round per user.
    await Promise.all(tokens.map((t, i) => step(t, i, () => undefined)));
    const started = performance.now();
    const deadline = started + seconds * 1000;
    await Promise.all(
      tokens.map(async (token, u) => {
        let i = u;
        while (performance.now() < deadline) {
          await step(token, i, record);
          i += 1;
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const pct = (p: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
    console.log(
      `${name}: ${latencies.length} orders in ${elapsed.toFixed(1)} s = ${Math.round(latencies.length / elapsed)} orders/s; ` +
        `latency p50 ${pct(50).toFixed(1)} ms, p90 ${pct(90).toFixed(1)} ms, p99 ${pct(99).toFixed(1)} ms, max ${pct(100).toFixed(1)} ms; errors ${errors}`,
    );
  };

  const timed = async (record: (ms: number, ok: boolean) => void, run: () => Promise<Answer>) => {
    const t = performance.now();
    const answer = await run();
    record(performance.now() - t, answer.type === 'ok');
    return answer;
  };

  console.log(`${users} concurrent users, ${seconds} s a phase`);
  await phase('spot market orders (buy/sell 0.001 BTC)', async (token, i, record) => {
    await timed(record, () =>
      call(
        'POST',
        `/api/transaction/${i % 2 === 0 ? 'in' : 'out'}`,
        { legal_id: 3, currency_id: 1, num: '0.001', mode: 1, trade_type: 1 },
        token,
      ),
    );
  });
  await phase(
    'lever orders (market open 1 hand, then close: each call counted)',
    async (token, i, record) => {
      const opened = await timed(record, () =>
        call(
          'POST',
          '/api/lever/submit',
          { legal_id: 3, currency_id: 1, multiple: 100, share: 1, type: i % 2 === 0 ? 1 : 2, status: 1 },
          token,
        ),
      );
      const id = (opened.message as { id?: number }).id;
      if (id !== undefined) await timed(record, () => call('POST', '/api/lever/close', { id }, token));
    },
  );

  const mismatches = await new Promise<number>((resolve) => {
    child.on('message', (m: { type: string; mismatches: number }) => {
      if (m.type === 'reconcile') resolve(m.mismatches);
    });
    child.send({ type: 'stop' });
  });
  console.log(`reconcile after the run: ${mismatches === 0 ? 'ok' : `${mismatches} mismatches`}`);
}

if (process.argv.includes('--child')) void serve();
else
  void main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
