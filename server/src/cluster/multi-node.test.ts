import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BigNumber from 'bignumber.js';
import type { Socket } from 'socket.io-client';
import { registerEmailUser, startTestServer, type TestServer } from '../testing/harness';
import { reconcile } from '../kernel';
import { MAX_OPEN_ORDERS } from '../lever/service';

/**
 * Two API nodes on one PostgreSQL database and one Redis (issue 12 item 18). Needs
 * TEST_DATABASE_URL and REDIS_URL: `node scripts/with-postgres.mjs env TZ=UTC pnpm exec jest
 * server/src/cluster`; skipped, visibly, without them. Both nodes are started with the same
 * DB_FILE, so the harness gives them the same PostgreSQL database (and whatever still lives in
 * SQLite is shared too).
 */
const ready = Boolean(process.env.TEST_DATABASE_URL && process.env.REDIS_URL);

jest.setTimeout(60_000);

async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 5000,
): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - start;
}

async function credit(node: TestServer, email: string, wallet: string, amount: string): Promise<void> {
  const res = await node.post('/dev/credit', { user_string: email, wallet, currency: 'USDT', amount });
  expect(res.status).toBe(200);
}

async function pin(node: TestServer, price: string): Promise<void> {
  expect((await node.post('/dev/market/price', { symbol: 'BTC/USDT', price })).status).toBe(200);
}

/** The user's micro USDT balance, read from the shared database. */
async function microBalance(node: TestServer, email: string) {
  const row = await node.store.q
    .selectFrom('wallet_balances')
    .innerJoin('users', 'users.id', 'wallet_balances.user_id')
    .select(['wallet_balances.available', 'wallet_balances.locked'])
    .where('users.email', '=', email)
    .where('wallet_balances.wallet_type', '=', 'micro')
    .where('wallet_balances.currency_id', '=', 3)
    .executeTakeFirstOrThrow();
  return { available: new BigNumber(row.available).toFixed(), locked: new BigNumber(row.locked).toFixed() };
}

async function settledCount(node: TestServer, ids: number[]): Promise<number> {
  const rows = await node.store.q
    .selectFrom('micro_orders')
    .select('id')
    .where('id', 'in', ids)
    .where('status', '=', 3)
    .execute();
  return rows.length;
}

