import Database from 'better-sqlite3';
import BigNumber from 'bignumber.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { registerEmailUser, startTestServer, type TestServer } from '../testing/harness';
import { fund } from '../testing/fund';
import { getBalance, reconcile } from '../kernel';
import { offloadStats } from '../db';
import { insertUser } from '../accounts/users';
import { issueToken } from '../core/auth';

let server: TestServer;
let alice: string;
let bob: string;
let aliceId: number;
let bobId: number;

const userIdOf = async (token: string) =>
  ((await server.get('/api/user/info', { token })).body.message as { id: number }).id;
const pin = async (price: string, symbol = 'BTC/USDT') => {
  const res = await server.post('/dev/market/price', { symbol, price });
  expect(res.status).toBe(200);
};
const change = (userId: number, currencyId: number) =>
  getBalance(server.store.q, userId, 'change', currencyId);

interface Order {
  id: number;
  status: number;
  price: string;
  number: string;
  total: string;
  fee: string;
  locked: string;
  fill_seq: number | null;
}

// Real HTTP, sockets and SQLite on a shared 2-CPU machine: generous time.
/** The ledger rows of an order, oldest first. */
const ledgerRows = (ref: string, columns: Array<'reason' | 'field' | 'amount'>) =>
  server.store.q.selectFrom('ledger_entries').select(columns).where('ref', '=', ref).orderBy('id').execute();

jest.setTimeout(30_000);

beforeAll(async () => {
  server = await startTestServer({ MARKET_FEED: 'manual' });
  alice = await registerEmailUser(server, 'spot-alice@example.com');
  bob = await registerEmailUser(server, 'spot-bob@example.com');
  aliceId = await userIdOf(alice);
  bobId = await userIdOf(bob);
  await fund(server.store, aliceId, 'change', 3, '100000');
  await fund(server.store, aliceId, 'change', 1, '2');
});

afterEach(async () => {
  expect(await reconcile(server.store.q)).toEqual([]);
});

afterAll(async () => {
  await server.stop();
});

/** Walks the levels like the engine must: sum of price x quantity taken. */
function walk(levels: Array<[string, string]>, num: string): BigNumber {
  let remaining = new BigNumber(num);
  let cost = new BigNumber(0);
  for (const [p, q] of levels) {
    if (remaining.isZero()) break;
    const take = BigNumber.min(remaining, q);
    cost = cost.plus(take.times(p));
    remaining = remaining.minus(take);
  }
  expect(remaining.isZero()).toBe(true);
  return cost;
}

