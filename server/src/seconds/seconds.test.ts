import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BigNumber from 'bignumber.js';
import type { Socket } from 'socket.io-client';
import { buildApp } from '../app';
import { ManualClock } from '../core/clock';
import { loadConfig } from '../core/config';
import { Random } from '../market/random';
import {
  registerEmailUser,
  startTestServer,
  TEST_START,
  testDatabase,
  type TestServer,
} from '../testing/harness';
import { fund } from '../testing/fund';
import { getBalance, reconcile } from '../kernel';
import { secondsEngineOf } from './routes';
import { outcome, SETTLE_GRACE_MS } from './service';

let server: TestServer;
let alice: string;
let bob: string;
let aliceId: number;
let socket: Socket;
const alicePushes: Array<Record<string, unknown>> = [];
const bobPushes: unknown[] = [];

interface Order {
  id: number;
  type: 1 | 2;
  status: number;
  number: string;
  seconds: number;
  open_price: string;
  end_price: string | null;
  fact_profits: string | null;
  result: string | null;
  open_seq: number;
  end_seq: number | null;
  end_trade_time: string | null;
  remain_milli_seconds: number;
}

const userIdOf = async (token: string) =>
  ((await server.get('/api/user/info', { token })).body.message as { id: number }).id;
const pin = async (price: string, symbol = 'BTC/USDT') => {
  const res = await server.post('/dev/market/price', { symbol, price });
  expect(res.status).toBe(200);
  return server.market.lastTrade(1);
};
const micro = (userId: number) => getBalance(server.store.q, userId, 'micro', 3);
const submit = (token: string, body: Record<string, unknown>) =>
  server.post(
    '/api/microtrade/submit',
    { match_id: 1, currency_id: 3, type: 1, seconds: 30, number: '100', ...body },
    { token },
  );
const lists = async (token: string, status: 1 | 3) =>
  (await server.get(`/api/microtrade/lists?status=${status}&page=1&limit=100000000`, { token })).body
    .message as {
    data: Order[];
    total: number;
  };

// Real HTTP, sockets and SQLite on a shared 2-CPU machine: generous time.
jest.setTimeout(30_000);

beforeAll(async () => {
  server = await startTestServer({ MARKET_FEED: 'manual' });
  alice = await registerEmailUser(server, 'sec-alice@example.com');
  bob = await registerEmailUser(server, 'sec-bob@example.com');
  aliceId = await userIdOf(alice);
  await fund(server.store, aliceId, 'micro', 3, '1000000');
  socket = await server.socket();
  socket.on('closed_microorder', (p: Record<string, unknown>) => alicePushes.push(p));
  expect(await socket.emitWithAck('login', { token: alice })).toEqual({ ok: true });
  expect(await socket.emitWithAck('sub', { channel: 'closed_microorder' })).toEqual({ ok: true });
  const bobSocket = await server.socket();
  bobSocket.on('closed_microorder', (p: unknown) => bobPushes.push(p));
  expect(await bobSocket.emitWithAck('login', { token: bob })).toEqual({ ok: true });
  expect(await bobSocket.emitWithAck('sub', { channel: 'closed_microorder' })).toEqual({ ok: true });
});

afterEach(async () => {
  expect(await reconcile(server.store.q)).toEqual([]);
});

afterAll(async () => {
  await server.stop();
});

describe('outcome', () => {
  it('up wins above, down below, equal ties', () => {
    const d = (v: string) => new BigNumber(v);
    expect(outcome(1, d('1'), d('1.01'))).toBe('win');
    expect(outcome(1, d('1'), d('0.99'))).toBe('loss');
    expect(outcome(2, d('1'), d('0.99'))).toBe('win');
    expect(outcome(2, d('1'), d('1.01'))).toBe('loss');
    expect(outcome(1, d('1'), d('1.00'))).toBe('tie');
    expect(outcome(2, d('1'), d('1'))).toBe('tie');
  });
});

