import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BigNumber from 'bignumber.js';
import type { Socket } from 'socket.io-client';
import { buildApp } from '../app';
import { ManualClock } from '../core/clock';
import { loadConfig } from '../core/config';
import { Tape } from '../market/tape';
import {
  registerEmailUser,
  startTestServer,
  TEST_START,
  testDatabase,
  type TestServer,
} from '../testing/harness';
import { fund } from '../testing/fund';
import { getBalance, reconcile } from '../kernel';
import { leverEngineOf } from './routes';
import { leverFigures, MAX_OPEN_ORDERS } from './service';

let server: TestServer;
let alice: string;
let bob: string;
let aliceId: number;
let bobId: number;
let socket: Socket;
const pushes: Array<Record<string, unknown>> = [];
let bobSocket: Socket;
const bobPushes: unknown[] = [];

interface Row {
  id: number;
  type: number;
  status: number;
  price: string;
  origin_price: string;
  origin_caution_money: string;
  trade_fee: string;
  liquidation_price: string;
  profits: string;
  update_price: string;
  close_reason: string | null;
  close_seq: number | null;
  target_profit_price: string | null;
  stop_loss_price: string | null;
}

const userIdOf = async (token: string) =>
  ((await server.get('/api/user/info', { token })).body.message as { id: number }).id;
const pin = async (price: string, symbol = 'BTC/USDT') => {
  const res = await server.post('/dev/market/price', { symbol, price });
  expect(res.status).toBe(200);
};
const lever = (userId: number) => getBalance(server.store.q, userId, 'lever', 3);
const submit = (token: string, body: Record<string, unknown>) =>
  server.post(
    '/api/lever/submit',
    { legal_id: 3, currency_id: 1, multiple: 100, share: 10, type: 1, status: 1, ...body },
    { token },
  );
const myTrade = async (token: string, status: number) =>
  (
    (await server.post('/api/lever/my_trade', { status, legal_id: 3, page: 1, limit: 100 }, { token })).body
      .message as {
      message: { data: Row[] };
    }
  ).message.data;
const rowOf = async (token: string, status: number, id: number) =>
  (await myTrade(token, status)).find((r) => r.id === id);

async function until(check: () => boolean): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > 3000) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}

// Real HTTP, sockets and SQLite on a shared 2-CPU machine: generous time.
/** The ledger rows of an order, oldest first. */
const ledgerRows = (ref: string, columns: Array<'reason' | 'field' | 'amount'>) =>
  server.store.q.selectFrom('ledger_entries').select(columns).where('ref', '=', ref).orderBy('id').execute();

jest.setTimeout(30_000);

beforeAll(async () => {
  server = await startTestServer({ MARKET_FEED: 'manual' });
  alice = await registerEmailUser(server, 'lever-alice@example.com');
  bob = await registerEmailUser(server, 'lever-bob@example.com');
  aliceId = await userIdOf(alice);
  bobId = await userIdOf(bob);
  await fund(server.store, aliceId, 'lever', 3, '10000');
  await fund(server.store, bobId, 'lever', 3, '10000');
  socket = await server.socket();
  socket.on('lever_trade', (p: Record<string, unknown>) => pushes.push(p));
  expect(await socket.emitWithAck('login', { token: alice })).toEqual({ ok: true });
  expect(await socket.emitWithAck('sub', { channel: 'lever_trade' })).toEqual({ ok: true });
  bobSocket = await server.socket();
  bobSocket.on('lever_trade', (p: unknown) => bobPushes.push(p));
  expect(await bobSocket.emitWithAck('login', { token: bob })).toEqual({ ok: true });
  expect(await bobSocket.emitWithAck('sub', { channel: 'lever_trade' })).toEqual({ ok: true });
});

afterEach(async () => {
  expect(await reconcile(server.store.q)).toEqual([]);
});

afterAll(async () => {
  await server.stop();
});