describe('spot market orders', () => {
  it('a market buy walks the published asks and moves exactly cost, quantity and fee', async () => {
    await pin('60000');
    const book = server.market.depth(1);
    // More than the first level so the walk crosses levels.
    const first = new BigNumber(book.asks[0]?.[1] ?? '0');
    const num = first.plus('0.01').toFixed();
    const cost = walk(book.asks, num).decimalPlaces(8, BigNumber.ROUND_UP);
    const fee = new BigNumber(num).times('0.001').decimalPlaces(8, BigNumber.ROUND_DOWN);
    const usdtBefore = (await change(aliceId, 3)).available;
    const btcBefore = (await change(aliceId, 1)).available;
    const res = await server.post(
      '/api/transaction/in',
      { legal_id: 3, currency_id: 1, price: '60000', num, mode: 1, trade_type: 1 },
      { token: alice },
    );
    expect(res.status).toBe(200);
    const order = res.body.message as Order;
    expect(order).toMatchObject({ status: 1, number: num, total: cost.toFixed(), fee: fee.toFixed() });
    expect((await change(aliceId, 3)).available).toBe(new BigNumber(usdtBefore).minus(cost).toFixed());
    expect((await change(aliceId, 1)).available).toBe(
      new BigNumber(btcBefore).plus(num).minus(fee).toFixed(),
    );
    const reasons = await ledgerRows(`spot:${order.id}`, ['reason', 'amount']);
    expect(reasons).toEqual([
      { reason: 'spot_pay', amount: cost.negated().toFixed() },
      { reason: 'spot_buy', amount: num },
      { reason: 'fee_deduction', amount: fee.negated().toFixed() },
    ]);
  });

  it('a market sell walks the bids; USDT received minus a 0.1 % fee', async () => {
    await pin('61000');
    const book = server.market.depth(1);
    const num = '0.12345';
    const proceeds = walk(book.bids, num).decimalPlaces(8, BigNumber.ROUND_DOWN);
    const fee = proceeds.times('0.001').decimalPlaces(8, BigNumber.ROUND_DOWN);
    const usdtBefore = (await change(aliceId, 3)).available;
    const btcBefore = (await change(aliceId, 1)).available;
    const res = await server.post(
      '/api/transaction/out',
      { legal_id: 3, currency_id: 1, num, mode: 1 },
      { token: alice },
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toMatchObject({
      status: 1,
      total: proceeds.toFixed(),
      fee: fee.toFixed(),
      way: 1,
    });
    expect((await change(aliceId, 1)).available).toBe(new BigNumber(btcBefore).minus(num).toFixed());
    expect((await change(aliceId, 3)).available).toBe(
      new BigNumber(usdtBefore).plus(proceeds).minus(fee).toFixed(),
    );
  });

  it('refuses bad input with coded errors', async () => {
    const post = (path: string, body: Record<string, unknown>) => server.post(path, body, { token: alice });
    expect((await post('/api/transaction/in', { currency_id: 1, num: '0', mode: 1 })).body.code).toBe(
      'spot.number_invalid',
    );
    expect((await post('/api/transaction/in', { currency_id: 1, num: '1e3', mode: 1 })).body.code).toBe(
      'spot.number_invalid',
    );
    expect((await post('/api/transaction/in', { currency_id: 1, num: '1', mode: 3 })).body.code).toBe(
      'spot.mode_invalid',
    );
    expect((await post('/api/transaction/in', { currency_id: 101, num: '1', mode: 1 })).body.code).toBe(
      'spot.pair_not_found',
    );
    expect(
      (await post('/api/transaction/in', { currency_id: 1, num: '1', mode: 2, price: '-1' })).body.code,
    ).toBe('spot.price_invalid');
    expect((await post('/api/transaction/in', { currency_id: 1, num: '1000', mode: 1 })).body.code).toBe(
      'spot.depth_insufficient',
    );
    expect(
      (await server.post('/api/transaction/in', { currency_id: 1, num: '0.01', mode: 1 }, { token: bob }))
        .body.code,
    ).toBe('wallet.insufficient_balance');
    expect((await server.post('/api/transaction/in', { currency_id: 1, num: '1', mode: 1 })).body.type).toBe(
      '999',
    );
  });
});

describe('spot limit orders', () => {
  it('a limit buy locks funds and fills when the tape prints at or below its price, not before', async () => {
    await pin('50000');
    expect(
      (
        await server.post(
          '/api/transaction/in',
          { currency_id: 1, num: '0.1', price: '50001', mode: 2 },
          { token: alice },
        )
      ).body.code,
    ).toBe('spot.limit_price_side');
    const usdtBefore = await change(aliceId, 3);
    const btcBefore = await change(aliceId, 1);
    const res = await server.post(
      '/api/transaction/in',
      { legal_id: 3, currency_id: 1, num: '0.1', price: '49000.5', mode: 2 },
      { token: alice },
    );
    expect(res.status).toBe(200);
    const order = res.body.message as Order;
    expect(order).toMatchObject({ status: 0, locked: '4900.05' });
    expect((await change(aliceId, 3)).available).toBe(
      new BigNumber(usdtBefore.available).minus('4900.05').toFixed(),
    );
    expect((await change(aliceId, 3)).locked).toBe(
      new BigNumber(usdtBefore.locked).plus('4900.05').toFixed(),
    );
    const pending = await server.post(
      '/api/transaction_in',
      { page: 1, limit: 100, currency_id: 1 },
      { token: alice },
    );
    expect((pending.body.message as { list: Order[] }).list.map((o) => o.id)).toContain(order.id);

    await pin('49000.51');
    await pin('49500');
    const still = await server.post('/api/transaction_in', { page: 1 }, { token: alice });
    expect((still.body.message as { list: Order[] }).list.find((o) => o.id === order.id)?.status).toBe(0);

    await pin('49000.5');
    const seq = server.market.lastTrade(1)?.seq;
    const done = await server.post('/api/transaction_complete', { page: 1, limit: 100 }, { token: alice });
    const filled = (done.body.message as { list: Order[] }).list.find((o) => o.id === order.id);
    expect(filled).toMatchObject({
      status: 1,
      price: '49000.5',
      total: '4900.05',
      fee: '0.0001',
      fill_seq: seq,
    });
    expect((await change(aliceId, 3)).locked).toBe(usdtBefore.locked);
    expect((await change(aliceId, 3)).available).toBe(
      new BigNumber(usdtBefore.available).minus('4900.05').toFixed(),
    );
    expect((await change(aliceId, 1)).available).toBe(
      new BigNumber(btcBefore.available).plus('0.0999').toFixed(),
    );
  });

  it("a limit sell fills at or above its price; revoke returns the lock; a user cannot touch another user's order", async () => {
    await pin('50000');
    const res = await server.post(
      '/api/transaction/out',
      { currency_id: 1, num: '0.2', price: '50500', mode: 2 },
      { token: alice },
    );
    const sell = res.body.message as Order;
    const res2 = await server.post(
      '/api/transaction/out',
      { currency_id: 1, num: '0.3', price: '52000', mode: 2 },
      { token: alice },
    );
    const sell2 = res2.body.message as Order;
    expect((await change(aliceId, 1)).locked).toBe('0.5');

    // Bob can neither revoke nor see Alice's orders.
    const bobDel = await server.post('/api/transaction_del', { id: sell2.id, type: 'out' }, { token: bob });
    expect(bobDel.status).toBe(404);
    expect(bobDel.body.code).toBe('spot.order_not_found');
    const bobList = await server.post('/api/transaction_out', { page: 1 }, { token: bob });
    expect((bobList.body.message as { list: Order[] }).list).toEqual([]);

    const usdtBefore = (await change(aliceId, 3)).available;
    await pin('50499.99');
    expect((await change(aliceId, 1)).locked).toBe('0.5');
    await pin('50600');
    expect((await change(aliceId, 1)).locked).toBe('0.3');
    // 0.2 x 50500 = 10100, fee 10.1
    expect((await change(aliceId, 3)).available).toBe(
      new BigNumber(usdtBefore).plus('10100').minus('10.1').toFixed(),
    );
    const done = await server.post('/api/transaction_complete', { page: 1 }, { token: alice });
    expect((done.body.message as { list: Order[] }).list[0]).toMatchObject({
      id: sell.id,
      total: '10100',
      fee: '10.1',
    });

    const del = await server.post('/api/transaction_del', { id: sell2.id, type: 'out' }, { token: alice });
    expect(del.body).toEqual({ type: 'ok', message: 'revoked' });
    expect((await change(aliceId, 1)).locked).toBe('0');
    const again = await server.post('/api/transaction_del', { id: sell2.id, type: 'out' }, { token: alice });
    expect(again.body.code).toBe('spot.order_not_pending');
    // Revoked: it never fills.
    await pin('53000');
    expect((await change(aliceId, 1)).locked).toBe('0');
  });

  it('100 concurrent limit orders against a balance covering 10 accept exactly 10', async () => {
    await fund(server.store, bobId, 'change', 3, '1000');
    await pin('50000');
    const offloaded = offloadStats(server.store)?.commits ?? 0;
    const results = await Promise.all(
      Array.from({ length: 100 }, () =>
        server.post(
          '/api/transaction/in',
          { currency_id: 1, num: '0.002', price: '50000', mode: 2 },
          { token: bob },
        ),
      ),
    );
    const accepted = results.filter((r) => r.status === 200);
    expect(accepted).toHaveLength(10);
    expect(results.filter((r) => r.body.code === 'wallet.insufficient_balance')).toHaveLength(90);
    expect(await change(bobId, 3)).toEqual({ available: '0', locked: '1000' });
    // On SQLite the placements' writes were committed by the write worker (db/write-worker.ts).
    if (server.store.dialect === 'sqlite')
      expect(offloadStats(server.store)?.commits).toBeGreaterThan(offloaded);
  });

  it('orders placed together each answer their own stored row, with its ledger rows; a refused one leaves none', async () => {
    const carol = await registerEmailUser(server, 'spot-carol@example.com');
    const carolId = await userIdOf(carol);
    await fund(server.store, carolId, 'change', 3, '500');
    await pin('50000');
    // Market buys and limit buys of 100 USDT each (a market buy of 0.002 BTC costs about 100 too):
    // the balance covers some of them, the others are refused.
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        server.post(
          '/api/transaction/in',
          i % 2 === 0
            ? { currency_id: 1, num: '0.002', mode: 1 }
            : { currency_id: 1, num: '0.002', price: '50000', mode: 2 },
          { token: carol },
        ),
      ),
    );
    const accepted = results.filter((r) => r.status === 200).map((r) => r.body.message as Order);
    expect(accepted.length).toBeGreaterThan(0);
    expect(
      results.filter((r) => r.status !== 200).every((r) => r.body.code === 'wallet.insufficient_balance'),
    ).toBe(true);
    expect(new Set(accepted.map((o) => o.id)).size).toBe(accepted.length);
    for (const order of accepted) {
      const row = await server.store.q
        .selectFrom('spot_orders')
        .select(['id', 'user_id', 'status', 'price', 'number', 'total', 'fee', 'locked', 'fill_seq'])
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
      const { id, status, price, number, total, fee, locked, fill_seq } = order;
      expect(row).toEqual({ id, user_id: carolId, status, price, number, total, fee, locked, fill_seq });
      expect((await ledgerRows(`spot:${order.id}`, ['reason'])).length).toBeGreaterThanOrEqual(2);
    }
    const stored = await server.store.q
      .selectFrom('spot_orders')
      .select('id')
      .where('user_id', '=', carolId)
      .orderBy('id')
      .execute();
    expect(stored.map((r) => r.id)).toEqual(accepted.map((o) => o.id).sort((a, b) => a - b));
    // The next order takes a new id after them.
    const next = await server.post(
      '/api/transaction/out',
      { currency_id: 1, num: '0.001', mode: 1 },
      { token: carol },
    );
    expect(next.status).toBe(200);
    expect((next.body.message as Order).id).toBeGreaterThan(Math.max(...accepted.map((o) => o.id)));
  });
});

