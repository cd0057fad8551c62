import { registerEmailUser, startTestServer, type TestServer } from '../testing/harness';
import { getBalance, reconcile } from '../kernel';
import { startRestartable } from '../testing/restart';
import { sweepLockup } from './lockup';

// Real HTTP and SQLite on a shared 2-CPU machine: allow slow starts.
jest.setTimeout(30_000);

let server: TestServer;
let alice: string;
let bob: string;
let aliceId: number;

const DAY = 86_400_000;
const userIdOf = async (s: Pick<TestServer, 'get'>, token: string) =>
  ((await s.get('/api/user/info', { token })).body.message as { id: number }).id;
const credit = (email: string, currency: string, amount: string) =>
  server.post('/dev/credit', { user_string: email, wallet: 'change', currency, amount });

beforeAll(async () => {
  // Sessions outlive the simulated weeks of these tests.
  server = await startTestServer({ MARKET_FEED: 'manual', TOKEN_TTL_SECONDS: '31536000' });
  alice = await registerEmailUser(server, 'alice@example.com');
  bob = await registerEmailUser(server, 'bob@example.com');
  aliceId = await userIdOf(server, alice);
  await credit('alice@example.com', 'USDT', '5000');
  await credit('alice@example.com', 'BTC', '1');
});

afterEach(async () => {
  expect(await reconcile(server.store.q)).toEqual([]);
});

afterAll(async () => {
  await server.stop();
});

interface LockOrder {
  id: number;
  status: number;
  buy_num: string;
  fan_lixi: string;
  fee: string;
  refund: string;
  end_time: string;
}

describe('lock-up mining', () => {
  it('lists the products with the expected income and the cancel fee rate', async () => {
    const res = await server.get('/api/zhiya/list', { token: alice });
    const m = res.body.message as { list: Array<Record<string, unknown>>; zhiya_qxsxf: string };
    expect(m.zhiya_qxsxf).toBe('5');
    expect(m.list[0]).toMatchObject({
      id: 1,
      currency: 3,
      currency_name: 'USDT',
      min: '100',
      lixi: '1.5',
      qixian: 7,
      income: '1.5',
    });
    expect(m.list[2]).toMatchObject({ currency_name: 'BTC', min: '0.01', income: '0.0002' });
    expect((await server.get('/api/zhiya/list')).body.type).toBe('999');
  });

  it('locks the amount, pays principal and interest exactly once at the end', async () => {
    const res = await server.post('/api/zhiya/buy', { id: 1 }, { token: alice });
    expect(res.body.message).toMatchObject({ status: 1, buy_num: '100', fan_lixi: '1.5' });
    const id = (res.body.message as { id: number }).id;
    expect(await getBalance(server.store.q, aliceId, 'change', 3)).toEqual({
      available: '4900',
      locked: '100',
    });
    // Another user can neither see nor cancel it.
    expect((await server.get('/api/zhiya/myorder?page=1&limit=10', { token: bob })).body.message).toEqual([]);
    expect((await server.post('/api/zhiya/quxiao', { id }, { token: bob })).body.code).toBe(
      'lockup.order_not_found',
    );

    server.clock.advance(7 * DAY - 1);
    await sweepLockup(server.ctx, server.clock.now());
    let list = (await server.get('/api/zhiya/myorder', { token: alice })).body.message as LockOrder[];
    expect(list[0]).toMatchObject({ id, status: 1 });
    server.clock.advance(1);
    list = (await server.get('/api/zhiya/myorder', { token: alice })).body.message as LockOrder[];
    expect(list[0]).toMatchObject({ id, status: 2 });
    expect(await getBalance(server.store.q, aliceId, 'change', 3)).toEqual({
      available: '5001.5',
      locked: '0',
    });
    // Sweeping again pays nothing more.
    expect(await sweepLockup(server.ctx, server.clock.now() + DAY)).toBe(0);
    expect((await getBalance(server.store.q, aliceId, 'change', 3)).available).toBe('5001.5');
    const interest = await server.store.q
      .selectFrom('ledger_entries')
      .select('id')
      .where('reason', '=', 'lockup_interest')
      .where('ref', '=', `lockup:${id}`)
      .execute();
    expect(interest).toHaveLength(1);
    expect((await server.post('/api/zhiya/quxiao', { id }, { token: alice })).body.code).toBe(
      'lockup.order_state',
    );
  });

  it('cancels with the fee: principal minus buy_num x zhiya_qxsxf / 100', async () => {
    const res = await server.post('/api/zhiya/buy', { id: 3 }, { token: alice });
    const id = (res.body.message as { id: number }).id;
    expect(await getBalance(server.store.q, aliceId, 'change', 1)).toEqual({
      available: '0.99',
      locked: '0.01',
    });
    const cancel = await server.post('/api/zhiya/quxiao', { id }, { token: alice });
    expect(cancel.body.message).toEqual({ id, status: 3, fee: '0.0005', refund: '0.0095' });
    expect(await getBalance(server.store.q, aliceId, 'change', 1)).toEqual({
      available: '0.9995',
      locked: '0',
    });
    expect((await server.post('/api/zhiya/quxiao', { id }, { token: alice })).body.code).toBe(
      'lockup.order_state',
    );
    // A cancelled order never matures.
    server.clock.advance(30 * DAY);
    await sweepLockup(server.ctx, server.clock.now());
    expect((await getBalance(server.store.q, aliceId, 'change', 1)).available).toBe('0.9995');
  });

  it('refuses without the balance and for unknown products', async () => {
    expect((await server.post('/api/zhiya/buy', { id: 2 }, { token: bob })).body.code).toBe(
      'wallet.insufficient_balance',
    );
    expect((await server.post('/api/zhiya/buy', { id: 99 }, { token: bob })).body.code).toBe(
      'lockup.product_not_found',
    );
    const bobId = await userIdOf(server, bob);
    expect(
      await server.store.q.selectFrom('lockup_orders').select('id').where('user_id', '=', bobId).execute(),
    ).toEqual([]);
  });

  it('pays an end that passed while the server was down, once, at the next start', async () => {
    const other = await startRestartable(server.clock.now());
    try {
      const token = await registerEmailUser(other as unknown as TestServer, 'carol@example.com');
      await other.post('/dev/credit', {
        user_string: 'carol@example.com',
        wallet: 'change',
        currency: 'USDT',
        amount: '1000',
      });
      const bought = await other.post('/api/zhiya/buy', { id: 2 }, { token });
      const id = (bought.body.message as { id: number }).id;
      const carolId = await userIdOf(other, token);
      await other.restart(31 * DAY);
      expect(await getBalance(other.built.store.q, carolId, 'change', 3)).toEqual({
        available: '1040',
        locked: '0',
      });
      await other.restart(DAY);
      expect(await getBalance(other.built.store.q, carolId, 'change', 3)).toEqual({
        available: '1040',
        locked: '0',
      });
      const list = (await other.get('/api/zhiya/myorder', { token })).body.message as LockOrder[];
      expect(list[0]).toMatchObject({ id, status: 2 });
      expect(await reconcile(other.built.store.q)).toEqual([]);
    } finally {
      await other.stop();
    }
  });
});