describe('microtrade calls', () => {
  it('lists payable currencies with the micro balance, and the durations', async () => {
    const pc = await server.get('/api/microtrade/payable_currencies', { token: alice });
    const usdt = (pc.body.message as Array<Record<string, unknown>>)[0];
    expect(usdt).toMatchObject({
      id: 3,
      name: 'USDT',
      user_wallet: { micro_balance: '1000000', currency_name: 'USDT' },
      micro_numbers: [
        { number: '10' },
        { number: '50' },
        { number: '100' },
        { number: '500' },
        { number: '1000' },
        { number: '5000' },
      ],
    });
    const sec = await server.get('/api/microtrade/seconds', { token: alice });
    expect(sec.body.message).toContainEqual({ seconds: 30, profit_ratio: '80', status: 1 });
    expect((await server.get('/api/microtrade/seconds')).body.type).toBe('999');
  });

  it('refuses bad orders with coded errors', async () => {
    await pin('60000');
    const code = async (body: Record<string, unknown>, token = alice) =>
      (await submit(token, body)).body.code;
    expect(await code({ type: 0 })).toBe('seconds.type_invalid');
    expect(await code({ seconds: 45 })).toBe('seconds.seconds_invalid');
    expect(await code({ seconds: 600 })).toBe('seconds.seconds_invalid');
    expect(await code({ number: '0' })).toBe('seconds.number_invalid');
    expect(await code({ number: '5' })).toBe('seconds.below_minimum');
    expect(await code({ number: '50001' })).toBe('seconds.above_maximum');
    expect(await code({ currency_id: 2 })).toBe('seconds.currency_invalid');
    expect(await code({ match_id: 999 })).toBe('seconds.pair_not_found');
    expect(await code({}, bob)).toBe('wallet.insufficient_balance');
  });

  it('settles only once the tape has passed the end instant, on the price at that instant; owner-only push', async () => {
    const open = await pin('60000');
    const res = await submit(alice, { type: 1, seconds: 30, number: '100' });
    const order = res.body.message as Order;
    expect(order).toMatchObject({
      status: 1,
      open_price: '60000.00',
      open_seq: open?.seq,
      remain_milli_seconds: 30000,
    });
    expect((await micro(aliceId)).available).toBe('999900');

    server.clock.advance(10_000);
    const atEnd = await pin('60001');
    server.clock.advance(20_000); // exactly the end instant
    expect(await secondsEngineOf(server.ctx)?.settleDue()).toBe(0);
    expect((await lists(alice, 1)).data.find((o) => o.id === order.id)?.status).toBe(2);
    await pin('59000'); // prints AT the end instant: it is the price at that instant
    expect((await lists(alice, 1)).data.find((o) => o.id === order.id)?.status).toBe(2);
    const endTrade = server.market.lastTrade(1);
    server.clock.advance(1);
    await pin('70000'); // after the end: the tape has passed it
    const closed = (await lists(alice, 3)).data.find((o) => o.id === order.id);
    expect(closed).toMatchObject({
      status: 3,
      end_price: '59000.00',
      result: 'loss',
      fact_profits: '-100',
      end_seq: endTrade?.seq,
    });
    expect(atEnd?.seq).toBeLessThan(endTrade?.seq ?? 0);
    expect((await micro(aliceId)).available).toBe('999900');
    const started = Date.now();
    while (!alicePushes.some((p) => p.id === order.id) && Date.now() - started < 3000)
      await new Promise((r) => setTimeout(r, 5));
    expect(alicePushes.find((p) => p.id === order.id)).toMatchObject({ status: 3, result: 'loss' });
    expect(bobPushes).toEqual([]);
  });

  it('a quiet tape settles SETTLE_GRACE_MS after the end on the last trade before it', async () => {
    await pin('60000');
    const order = (await submit(alice, { type: 2, seconds: 60, number: '10' })).body.message as Order;
    server.clock.advance(60_000 + SETTLE_GRACE_MS - 1);
    expect(await secondsEngineOf(server.ctx)?.settleDue()).toBe(0);
    server.clock.advance(1);
    expect(await secondsEngineOf(server.ctx)?.settleDue()).toBe(1);
    const closed = (await lists(alice, 3)).data.find((o) => o.id === order.id);
    expect(closed).toMatchObject({ result: 'tie', fact_profits: '0', end_price: '60000.00' });
    expect((await micro(aliceId)).available).toBe('999900');
    // Bob cannot read Alice's orders.
    expect((await lists(bob, 3)).data).toEqual([]);
  });

  it('1000 orders over a replayed tape settle exactly as the tape says (ties refunded)', async () => {
    const random = new Random(7, 1, 2, 3);
    const durations = [30, 60, 120, 300];
    const prices = ['60000.00', '60000.01', '59999.99', '60000.02'];
    const tape: Array<{ time: number; price: string; seq: number }> = [];
    const placed: Order[] = [];
    const before = new BigNumber((await micro(aliceId)).available);
    let stakes = new BigNumber(0);
    while (placed.length < 1000) {
      server.clock.advance(1000 + Math.floor(random.uniform() * 4000));
      const price = prices[Math.floor(random.uniform() * prices.length)] as string;
      const trade = await pin(price);
      if (!trade) throw new Error('no trade');
      tape.push({ time: trade.time, price: trade.price, seq: trade.seq });
      const burst = 1 + Math.floor(random.uniform() * 4);
      const batch = await Promise.all(
        Array.from({ length: burst }, () => {
          const number = String(10 + Math.floor(random.uniform() * 90));
          stakes = stakes.plus(number);
          return submit(alice, {
            type: random.uniform() < 0.5 ? 1 : 2,
            seconds: durations[Math.floor(random.uniform() * durations.length)],
            number,
          });
        }),
      );
      for (const r of batch) {
        expect(r.status).toBe(200);
        placed.push(r.body.message as Order);
      }
    }
    // Let the tape run past every end.
    for (let i = 0; i < 80; i += 1) {
      server.clock.advance(5000);
      const trade = await pin(prices[i % prices.length] as string);
      if (trade) tape.push({ time: trade.time, price: trade.price, seq: trade.seq });
    }
    expect((await lists(alice, 1)).total).toBe(0);
    const closed = new Map<number, Order>();
    for (let page = 1; page <= 4; page += 1) {
      const res = await server.get(`/api/microtrade/lists?status=3&page=${page}&limit=500`, { token: alice });
      for (const o of (res.body.message as { data: Order[] }).data) closed.set(o.id, o);
    }
    let payouts = new BigNumber(0);
    const results = { win: 0, loss: 0, tie: 0 };
    for (const order of placed) {
      const endAt = Date.parse((order as unknown as { end_at: string }).end_at);
      let at: (typeof tape)[number] | undefined;
      for (const t of tape) if (t.time <= endAt) at = t;
      const settled = closed.get(order.id);
      const expected = outcome(order.type, new BigNumber(order.open_price), new BigNumber(at?.price ?? ''));
      results[expected] += 1;
      expect(settled).toMatchObject({ end_price: at?.price, end_seq: at?.seq, result: expected });
      const profit =
        expected === 'win'
          ? new BigNumber(order.number)
              .times(order.seconds === 30 ? 80 : order.seconds === 60 ? 85 : order.seconds === 120 ? 90 : 95)
              .div(100)
          : expected === 'loss'
            ? new BigNumber(order.number).negated()
            : new BigNumber(0);
      expect(settled?.fact_profits).toBe(profit.toFixed());
      if (expected !== 'loss') payouts = payouts.plus(order.number).plus(expected === 'win' ? profit : 0);
    }
    expect(results.tie).toBeGreaterThan(50);
    expect(results.win).toBeGreaterThan(100);
    expect(results.loss).toBeGreaterThan(100);
    expect((await micro(aliceId)).available).toBe(before.minus(stakes).plus(payouts).toFixed());
  }, 60_000);
});