// Another process on the SQLite file (the admin CLI): PostgreSQL has no write worker and no balance in memory.
(process.env.TEST_DATABASE_URL ? describe.skip : describe)(
  'an order right after another process credits',
  () => {
    it('is placed on the credited balance, not refused on the one the write worker last committed', async () => {
      // Made in the database (one more sign-up would wait for the code's resend delay), on the
      // server's clock (a token issued later than it would drop the others' as long ended).
      const now = server.clock.now();
      const { daveId, dave } = await server.store.tx(async (q) => {
        const id = await insertUser(q, { email: 'spot-dave@example.com', passwordHash: 'x' }, now);
        return { daveId: id, dave: await issueToken(q, id, now, server.config.tokenTtlSeconds) };
      });
      await fund(server.store, daveId, 'change', 3, '100');
      await pin('50000');
      const buy = (num: string) =>
        server.post(
          '/api/transaction/in',
          { legal_id: 3, currency_id: 1, num, price: '45000', mode: 2 },
          { token: dave },
        );
      // 45 USDT locked by an offloaded placement: its balance is the one the worker committed.
      expect((await buy('0.001')).status).toBe(200);
      expect(await change(daveId, 3)).toEqual({ available: '55', locked: '45' });
      // The admin CLI credits 1000 USDT from its own connection.
      const other = new Database(server.config.dbFile);
      try {
        other
          .prepare(
            "update wallet_balances set available = '1055' where user_id = ? and wallet_type = 'change' and currency_id = 3",
          )
          .run(daveId);
        other
          .prepare(
            "insert into ledger_entries (user_id, wallet_type, currency_id, field, amount, balance_after, reason, ref, created_at) values (?, 'change', 3, 'available', '1000', '1055', 'deposit', 'admin', ?)",
          )
          .run(daveId, now);
      } finally {
        other.close();
      }
      // At once: 900 USDT, more than the 55 of before.
      const res = await buy('0.02');
      expect(res.body.code).toBeUndefined();
      expect(res.status).toBe(200);
      expect(await change(daveId, 3)).toEqual({ available: '155', locked: '945' });
    });
  },
);