describe('formulas', () => {
  it('margin, fee, contract value and liquidation price are exact decimals', () => {
    const btc = { spread: '0.05', leverTradeFee: '0.1', leverShareNum: '0.01', precision: 2 };
    const long = leverFigures(btc, 1, new BigNumber('60000'), 10, 100);
    expect(long.price.toFixed()).toBe('60030');
    expect(long.margin.toFixed()).toBe('60.03');
    expect(long.fee.toFixed()).toBe('6.003');
    expect(long.contractValue.toFixed()).toBe('6000');
    expect(long.liquidationTicks).toBe(5942970); // 60030 x 99/100 = 59429.70
    const short = leverFigures(btc, 2, new BigNumber('60000'), 3, 20);
    expect(short.price.toFixed()).toBe('59970');
    expect(short.margin.toFixed()).toBe('89.955'); // 59970 x 3 x 0.01 / 20
    expect(short.fee.toFixed()).toBe('1.7991');
    expect(short.liquidationTicks).toBe(6296850); // 59970 x 21/20 = 62968.50
  });
});

describe('lever calls', () => {
  it('deal answers multiples, hands and the available balance', async () => {
    await pin('60000');
    const res = await server.post('/api/lever/deal', { currency_id: 1, legal_id: 3 }, { token: alice });
    expect(res.body.message).toMatchObject({
      multiple: { muit: [{ value: 20 }, { value: 50 }, { value: 100 }, { value: 200 }] },
      user_lever: '10000',
      lever_share_num: '0.01',
      hand_value: '600',
      spread: '0.05',
      lever_trade_fee: '0.1',
    });
  });

  it('refuses out-of-bounds orders with coded errors', async () => {
    const code = async (body: Record<string, unknown>) => (await submit(alice, body)).body.code;
    expect(await code({ share: 0 })).toBe('lever.share_invalid');
    expect(await code({ share: '1.5' })).toBe('lever.share_invalid');
    expect(await code({ share: 1001 })).toBe('lever.share_invalid');
    expect(await code({ multiple: 30 })).toBe('lever.multiple_invalid');
    expect(await code({ type: 3 })).toBe('lever.type_invalid');
    expect(await code({ status: 0 })).toBe('lever.price_invalid');
    expect(await code({ status: 0, target_price: '60000.01' })).toBe('lever.limit_price_side');
    expect(await code({ status: 0, type: 2, target_price: '59999.99' })).toBe('lever.limit_price_side');
    expect(await code({ currency_id: 999 })).toBe('lever.pair_not_found');
    expect(await code({ share: 1000, multiple: 20 })).toBe('wallet.insufficient_balance');
    expect(await lever(aliceId)).toEqual({ available: '10000', locked: '0' });
  });

  it('a market long books margin and fee, shows unrealised P/L and liquidation price, closes with P/L', async () => {
    await pin('60000');
    const res = await submit(alice, {});
    expect(res.status).toBe(200);
    const order = res.body.message as Row;
    expect(order).toMatchObject({
      status: 1,
      origin_price: '60000.00',
      price: '60030',
      origin_caution_money: '60.03',
      trade_fee: '6.003',
      liquidation_price: '59429.70',
    });
    expect(await lever(aliceId)).toEqual({ available: '9933.967', locked: '60.03' });
    await until(() => pushes.some((p) => p.event === 'open' && p.id === order.id));
    const open = pushes.find((p) => p.event === 'open') as { trades_all: string };
    expect((JSON.parse(open.trades_all) as Row[]).map((r) => r.id)).toEqual([order.id]);

    await pin('60500');
    const held = await rowOf(alice, 1, order.id);
    expect(held).toMatchObject({ update_price: '60500.00', profits: '47' }); // (60500 - 60030) x 0.1

    // islocked / close authorization
    expect((await server.post('/api/lever/islocked', { id: order.id }, { token: alice })).body.message).toBe(
      0,
    );
    for (const path of ['/api/lever/close', '/api/lever/cancel', '/api/lever/islocked']) {
      const r = await server.post(path, { id: order.id }, { token: bob });
      expect([r.status, r.body.code]).toEqual([404, 'lever.order_not_found']);
    }
    const bobStop = await server.post(
      '/api/lever/setstop',
      { id: order.id, stop_loss_price: '50000' },
      { token: bob },
    );
    expect(bobStop.body.code).toBe('lever.order_not_found');
    expect(await myTrade(bob, 1)).toEqual([]);

    const closed = await server.post('/api/lever/close', { id: order.id }, { token: alice });
    expect(closed.body.message).toMatchObject({
      status: 3,
      close_reason: 'manual',
      profits: '47',
      update_price: '60500.00',
    });
    expect(await lever(aliceId)).toEqual({ available: '10040.997', locked: '0' }); // 10000 - 6.003 + 47
    expect((await server.post('/api/lever/islocked', { id: order.id }, { token: alice })).body.message).toBe(
      1,
    );
    expect((await server.post('/api/lever/close', { id: order.id }, { token: alice })).body.code).toBe(
      'lever.not_holding',
    );
    const reasons = await ledgerRows(`lever:${order.id}`, ['reason', 'field', 'amount']);
    expect(reasons).toEqual([
      { reason: 'margin_deduction', field: 'available', amount: '-60.03' },
      { reason: 'margin_deduction', field: 'locked', amount: '60.03' },
      { reason: 'fee_deduction', field: 'available', amount: '-6.003' },
      { reason: 'margin_release', field: 'locked', amount: '-60.03' },
      { reason: 'margin_release', field: 'available', amount: '60.03' },
      { reason: 'profit', field: 'available', amount: '47' },
    ]);
    expect(bobPushes).toEqual([]);
  });

  it('a pending limit order opens when the tape crosses its price, not before; cancel releases the hold', async () => {
    await pin('60000');
    const before = await lever(aliceId);
    const res = await submit(alice, { status: 0, target_price: '59000', share: 5, multiple: 50 });
    const order = res.body.message as Row;
    // price 59000 + 29.5 = 59029.5; notional 2951.475; margin 59.0295; fee 2.951475
    expect(order).toMatchObject({
      status: 0,
      price: '59029.5',
      origin_caution_money: '59.0295',
      trade_fee: '2.951475',
    });
    expect((await lever(aliceId)).locked).toBe('61.980975');
    await pin('59000.01');
    expect((await rowOf(alice, 0, order.id))?.status).toBe(0);
    await pin('58999');
    const held = await rowOf(alice, 1, order.id);
    expect(held).toMatchObject({ status: 1, origin_price: '59000' });
    expect((await lever(aliceId)).locked).toBe('59.0295');
    expect((await lever(aliceId)).available).toBe(
      new BigNumber(before.available).minus('61.980975').toFixed(),
    );

    const other = (await submit(alice, { status: 0, target_price: '58000', share: 1, multiple: 20 })).body
      .message as Row;
    expect((await server.post('/api/lever/cancel', { id: other.id }, { token: bob })).status).toBe(404);
    const cancelled = await server.post('/api/lever/cancel', { id: other.id }, { token: alice });
    expect(cancelled.body.message).toMatchObject({ status: 4 });
    expect((await myTrade(alice, 4)).map((r) => r.id)).toContain(other.id);
    expect((await lever(aliceId)).locked).toBe('59.0295');
    await pin('58000'); // crosses the revoked order's price (and stays above the position's liquidation, 57848.91)
    expect((await rowOf(alice, 4, other.id))?.status).toBe(4);
    // clean up: close the position opened above
    await pin('59000');
    expect((await server.post('/api/lever/close', { id: order.id }, { token: alice })).status).toBe(200);
  });

  it('take-profit closes at the crossing tick, not before; stops are validated by side', async () => {
    await pin('60000');
    const order = (await submit(alice, {})).body.message as Row; // long 10 x 100 at 60030
    const stop = (body: Record<string, unknown>, token = alice) =>
      server.post('/api/lever/setstop', { id: order.id, ...body }, { token });
    expect((await stop({ target_profit_price: '60020' })).body.code).toBe('lever.take_profit_side');
    expect((await stop({ stop_loss_price: '60001' })).body.code).toBe('lever.stop_loss_side');
    expect((await stop({ stop_loss_price: '-1' })).body.code).toBe('lever.stop_invalid');
    const ok = await stop({ target_profit_price: '61000', stop_loss_price: '59500' });
    expect(ok.body.message).toMatchObject({ target_profit_price: '61000', stop_loss_price: '59500' });
    await pin('60999.99');
    expect((await rowOf(alice, 1, order.id))?.status).toBe(1);
    await pin('61000.5');
    const seq = server.market.lastTrade(1)?.seq;
    const closed = await rowOf(alice, 3, order.id);
    expect(closed).toMatchObject({
      close_reason: 'take_profit',
      update_price: '61000.50',
      profits: '97.05',
      close_seq: seq,
    });
    await until(() => pushes.some((p) => p.event === 'take_profit' && p.id === order.id));
  });

  it('stop-loss closes a short at the crossing tick', async () => {
    await pin('60000');
    const order = (await submit(alice, { type: 2, share: 2, multiple: 20 })).body.message as Row; // price 59970
    expect(
      (await server.post('/api/lever/setstop', { id: order.id, stop_loss_price: '59000' }, { token: alice }))
        .body.code,
    ).toBe('lever.stop_loss_side');
    await server.post(
      '/api/lever/setstop',
      { id: order.id, stop_loss_price: '60500', target_profit_price: '59000' },
      { token: alice },
    );
    const before = (await lever(aliceId)).available;
    await pin('60499.99');
    expect((await rowOf(alice, 1, order.id))?.status).toBe(1);
    await pin('60600');
    const closed = await rowOf(alice, 3, order.id);
    // (59970 - 60600) x 2 x 0.01 = -12.6
    expect(closed).toMatchObject({ close_reason: 'stop_loss', update_price: '60600.00', profits: '-12.6' });
    expect((await lever(aliceId)).available).toBe(
      new BigNumber(before).plus(order.origin_caution_money).minus('12.6').toFixed(),
    );
  });

  it('liquidation triggers at the crossing tick and takes the whole margin', async () => {
    await pin('60000');
    const order = (await submit(alice, { multiple: 200, share: 1 })).body.message as Row;
    // price 60030, liquidation 60030 x 199/200 = 59729.85
    expect(order.liquidation_price).toBe('59729.85');
    const before = await lever(aliceId);
    await pin('59729.86');
    const held = await rowOf(alice, 1, order.id);
    expect(held?.status).toBe(1);
    await pin('59729.85');
    const closed = await rowOf(alice, 3, order.id);
    expect(closed).toMatchObject({ close_reason: 'liquidation', profits: `-${order.origin_caution_money}` });
    expect(await lever(aliceId)).toEqual({
      available: before.available,
      locked: new BigNumber(before.locked).minus(order.origin_caution_money).toFixed(),
    });
    const rows = await ledgerRows(`lever:${order.id}`, ['reason', 'amount']);
    expect(rows.at(-1)).toEqual({ reason: 'liquidation', amount: `-${order.origin_caution_money}` });
  });

  it('revaluation pushes each holder its positions at the new price (owner only)', async () => {
    await pin('60000');
    const order = (await submit(alice, { share: 1, multiple: 20 })).body.message as Row; // price 60030
    await pin('60100');
    pushes.length = 0;
    expect(await leverEngineOf(server.ctx)?.flushRevaluations()).toBe(1);
    await until(() => pushes.some((p) => p.event === 'revalue'));
    const all = JSON.parse(
      (pushes.find((p) => p.event === 'revalue') as { trades_all: string }).trades_all,
    ) as Row[];
    expect(all.find((r) => r.id === order.id)).toMatchObject({ update_price: '60100.00', profits: '0.7' }); // 70 x 0.01
    expect(bobPushes).toEqual([]);
    expect((await server.post('/api/lever/close', { id: order.id }, { token: alice })).status).toBe(200);
  });

  it('100 concurrent market orders against a balance covering 10 accept exactly 10', async () => {
    await pin('60000');
    const carol = await registerEmailUser(server, 'lever-carol@example.com');
    const carolId = await userIdOf(carol);
    // One order: price 60030, margin 60.03, fee 6.003 = 66.033; ten = 660.33
    await fund(server.store, carolId, 'lever', 3, '660.33');
    const results = await Promise.all(Array.from({ length: 100 }, () => submit(carol, {})));
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    expect(results.filter((r) => r.body.code === 'wallet.insufficient_balance')).toHaveLength(90);
    expect(await lever(carolId)).toEqual({ available: '0', locked: '600.3' });
    expect(await myTrade(carol, 1)).toHaveLength(10);
  });

  it('caps open orders at MAX_OPEN_ORDERS per user, counted in the database (a cancel makes room)', async () => {
    await pin('60000');
    const dave = await registerEmailUser(server, 'lever-dave@example.com');
    await fund(server.store, await userIdOf(dave), 'lever', 3, '100000');
    const pending = { share: 1, status: 0, target_price: '30000' };
    const results = await Promise.all(
      Array.from({ length: MAX_OPEN_ORDERS + 5 }, () => submit(dave, pending)),
    );
    expect(results.filter((r) => r.status === 200).length).toBe(MAX_OPEN_ORDERS);
    expect(results.filter((r) => r.body.code === 'lever.too_many_orders').length).toBe(5);
    const first = results.find((r) => r.status === 200)?.body.message as { id: number };
    expect((await server.post('/api/lever/cancel', { id: first.id }, { token: dave })).status).toBe(200);
    expect((await submit(dave, pending)).status).toBe(200);
    expect((await submit(dave, pending)).body.code).toBe('lever.too_many_orders');
  });

  it('a closed market blocks placement with trade.market_closed', async () => {
    expect(leverEngineOf(server.ctx)).toBeDefined();
    server.clock.set(Date.UTC(2025, 0, 18, 12, 0, 0)); // Saturday: metals closed
    const res = await submit(alice, { currency_id: 101 });
    expect([res.status, res.body.code]).toEqual([409, 'trade.market_closed']);
  });
});