interface Sub {
  id: number;
  status: number;
  amount: string;
  pay_amount: string;
  price: string;
  currency_name: string;
}

describe('launch subscriptions', () => {
  it("serves the project's text in the request's language, English otherwise", async () => {
    const textIn = async (lang?: string) =>
      (await server.get('/api/iepn', lang ? { headers: { lang } } : undefined)).body.message as {
        keyword: string;
        abstract: string;
        content: string;
      };
    const en = await textIn();
    expect(en.keyword).toBe('BEF launch');
    const seen = new Set([en.abstract]);
    for (const lang of ['zh', 'hk', 'jp', 'kr', 'de', 'es']) {
      const copy = await textIn(lang);
      expect(copy.keyword).not.toBe(en.keyword);
      expect(copy.content).not.toBe(en.content);
      seen.add(copy.abstract);
    }
    expect(seen.size).toBe(7);
    expect((await textIn('zh')).keyword).toBe('BEF 首发');
    expect(await textIn('xx')).toMatchObject({ keyword: 'BEF launch' });
    const up = (await server.get('/api/user/upstart', { token: alice, headers: { lang: 'de' } })).body
      .message as { keyword: string };
    expect(up.keyword).toBe('BEF-Launch');
  });

  it('describes the project, the balance and prices in each pay currency', async () => {
    await server.post('/dev/market/price', { symbol: 'BTC/USDT', price: '50000' });
    const info = (await server.get('/api/iepn')).body.message as Record<string, unknown>;
    expect(info).toMatchObject({
      bname: 'BEF',
      c_id: 18,
      buymoney: '0.05',
      iepn_scz: 7,
      min: '100',
      max: '100000',
      phase: 'subscription',
    });
    const up = (await server.get('/api/user/upstart', { token: alice })).body.message as {
      detail: { balance: string };
    };
    expect(up.detail.balance).toBe((await getBalance(server.store.q, aliceId, 'change', 3)).available);
    expect((await server.post('/api/bi/price?c_id=1')).body.message).toEqual({
      c_id: 1,
      name: 'BTC',
      price: '0.000001',
    });
    expect((await server.post('/api/bi/price?c_id=3')).body.message).toMatchObject({ price: '0.05' });
    expect((await server.post('/api/bi/price?c_id=5')).body.code).toBe('launch.pay_currency_unsupported');
  });

  it('enforces amount rules and charges buymoney x amount to 8 decimals', async () => {
    const order = (amount: string, buymoney = '0.05', c_id = 3, token = alice) =>
      server.post('/api/user/up_order', { amount, buymoney, c_id }, { token });
    expect((await order('0')).body.code).toBe('launch.amount_invalid');
    expect((await order('-5')).body.code).toBe('launch.amount_invalid');
    expect((await order('99.9')).body.code).toBe('launch.below_minimum');
    expect((await order('100000.1')).body.code).toBe('launch.above_maximum');
    expect((await order('100', '0.04')).body.code).toBe('launch.price_changed');
    expect((await order('100', '0.05', 3, bob)).body.code).toBe('wallet.insufficient_balance');

    const before = (await getBalance(server.store.q, aliceId, 'change', 3)).available;
    const res = await order('123.45678901');
    expect(res.body.message).toMatchObject({
      amount: '123.45678901',
      price: '0.05',
      pay_amount: '6.17283945',
      status: 1,
    });
    const after = (await getBalance(server.store.q, aliceId, 'change', 3)).available;
    expect(before).not.toBe(after);
    expect(await getBalance(server.store.q, aliceId, 'change', 18)).toEqual({
      available: '0',
      locked: '123.45678901',
    });

    // In BTC at the market price: 0.000001 BTC per BEF.
    const btc = await order('1000', '0.000001', 1);
    expect(btc.body.message).toMatchObject({ pay_amount: '0.001', currency_name: 'BTC' });
    const info = (await server.get('/api/iepn')).body.message as { left: string; right: string };
    expect(info.right).toBe('1123.45678901');
    expect(info.left).toBe('9998876.54321099');
  });

  it('lists 10 a page, owner only; unlock only after the lock, crediting the token once', async () => {
    for (let i = 0; i < 10; i += 1)
      await server.post('/api/user/up_order', { amount: '100', buymoney: '0.05', c_id: 3 }, { token: alice });
    const page1 = (await server.post('/api/user/uplists', { page: 1, limit: 10 }, { token: alice })).body
      .message as Sub[];
    const page2 = (await server.post('/api/user/uplists', { page: 2, limit: 10 }, { token: alice })).body
      .message as Sub[];
    expect(page1).toHaveLength(10);
    expect(page2).toHaveLength(2);
    expect((await server.post('/api/user/uplists', { page: 1 }, { token: bob })).body.message).toEqual([]);

    const first = page1[0] as Sub;
    expect(first.status).toBe(1);
    expect((await server.post('/api/user/unlock', { id: first.id }, { token: alice })).body.code).toBe(
      'launch.not_unlockable',
    );
    expect((await server.post('/api/user/unlock', { id: first.id }, { token: bob })).body.code).toBe(
      'launch.order_not_found',
    );
    // The lock ends (dev tool: the normal sweep then makes it unlockable).
    const expired = await server.post('/dev/earn/expire', { kind: 'launch', id: first.id });
    expect(expired.body.message).toEqual({ kind: 'launch', id: first.id, status: 2 });
    const lockedBefore = await getBalance(server.store.q, aliceId, 'change', 18);
    expect((await server.post('/api/user/unlock', { id: first.id }, { token: alice })).body.message).toEqual({
      id: first.id,
      status: 3,
    });
    const lockedAfter = await getBalance(server.store.q, aliceId, 'change', 18);
    expect(lockedAfter.available).toBe('100');
    // 123.45678901 + 1000 + 10 x 100 subscribed, 100 unlocked.
    expect(lockedBefore.locked).toBe('2123.45678901');
    expect(lockedAfter.locked).toBe('2023.45678901');
    expect((await server.post('/api/user/unlock', { id: first.id }, { token: alice })).body.code).toBe(
      'launch.not_unlockable',
    );
    // 7 days later everything is unlockable.
    server.clock.advance(7 * DAY);
    const all = (await server.post('/api/user/uplists', { page: 1 }, { token: alice })).body.message as Sub[];
    expect(all.filter((s) => s.status === 2)).toHaveLength(9);
  });

  it('refuses outside the subscription phase', async () => {
    server.clock.advance(150 * DAY);
    expect((await server.get('/api/iepn')).body.message).toMatchObject({ phase: 'published' });
    expect(
      (
        await server.post(
          '/api/user/up_order',
          { amount: '100', buymoney: '0.05', c_id: 3 },
          { token: alice },
        )
      ).body.code,
    ).toBe('launch.not_open');
  });
});