(ready ? describe : describe.skip)('two API nodes (needs TEST_DATABASE_URL and REDIS_URL)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'multi-node-'));
  const env = {
    DB_FILE: path.join(dir, 'app.db'),
    REDIS_URL: process.env.REDIS_URL ?? '',
    REDIS_PREFIX: `t${crypto.randomBytes(4).toString('hex')}`,
    LEADER_RETRY_MS: '100',
    // No feed, but the timers run: prices move only when pinned, contracts settle on time.
    MARKET_FEED: 'off',
  };
  let a: TestServer;
  let b: TestServer;
  const running = new Set<TestServer>();

  beforeAll(async () => {
    // One after the other: the first migrates and seeds the shared database. Each node has its
    // own upload folder, as nodes on separate machines have their own disks.
    a = await startTestServer({ ...env, UPLOAD_DIR: path.join(dir, 'uploads-a') });
    running.add(a);
    b = await startTestServer({ ...env, UPLOAD_DIR: path.join(dir, 'uploads-b') });
    running.add(b);
  });

  afterAll(async () => {
    for (const node of running) await node.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('one node runs the engine jobs, the other only serves', () => {
    expect(a.cluster.leadership.isLeader).toBe(true);
    expect(a.cluster.jobs.running).toBe(true);
    expect(b.cluster.leadership.isLeader).toBe(false);
    expect(b.cluster.jobs.running).toBe(false);
  });

  it('an order placed on node A reaches a socket connected to node B', async () => {
    const token = await registerEmailUser(a, 'multi-lever@example.com');
    expect(
      (
        await a.post('/dev/credit', {
          user_string: 'multi-lever@example.com',
          wallet: 'lever',
          currency: 'USDT',
          amount: '10000',
        })
      ).status,
    ).toBe(200);
    const socket: Socket = await b.socket();
    const pushes: Array<{ event?: string; order?: { id?: number } | null }> = [];
    socket.on('lever_trade', (payload: { event?: string }) => pushes.push(payload));
    expect(await socket.emitWithAck('login', { token })).toEqual({ ok: true });
    expect(await socket.emitWithAck('sub', { channel: 'lever_trade' })).toEqual({ ok: true });
    // Give node B's stream reader a moment (it reads from the stream's end).
    await new Promise((resolve) => setTimeout(resolve, 200));

    expect((await a.post('/dev/market/price', { symbol: 'BTC/USDT', price: '60000' })).status).toBe(200);
    const placed = await a.post(
      '/api/lever/submit',
      { legal_id: 3, currency_id: 1, multiple: 100, share: 10, type: 1, status: 1 },
      { token },
    );
    expect(placed.status).toBe(200);
    await until(() => pushes.length > 0, 'lever_trade push on node B');
    expect(pushes[0]?.event).toBe('open');
  });

  it('an image uploaded through node A is read through node B', async () => {
    const token = await registerEmailUser(a, 'multi-upload@example.com');
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      crypto.randomBytes(256),
    ]);
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'front.png');
    const uploaded = await fetch(`${a.baseUrl}/api/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const id = ((await uploaded.json()) as { message: string }).message;

    // The signed URL and the image itself, both through node B.
    const signed = await b.get(`/api/upload/url?id=${id}`, { token });
    expect(signed.status).toBe(200);
    const image = await fetch(`${b.baseUrl}${(signed.body.message as { url: string }).url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(png)).toBe(true);
  });

  it('the cap on open lever orders per user holds across both nodes', async () => {
    const email = 'multi-lever-cap@example.com';
    const token = await registerEmailUser(a, email);
    await credit(a, email, 'lever', '1000000');
    await pin(a, '60000');
    // 130 pending buy limits far below the market (none fills), half through each node, at once.
    const answers = await Promise.all(
      Array.from({ length: 130 }, (_, i) =>
        (i % 2 ? a : b).post(
          '/api/lever/submit',
          { legal_id: 3, currency_id: 1, multiple: 100, share: 1, type: 1, status: 0, target_price: '30000' },
          { token },
        ),
      ),
    );
    const accepted = answers.filter((r) => r.status === 200);
    expect(accepted.length).toBe(MAX_OPEN_ORDERS);
    for (const refused of answers.filter((r) => r.status !== 200))
      expect(refused.body.code).toBe('lever.too_many_orders');
    const open = await a.store.q
      .selectFrom('lever_orders')
      .innerJoin('users', 'users.id', 'lever_orders.user_id')
      .select('lever_orders.id')
      .where('users.email', '=', email)
      .where('lever_orders.status', 'in', [0, 1])
      .execute();
    expect(open.length).toBe(MAX_OPEN_ORDERS);
    // Room again on either node once one is cancelled.
    const first = accepted[0]?.body.message as { id: number };
    expect((await b.post('/api/lever/cancel', { id: first.id }, { token })).status).toBe(200);
    const again = await b.post(
      '/api/lever/submit',
      { legal_id: 3, currency_id: 1, multiple: 100, share: 1, type: 1, status: 0, target_price: '30000' },
      { token },
    );
    expect(again.status).toBe(200);
    expect(await reconcile(a.store.q)).toEqual([]);
  });

  it('200 concurrent orders split across both nodes against one balance never overdraw', async () => {
    const email = 'multi-balance@example.com';
    const token = await registerEmailUser(a, email);
    await credit(a, email, 'micro', '5000');
    await pin(a, '60000');
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        (i % 2 ? a : b).post(
          '/api/microtrade/submit',
          { match_id: 1, currency_id: 3, type: 1 + (i % 2), seconds: 120, number: '100' },
          { token },
        ),
      ),
    );
    const accepted = answers.filter((r) => r.status === 200);
    // 5000 / 100: exactly 50 fit, whichever node took them; every refusal says why.
    expect(accepted).toHaveLength(50);
    for (const refused of answers.filter((r) => r.status !== 200))
      expect(refused.body.code).toMatch(/balance/);
    expect(answers.filter((r, i) => r.status === 200 && i % 2 === 0).length).toBeGreaterThan(0);
    expect(answers.filter((r, i) => r.status === 200 && i % 2 === 1).length).toBeGreaterThan(0);
    // The stakes left the balance: nothing more, whichever node took them.
    expect(await microBalance(a, email)).toEqual({ available: '0', locked: '0' });
    expect(await reconcile(a.store.q)).toEqual([]);
  });

  it('the engine node stops mid-run: the other takes over and settles every due contract once', async () => {
    const email = 'multi-seconds@example.com';
    const token = await registerEmailUser(a, email);
    await credit(a, email, 'micro', '10000');
    await pin(a, '60000');
    // Ten 30 s and ten 60 s contracts, half placed on each node.
    const placed = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? a : b).post(
          '/api/microtrade/submit',
          { match_id: 1, currency_id: 3, type: 1 + (i % 2), seconds: i < 10 ? 30 : 60, number: '100' },
          { token },
        ),
      ),
    );
    for (const answer of placed) expect(answer.status).toBe(200);
    const ids = placed.map((answer) => (answer.body.message as { id: number }).id);
    // Both nodes opened at the engine node's price (the follower's port is fed over the bus).
    for (const answer of placed)
      expect((answer.body.message as { open_price: string }).open_price).toBe('60000.00');

    const advance = (ms: number) => {
      for (const node of running) node.clock.advance(ms);
    };
    advance(31_000);
    await pin(a, '60100');
    // The tape passed the 30 s contracts' end: the engine node (A) settles them.
    await until(async () => (await settledCount(a, ids)) === 10, 'A settles the 30 s contracts', 10_000);

    const seen: boolean[] = [];
    b.cluster.leadership.onChange((leader) => seen.push(leader));
    running.delete(a);
    await a.stop();
    await until(() => b.cluster.jobs.running, 'takeover', 3000);
    expect(seen).toEqual([true]);

    advance(30_000);
    await pin(b, '59900');
    await until(async () => (await settledCount(b, ids)) === 20, 'B settles the 60 s contracts', 10_000);
    // Each contract settled once: the balance is the start plus every contract's result, once.
    const rows = await b.store.q
      .selectFrom('micro_orders')
      .select(['id', 'status', 'fact_profits'])
      .where('id', 'in', ids)
      .execute();
    expect(rows.every((row) => row.status === 3)).toBe(true);
    const results = rows.reduce((sum, row) => sum.plus(row.fact_profits ?? 'NaN'), new BigNumber(0));
    expect(await microBalance(b, email)).toEqual({
      available: new BigNumber(10000).plus(results).toFixed(),
      locked: '0',
    });
    expect(await reconcile(b.store.q)).toEqual([]);
  });
});