describe('restart', () => {
  it('trades recorded while the server was down fire the stops and limits (lever and spot) they cross, on start', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lever-restart-'));
    const dbFile = path.join(dir, 'app.db');
    const first = await startTestServer({ MARKET_FEED: 'manual', DB_FILE: dbFile });
    const token = await registerEmailUser(first, 'lever-restart@example.com');
    const userId = ((await first.get('/api/user/info', { token })).body.message as { id: number }).id;
    await fund(first.store, userId, 'lever', 3, '10000');
    await first.post('/dev/market/price', { symbol: 'BTC/USDT', price: '60000' });
    const post = (body: Record<string, unknown>) =>
      first.post(
        '/api/lever/submit',
        { legal_id: 3, currency_id: 1, multiple: 100, share: 10, type: 1, status: 1, ...body },
        { token },
      );
    const held = (await post({})).body.message as Row;
    await first.post('/api/lever/setstop', { id: held.id, stop_loss_price: '59600' }, { token });
    const pending = (await post({ status: 0, target_price: '59560', multiple: 20 })).body.message as Row;
    await fund(first.store, userId, 'change', 3, '10000');
    const spot = (
      await first.post(
        '/api/transaction/in',
        { legal_id: 3, currency_id: 1, num: '0.01', price: '59560', mode: 2 },
        { token },
      )
    ).body.message as { id: number };
    // After the engines' last look, the tape records a print at 59550 (as a back-fill of the
    // downtime would): straight into the table, past the market and the engines.
    const seq = await Tape.nextSeq(first.store.q);
    await Tape.insert(first.store.q, [
      { seq, instrumentId: 1, time: TEST_START + 60_000, price: '59550.00', qty: '0.01', side: 1, kind: 2 },
    ]);
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
    const second = await buildApp(config, { clock: new ManualClock(TEST_START + 120_000) });
    try {
      const row = (id: number) =>
        second.store.q
          .selectFrom('lever_orders')
          .select(['status', 'close_price', 'close_reason', 'close_seq', 'open_seq'])
          .where('id', '=', id)
          .executeTakeFirst();
      expect(await row(held.id)).toMatchObject({
        status: 3,
        close_price: '59550.00',
        close_reason: 'stop_loss',
        close_seq: seq,
      });
      expect(await row(pending.id)).toMatchObject({ status: 1, open_seq: seq });
      expect(
        await second.store.q
          .selectFrom('spot_orders')
          .select(['status', 'fill_seq'])
          .where('id', '=', spot.id)
          .executeTakeFirst(),
      ).toEqual({ status: 1, fill_seq: seq });
      expect(await reconcile(second.store.q)).toEqual([]);
    } finally {
      await second.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

(process.env.TEST_DATABASE_URL ? describe : describe.skip)('two nodes at once (PostgreSQL)', () => {
  it('a position is liquidated on node A or closed on node B, never both', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lever-two-nodes-'));
    const shared = { MARKET_FEED: 'manual', DB_FILE: path.join(dir, 'app.db') };
    const a = await startTestServer(shared);
    let b: TestServer | undefined;
    try {
      const token = await registerEmailUser(a, 'lever-two-nodes@example.com');
      const userId = ((await a.get('/api/user/info', { token })).body.message as { id: number }).id;
      await fund(a.store, userId, 'lever', 3, '100000');
      expect((await a.post('/dev/market/price', { symbol: 'BTC/USDT', price: '60000' })).status).toBe(200);
      const ids: number[] = [];
      for (let i = 0; i < 10; i += 1) {
        const res = await a.post(
          '/api/lever/submit',
          { legal_id: 3, currency_id: 1, multiple: 100, share: 10, type: 1, status: 1 },
          { token },
        );
        expect(res.status).toBe(200);
        ids.push((res.body.message as Row).id);
      }
      b = await startTestServer(shared);
      const node = b;
      // Node A's tape goes through every liquidation price while node B closes every position.
      const [, ...closes] = await Promise.all([
        a.post('/dev/market/price', { symbol: 'BTC/USDT', price: '59000' }),
        ...ids.map((id) => node.post('/api/lever/close', { id }, { token })),
      ]);
      const rows = await a.store.q
        .selectFrom('lever_orders')
        .select(['id', 'status', 'close_reason'])
        .where('id', 'in', ids)
        .orderBy('id')
        .execute();
      for (const [i, row] of rows.entries()) {
        const entries = await a.store.q
          .selectFrom('ledger_entries')
          .select('reason')
          .where('ref', '=', `lever:${row.id}`)
          .orderBy('id')
          .execute();
        const closing = entries.map((e) => e.reason).slice(3);
        expect(row.status).toBe(3);
        if (row.close_reason === 'manual') {
          expect(closes[i]?.status).toBe(200);
          expect(closing).toEqual(['margin_release', 'margin_release', 'loss']);
        } else {
          expect(row.close_reason).toBe('liquidation');
          expect(closes[i]?.body.code).toBe('lever.not_holding');
          expect(closing).toEqual(['liquidation']);
        }
      }
      expect((await getBalance(a.store.q, userId, 'lever', 3)).locked).toBe('0');
      expect(await reconcile(a.store.q)).toEqual([]);
    } finally {
      await b?.stop();
      await a.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
