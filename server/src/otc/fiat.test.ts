import { registerEmailUser, startTestServer, type TestServer } from '../testing/harness';
import { getBalance, reconcile } from '../kernel';
import { startRestartable } from '../testing/restart';
import { fiatCommand } from './admin';
import { confirmOrder, FIAT_TIMEOUT_MS } from './service';

// Real HTTP and SQLite on a shared 2-CPU machine: allow slow starts.
jest.setTimeout(30_000);

let server: TestServer;
let alice: string;
let bob: string;
let carol: string;
let aliceId: number;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);

async function upload(token: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'pay.png');
  const res = await fetch(`${server.baseUrl}/api/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return ((await res.json()) as { message: string }).message;
}

const buy = (token: string, acc: string, pay_way = 'bank', rate = '7.25') =>
  server.post('/api/wallet/buy_legal', { acc, rate, pay_way }, { token });

async function newUser(name: string): Promise<string> {
  return registerEmailUser(server, `${name}@example.com`);
}

beforeAll(async () => {
  server = await startTestServer({ MARKET_FEED: 'manual' });
  alice = await newUser('alice');
  bob = await newUser('bob');
  carol = await newUser('carol');
  aliceId = ((await server.get('/api/user/info', { token: alice })).body.message as { id: number }).id;
});

afterEach(async () => {
  expect(await reconcile(server.store.q)).toEqual([]);
});

afterAll(async () => {
  await server.stop();
});

describe('GET /api/legalInfo', () => {
  it('answers the best rate, merchant count, widest limits and the pay ways', async () => {
    const res = await server.get('/api/legalInfo?currency=3', { token: alice });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatchObject({
      currency: 3,
      rate: '7.2',
      count: 3,
      min: '100',
      max: '200000',
      alipay: 'tealotc@alipay.example',
      alipayCode: '/api/legal/code/1/alipay.png',
      wechat: 'tealotc_pay',
      bankName: 'Industrial Bank of Example',
      unfinished: 0,
      cancels_today: 0,
      restricted_until: null,
    });
    const png = await fetch(`${server.baseUrl}/api/legal/code/1/alipay.png`);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await png.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    expect((await fetch(`${server.baseUrl}/api/legal/code/2/alipay.png`)).status).toBe(404);
    expect((await server.get('/api/legalInfo?currency=1', { token: alice })).body.code).toBe(
      'fiat.currency_unsupported',
    );
    expect((await server.get('/api/legalInfo?currency=3')).body.type).toBe('999');
  });
});

describe('POST /api/wallet/buy_legal', () => {
  it('enforces min/max and the pay way, and matches the cheapest merchant at the shown rate', async () => {
    expect((await buy(carol, '99.99')).body.code).toBe('fiat.amount_range');
    expect((await buy(carol, '200000.01')).body.code).toBe('fiat.amount_range');
    expect((await buy(carol, 'abc')).body.code).toBe('fiat.amount_range');
    expect((await buy(carol, '1000', 'paypal')).body).toMatchObject({
      code: 'fiat.pay_way_unsupported',
      field: 'pay_way',
    });
    // Only Harbor Desk (bank) takes 60000; its rate 7.22 is worse than the 7.20 shown.
    expect((await buy(carol, '60000', 'bank', '7.20')).body.code).toBe('fiat.rate_changed');
    // Nobody takes alipay above 50000.
    expect((await buy(carol, '60000', 'alipay')).body.code).toBe('fiat.no_merchant');

    const res = await buy(carol, '7200', 'alipay', '7.20');
    expect(res.status).toBe(200);
    const id = res.body.message as number;
    const detail = await server.get(`/api/legal_buy/detail?id=${id}`, { token: carol });
    expect(detail.body.message).toMatchObject({
      id,
      status: 0,
      pay_way: 'alipay',
      amount: '7200',
      rate: '7.2',
      usdt_amount: '1000',
      merchant_name: 'Teal OTC',
      alipay: 'tealotc@alipay.example',
      alipayCode: '/api/legal/code/1/alipay.png',
      wechat: '',
      bankNo: '',
      pic: '',
      pay_time: null,
    });
    const d = detail.body.message as { created_at: string; expire_at: string };
    expect(Date.parse(d.expire_at) - Date.parse(d.created_at)).toBe(FIAT_TIMEOUT_MS);
    // usdt_amount truncates to 8 decimals.
    const odd = await buy(carol, '1000', 'bank', '7.22');
    const o = (await server.get(`/api/legal_buy/detail?id=${String(odd.body.message)}`, { token: carol }))
      .body.message as { usdt_amount: string; bankNo: string };
    expect(o.usdt_amount).toBe('138.88888888');
    expect(o.bankNo).toBe('6222 0210 0111 2233 445');
    await server.post('/api/legal_buy/cancel', { id }, { token: carol });
    await server.post('/api/legal_buy/cancel', { id: odd.body.message }, { token: carol });
  });
});

describe('an order from payment to the merchant confirmation', () => {
  it('only the owner can read and act, only in status 0; confirmation credits the legal wallet once', async () => {
    const id = (await buy(alice, '720', 'bank', '7.20')).body.message as number;
    // Another user sees nothing and can do nothing.
    expect((await server.get(`/api/legal_buy/detail?id=${id}`, { token: bob })).body.code).toBe(
      'fiat.order_not_found',
    );
    expect((await server.post('/api/legal_buy/cancel', { id }, { token: bob })).status).toBe(404);
    const bobPic = await upload(bob);
    expect((await server.post('/api/legal_buy/payed', { id, pic: bobPic }, { token: bob })).status).toBe(404);
    expect(((await server.get('/api/legal_buy/log', { token: bob })).body.message as unknown[]).length).toBe(
      0,
    );

    // Paid needs a screenshot of the owner's own.
    expect((await server.post('/api/legal_buy/payed', { id }, { token: alice })).body.code).toBe(
      'fiat.pic_required',
    );
    expect((await server.post('/api/legal_buy/payed', { id, pic: bobPic }, { token: alice })).body.code).toBe(
      'upload.invalid',
    );
    const pic = await upload(alice);
    const paid = await server.post('/api/legal_buy/payed', { id, pic }, { token: alice });
    expect(paid.body.message).toMatchObject({ id, status: 1 });
    const detail = (await server.get(`/api/legal_buy/detail?id=${id}`, { token: alice })).body.message as {
      status: number;
      pic: string;
    };
    expect(detail.status).toBe(1);
    expect(detail.pic).toMatch(/^\/api\/upload\/upl_.+sig=/);
    // Status 1: no more cancel or paid; and the timeout does not touch a paid order.
    expect((await server.post('/api/legal_buy/cancel', { id }, { token: alice })).body.code).toBe(
      'fiat.order_state',
    );
    expect((await server.post('/api/legal_buy/payed', { id, pic }, { token: alice })).body.code).toBe(
      'fiat.order_state',
    );
    server.clock.advance(FIAT_TIMEOUT_MS + 1);
    const before = (await getBalance(server.store.q, aliceId, 'legal', 3)).available;
    const done = await confirmOrder(server.ctx, id);
    expect(done.status).toBe(2);
    expect((await getBalance(server.store.q, aliceId, 'legal', 3)).available).toBe('100');
    expect(before).toBe('0');
    await expect(confirmOrder(server.ctx, id)).rejects.toThrow('already been handled');
    expect((await getBalance(server.store.q, aliceId, 'legal', 3)).available).toBe('100');
    const log = (await server.get('/api/legal_buy/log?limit=1000', { token: alice })).body.message as Array<{
      id: number;
      status: number;
    }>;
    expect(log[0]).toMatchObject({ id, status: 2 });
    const fund = await server.post(
      '/api/wallet/legal_log',
      { page: 1, type: 'legal', currency: 3 },
      { token: alice },
    );
    expect(JSON.stringify(fund.body.message)).toContain('fiat_buy');
  });
});

describe('the 30-minute timeout', () => {
  it('cancels an unpaid order at 30 minutes (simulated clock), and not a second earlier', async () => {
    const dave = await newUser('dave');
    const id = (await buy(dave, '1000')).body.message as number;
    server.clock.advance(FIAT_TIMEOUT_MS - 1);
    expect((await server.get(`/api/legal_buy/detail?id=${id}`, { token: dave })).body.message).toMatchObject({
      status: 0,
    });
    server.clock.advance(1);
    expect((await server.get(`/api/legal_buy/detail?id=${id}`, { token: dave })).body.message).toMatchObject({
      status: -1,
      cancel_reason: 'timeout',
    });
    const pic = await upload(dave);
    expect((await server.post('/api/legal_buy/payed', { id, pic }, { token: dave })).body.code).toBe(
      'fiat.order_state',
    );
  });

  it('cancels orders that expired while the server was down, at the next start', async () => {
    const other = await startRestartable(server.clock.now());
    try {
      const token = await registerEmailUser(other as unknown as TestServer, 'eve@example.com');
      const created = await other.post(
        '/api/wallet/buy_legal',
        { acc: '1000', rate: '7.25', pay_way: 'bank' },
        { token },
      );
      const id = created.body.message as number;
      // Down for an hour: the first thing the new server does is the sweep.
      await other.restart(60 * 60 * 1000);
      const row = await other.built.store.q
        .selectFrom('fiat_orders')
        .select(['status', 'cancel_reason', 'cancel_time', 'expire_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: -1, cancel_reason: 'timeout' });
      expect(row.cancel_time).toBe(row.expire_at);
      expect(await reconcile(other.built.store.q)).toEqual([]);
    } finally {
      await other.stop();
    }
  });
});

describe('limits', () => {
  it('refuses a 4th unfinished order', async () => {
    const frank = await newUser('frank');
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) ids.push((await buy(frank, '1000')).body.message as number);
    const fourth = await buy(frank, '1000');
    expect(fourth.status).toBe(409);
    expect(fourth.body.code).toBe('fiat.too_many_unfinished');
    // A paid order is still unfinished.
    await server.post('/api/legal_buy/payed', { id: ids[0], pic: await upload(frank) }, { token: frank });
    expect((await buy(frank, '1000')).body.code).toBe('fiat.too_many_unfinished');
    // A completed one is not.
    await confirmOrder(server.ctx, ids[0] ?? 0);
    expect((await buy(frank, '1000')).status).toBe(200);
  });

  it('3 cancellations in a UTC day block buying until 00:00 UTC', async () => {
    const gina = await newUser('gina');
    // Move to 23:00 UTC of the current day.
    const d = new Date(server.clock.now());
    server.clock.set(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 23, 0, 0));
    for (let i = 0; i < 2; i += 1) {
      const id = (await buy(gina, '1000')).body.message as number;
      expect(
        (await server.post('/api/legal_buy/cancel', { id }, { token: gina })).body.message,
      ).toMatchObject({
        status: -1,
      });
    }
    // A timeout counts as the third.
    const id3 = (await buy(gina, '1000')).body.message as number;
    server.clock.advance(FIAT_TIMEOUT_MS);
    expect((await server.get(`/api/legal_buy/detail?id=${id3}`, { token: gina })).body.message).toMatchObject(
      {
        status: -1,
      },
    );
    const blocked = await buy(gina, '1000');
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('fiat.cancel_limit');
    expect(blocked.body.wait).toBe(30 * 60);
    const info = (await server.get('/api/legalInfo?currency=3', { token: gina })).body.message as {
      cancels_today: number;
      restricted_until: string;
    };
    expect(info.cancels_today).toBe(3);
    expect(Date.parse(info.restricted_until) - server.clock.now()).toBe(30 * 60 * 1000);
    server.clock.advance(30 * 60 * 1000);
    expect((await buy(gina, '1000')).status).toBe(200);
  });
});

describe('two writers at once', () => {
  it('moves an order once when two confirmations and a refusal race', async () => {
    const ivan = await newUser('ivan');
    const ivanId = ((await server.get('/api/user/info', { token: ivan })).body.message as { id: number }).id;
    const id = (await buy(ivan, '720', 'alipay', '7.20')).body.message as number;
    const results = await Promise.allSettled([
      confirmOrder(server.ctx, id),
      confirmOrder(server.ctx, id),
      fiatCommand(server.ctx, ['cancel', String(id)], () => undefined),
    ]);
    // Exactly one writer moves the order: a confirmation (credited once) or the refusal.
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const confirmed = results[0]?.status === 'fulfilled' || results[1]?.status === 'fulfilled';
    const order = await server.store.q
      .selectFrom('fiat_orders')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe(confirmed ? 2 : -1);
    expect((await getBalance(server.store.q, ivanId, 'legal', 3)).available).toBe(confirmed ? '100' : '0');
    const credits = await server.store.q
      .selectFrom('ledger_entries')
      .select('id')
      .where('ref', '=', `fiat:${id}`)
      .execute();
    expect(credits).toHaveLength(confirmed ? 1 : 0);
  });

  it('never lets concurrent purchases pass the unfinished-order limit', async () => {
    const judy = await newUser('judy');
    const answers = await Promise.all(Array.from({ length: 5 }, () => buy(judy, '1000')));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.body.code === 'fiat.too_many_unfinished')).toHaveLength(2);
  });
});

describe('admin CLI handlers', () => {
  it('lists open orders, confirms one through the ledger and lets the merchant refuse another', async () => {
    const hank = await newUser('hank');
    const hankId = ((await server.get('/api/user/info', { token: hank })).body.message as { id: number }).id;
    const a = (await buy(hank, '720', 'alipay', '7.20')).body.message as number;
    const b = (await buy(hank, '1000')).body.message as number;
    const lines: string[] = [];
    const out = (line: string) => lines.push(line);
    expect(await fiatCommand(server.ctx, ['list'], out)).toBe(0);
    expect(lines.join('\n')).toContain('hank@example.com');
    expect(await fiatCommand(server.ctx, ['confirm', String(a)], out)).toBe(0);
    expect(lines.at(-1)).toContain('100 USDT credited');
    expect((await getBalance(server.store.q, hankId, 'legal', 3)).available).toBe('100');
    expect(await fiatCommand(server.ctx, ['cancel', String(b)], out)).toBe(0);
    const info = (await server.get('/api/legalInfo?currency=3', { token: hank })).body.message as {
      cancels_today: number;
      unfinished: number;
    };
    // A merchant's refusal does not count against the user.
    expect(info).toMatchObject({ cancels_today: 0, unfinished: 0 });
    expect(await fiatCommand(server.ctx, ['confirm'], out)).toBe(2);
    await expect(fiatCommand(server.ctx, ['confirm', String(b)], out)).rejects.toThrow(
      'already been handled',
    );
  });
});