describe('dev expire for lock-up', () => {
  it('matures one lock-up order through the normal sweep', async () => {
    await credit('bob@example.com', 'USDT', '100');
    const id = (
      (await server.post('/api/zhiya/buy', { id: 1 }, { token: bob })).body.message as { id: number }
    ).id;
    expect((await server.post('/dev/earn/expire', { kind: 'lockup', id })).body.message).toEqual({
      kind: 'lockup',
      id,
      status: 2,
    });
    expect((await getBalance(server.store.q, await userIdOf(server, bob), 'change', 3)).available).toBe(
      '101.5',
    );
    expect((await server.post('/dev/earn/expire', { kind: 'lockup', id: 9999 })).status).toBe(404);
  });
});

describe('two writers at once', () => {
  // The earlier tests moved the clock on: the subscription phase is reopened around "now".
  let phase: { start_at: number; end_at: number };
  beforeAll(async () => {
    phase = await server.store.q
      .selectFrom('launch_projects')
      .select(['start_at', 'end_at'])
      .executeTakeFirstOrThrow();
    const now = server.clock.now();
    await server.store.q
      .updateTable('launch_projects')
      .set({ start_at: now - DAY, end_at: now + DAY })
      .execute();
  });
  afterAll(async () => {
    await server.store.q.updateTable('launch_projects').set(phase).execute();
  });

  it('pays a lock-up order once when maturity sweeps and an early redemption race', async () => {
    const dan = await registerEmailUser(server, 'dan@example.com');
    const danId = await userIdOf(server, dan);
    await credit('dan@example.com', 'USDT', '100');
    const id = (
      (await server.post('/api/zhiya/buy', { id: 1 }, { token: dan })).body.message as { id: number }
    ).id;
    await server.store.q
      .updateTable('lockup_orders')
      .set({ end_time: server.clock.now() - 1 })
      .where('id', '=', id)
      .execute();
    await Promise.all([
      sweepLockup(server.ctx, server.clock.now()),
      sweepLockup(server.ctx, server.clock.now()),
      server.post('/api/zhiya/quxiao', { id }, { token: dan }),
    ]);
    const releases = await server.store.q
      .selectFrom('ledger_entries')
      .select('id')
      .where('ref', '=', `lockup:${id}`)
      .where('reason', '=', 'lockup_release')
      .execute();
    expect(releases).toHaveLength(2);
    const order = await server.store.q
      .selectFrom('lockup_orders')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    // Matured (principal + 1.5 interest) or redeemed early (principal - 5 fee): never both.
    const balance = await getBalance(server.store.q, danId, 'change', 3);
    expect(balance).toEqual({ available: order.status === 2 ? '101.5' : '95', locked: '0' });
  });

  it('unlocks a subscription once when two unlocks race', async () => {
    const eve = await registerEmailUser(server, 'eve@example.com');
    await credit('eve@example.com', 'USDT', '10');
    const sub = await server.post(
      '/api/user/up_order',
      { amount: '100', buymoney: '0.05', c_id: 3 },
      { token: eve },
    );
    const id = (sub.body.message as { id: number }).id;
    await server.post('/dev/earn/expire', { kind: 'launch', id });
    const answers = await Promise.all([
      server.post('/api/user/unlock', { id }, { token: eve }),
      server.post('/api/user/unlock', { id }, { token: eve }),
    ]);
    expect(answers.map((a) => a.body.code ?? 'ok').sort()).toEqual(['launch.not_unlockable', 'ok']);
    expect(await getBalance(server.store.q, await userIdOf(server, eve), 'change', 18)).toEqual({
      available: '100',
      locked: '0',
    });
  });

  it('never sells more than the stock left when subscriptions race', async () => {
    const project = await server.store.q
      .selectFrom('launch_projects')
      .select(['total', 'sold'])
      .executeTakeFirstOrThrow();
    const fay = await registerEmailUser(server, 'fay@example.com');
    await credit('fay@example.com', 'USDT', '100');
    // 150 left: of two orders of 100, one is sold out.
    await server.store.q
      .updateTable('launch_projects')
      .set({ sold: (BigInt(project.total) - 150n).toString() })
      .execute();
    try {
      const answers = await Promise.all(
        [0, 1].map(() =>
          server.post('/api/user/up_order', { amount: '100', buymoney: '0.05', c_id: 3 }, { token: fay }),
        ),
      );
      expect(answers.map((a) => a.body.code ?? 'ok').sort()).toEqual(['launch.sold_out', 'ok']);
      const info = (await server.get('/api/iepn')).body.message as { left: string };
      expect(info.left).toBe('50');
    } finally {
      await server.store.q.updateTable('launch_projects').set({ sold: project.sold }).execute();
    }
  });
});