describe('restart', () => {
  it('orders due while the server was down settle from the tape on start', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seconds-restart-'));
    const dbFile = path.join(dir, 'app.db');
    const first = await startTestServer({ MARKET_FEED: 'manual', DB_FILE: dbFile });
    const token = await registerEmailUser(first, 'restart@example.com');
    const userId = ((await first.get('/api/user/info', { token })).body.message as { id: number }).id;
    await fund(first.store, userId, 'micro', 3, '1000');
    await first.post('/dev/market/price', { symbol: 'BTC/USDT', price: '60000' });
    const order = (
      await first.post(
        '/api/microtrade/submit',
        { match_id: 1, currency_id: 3, type: 1, seconds: 30, number: '100' },
        { token },
      )
    ).body.message as Order;
    first.clock.advance(20_000);
    await first.post('/dev/market/price', { symbol: 'BTC/USDT', price: '60100' });
    const endTrade = first.market.lastTrade(1);
    await first.close();

    // On PostgreSQL (TEST_DATABASE_URL) the same database, named after DB_FILE.
    const database = await testDatabase({ DB_FILE: dbFile });
    const config = loadConfig({
      APP_MODE: 'test',
      LOG_LEVEL: 'silent',
      DB_FILE: dbFile,
      MARKET_BACKFILL: 'small',
      MARKET_FEED: 'manual',
      ...(database ? { DATABASE_URL: database.url } : {}),
    });
    const second = await buildApp(config, { clock: new ManualClock(TEST_START + 3_600_000) });
    try {
      const row = await second.store.q
        .selectFrom('micro_orders')
        .select(['status', 'end_price', 'end_seq', 'result', 'fact_profits'])
        .where('id', '=', order.id)
        .executeTakeFirst();
      expect(row).toEqual({
        status: 3,
        end_price: '60100.00',
        end_seq: endTrade?.seq,
        result: 'win',
        fact_profits: '80',
      });
      expect((await getBalance(second.store.q, userId, 'micro', 3)).available).toBe('1080');
      expect(await reconcile(second.store.q)).toEqual([]);
    } finally {
      await second.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

(process.env.TEST_DATABASE_URL ? describe : describe.skip)('two nodes at once (PostgreSQL)', () => {
  it('settles every due order exactly once when both nodes sweep at the same moment', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seconds-two-nodes-'));
    const shared = { MARKET_FEED: 'manual', DB_FILE: path.join(dir, 'app.db') };
    const a = await startTestServer(shared);
    let b: TestServer | undefined;
    try {
      const token = await registerEmailUser(a, 'two-nodes@example.com');
      const userId = ((await a.get('/api/user/info', { token })).body.message as { id: number }).id;
      await fund(a.store, userId, 'micro', 3, '10000');
      await a.post('/dev/market/price', { symbol: 'BTC/USDT', price: '60000' });
      const orders: Order[] = [];
      for (let i = 0; i < 20; i += 1) {
        const res = await a.post(
          '/api/microtrade/submit',
          { match_id: 1, currency_id: 3, type: 1, seconds: 30, number: '100' },
          { token },
        );
        expect(res.status).toBe(200);
        orders.push(res.body.message as Order);
      }
      // Node B starts with the same open orders; node A records the tape.
      b = await startTestServer(shared);
      a.clock.advance(20_000);
      await a.post('/dev/market/price', { symbol: 'BTC/USDT', price: '60100' });
      a.clock.advance(20_000);
      b.clock.advance(40_000);
      const counts = await Promise.all([
        secondsEngineOf(a.ctx)?.settleDue(),
        secondsEngineOf(b.ctx)?.settleDue(),
      ]);
      expect((counts[0] ?? 0) + (counts[1] ?? 0)).toBe(orders.length);
      const payouts = await a.store.q
        .selectFrom('ledger_entries')
        .select(['ref', 'amount'])
        .where('reason', '=', 'seconds_payout')
        .where('user_id', '=', userId)
        .execute();
      expect(payouts.map((p) => p.ref).sort()).toEqual(orders.map((o) => `seconds:${o.id}`).sort());
      expect(new Set(payouts.map((p) => p.amount))).toEqual(new Set(['180']));
      expect((await getBalance(a.store.q, userId, 'micro', 3)).available).toBe('11600'); // 10000 + 20 x 80
      expect(await reconcile(a.store.q)).toEqual([]);
    } finally {
      await b?.stop();
      await a.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