describe('POST /api/transaction/deal', () => {
  it('answers balances, the last price and the same 10-level book the clients see', async () => {
    // Bob's ten buys at 50000 filled when the tape printed 50000: 10 x 0.002 BTC less 0.1 % fee.
    await pin('50000');
    const res = await server.post('/api/transaction/deal', { legal_id: 3, currency_id: 1 }, { token: bob });
    const deal = res.body.message as Record<string, unknown>;
    expect(deal).toMatchObject({
      user_legal: '0',
      lock_legal: '0',
      user_currency: '0.01998',
      now_price: '50000.00',
      fee_rate: '0.1',
    });
    const depth = server.market.depth(1);
    expect(deal.depth).toEqual({ bids: depth.bids, asks: depth.asks });
    expect(depth.asks).toHaveLength(10);
  });
});

(process.env.TEST_DATABASE_URL ? describe : describe.skip)('two nodes at once (PostgreSQL)', () => {
  it('a limit order is either filled on node A or revoked on node B, never both', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spot-two-nodes-'));
    const shared = { MARKET_FEED: 'manual', DB_FILE: path.join(dir, 'app.db') };
    const a = await startTestServer(shared);
    let b: TestServer | undefined;
    try {
      const token = await registerEmailUser(a, 'spot-two-nodes@example.com');
      const userId = ((await a.get('/api/user/info', { token })).body.message as { id: number }).id;
      await fund(a.store, userId, 'change', 3, '100000');
      expect((await a.post('/dev/market/price', { symbol: 'BTC/USDT', price: '60000' })).status).toBe(200);
      const ids: number[] = [];
      for (let i = 0; i < 10; i += 1) {
        const res = await a.post(
          '/api/transaction/in',
          { legal_id: 3, currency_id: 1, num: '0.01', price: '59900', mode: 2 },
          { token },
        );
        expect(res.status).toBe(200);
        ids.push((res.body.message as Order).id);
      }
      b = await startTestServer(shared);
      const node = b;
      // Node A's tape crosses every order while node B revokes them all.
      const [, ...revokes] = await Promise.all([
        a.post('/dev/market/price', { symbol: 'BTC/USDT', price: '59800' }),
        ...ids.map((id) => node.post('/api/transaction_del', { id, type: 'in' }, { token })),
      ]);
      const rows = await a.store.q
        .selectFrom('spot_orders')
        .select(['id', 'status'])
        .where('id', 'in', ids)
        .orderBy('id')
        .execute();
      for (const [i, row] of rows.entries()) {
        const revoke = revokes[i];
        const entries = await a.store.q
          .selectFrom('ledger_entries')
          .select('reason')
          .where('ref', '=', `spot:${row.id}`)
          .orderBy('id')
          .execute();
        const reasons = entries.map((e) => e.reason);
        if (row.status === 2) {
          expect(revoke?.status).toBe(200);
          expect(reasons).toEqual([
            'spot_order_lock',
            'spot_order_lock',
            'spot_order_release',
            'spot_order_release',
          ]);
        } else {
          expect(row.status).toBe(1);
          expect(revoke?.body.code).toBe('spot.order_not_pending');
          expect(reasons).toEqual([
            'spot_order_lock',
            'spot_order_lock',
            'spot_pay',
            'spot_buy',
            'fee_deduction',
          ]);
        }
      }
      expect((await getBalance(a.store.q, userId, 'change', 3)).locked).toBe('0');
      expect(await reconcile(a.store.q)).toEqual([]);
    } finally {
      await b?.stop();
      await a.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
