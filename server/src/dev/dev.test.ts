import { latestCode, login, startTestServer, type TestServer } from '../testing/harness';
import { reconcile } from '../kernel';

describe('dev tools (test mode)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('GET /dev/outbox lists the last codes, newest first', async () => {
    await server.post('/api/sms_mail', { user_string: 'outbox@example.com', lang: 'en' });
    server.clock.advanceSeconds(61);
    await server.post('/api/sms_mail', { user_string: 'outbox@example.com', lang: 'en' });
    const res = await server.get('/dev/outbox?to=OUTBOX@example.com');
    const list = res.body.message as Array<{ to: string; code: string; purpose: string; created_at: string }>;
    expect(list).toHaveLength(2);
    expect(Date.parse(list[0]?.created_at ?? '')).toBeGreaterThan(Date.parse(list[1]?.created_at ?? ''));
    expect(list[0]?.code).toBe(await latestCode(server, 'outbox@example.com'));
    expect((await server.get('/dev/outbox?to=nobody@example.com')).body.message).toEqual([]);
    expect((await server.get('/dev/outbox')).body.code).toBe('validation.failed');
  });

  it('POST /dev/credit deposits through the ledger', async () => {
    const res = await server.post('/dev/credit', {
      user_string: 'demo@example.com',
      wallet: 'micro',
      currency: 'USDT',
      amount: '12.5',
    });
    expect(res.body).toEqual({
      type: 'ok',
      message: {
        user_id: 1,
        wallet: 'micro',
        currency: 'USDT',
        currency_id: 3,
        amount: '12.5',
        available: '3012.5',
      },
    });
    const byId = await server.post('/dev/credit', {
      user_string: 'demo@example.com',
      wallet: 'change',
      currency: '1',
      amount: '0.00000001',
    });
    expect((byId.body.message as { available: string }).available).toBe('0.50000001');
    const entry = await server.store.q
      .selectFrom('ledger_entries')
      .select('reason')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(entry.reason).toBe('deposit');
    expect(await reconcile(server.store.q)).toEqual([]);
  });

  it('POST /dev/credit validates', async () => {
    const post = (over: Record<string, unknown>) =>
      server.post('/dev/credit', {
        user_string: 'demo@example.com',
        wallet: 'change',
        currency: 'USDT',
        amount: '1',
        ...over,
      });
    expect((await post({ amount: '-1' })).body.code).toBe('wallet.invalid_amount');
    expect((await post({ amount: '0' })).body.code).toBe('wallet.invalid_amount');
    expect((await post({ amount: '0.000000001' })).body.code).toBe('wallet.invalid_amount');
    expect((await post({ wallet: 'vault' })).body.code).toBe('wallet.invalid_type');
    expect((await post({ currency: 'SHIB' })).body.code).toBe('wallet.currency_not_found');
    const ghost = await post({ user_string: 'ghost@example.com' });
    expect(ghost.status).toBe(404);
    expect(ghost.body.code).toBe('account.not_found');
  });

  it('POST /dev/session/expire makes sessions answer 999', async () => {
    const token = await login(server, 'demo@example.com', 'Demo1234');
    expect((await server.get('/api/user/info', { token })).status).toBe(200);
    const res = await server.post('/dev/session/expire', { user_string: 'demo@example.com' });
    expect(res.body.type).toBe('ok');
    expect((res.body.message as { expired: number }).expired).toBeGreaterThanOrEqual(1);
    const after = await server.get('/api/user/info', { token });
    expect(after.status).toBe(401);
    expect(after.body.type).toBe('999');
    await login(server, 'demo@example.com', 'Demo1234');
  });

  it('POST /dev/market/price pins and releases a price (details in market.test.ts)', async () => {
    const res = await server.post('/dev/market/price', { symbol: 'BTC/USDT', price: '65000' });
    expect(res.status).toBe(200);
    expect(res.body.message).toEqual({
      symbol: 'BTC/USDT',
      currency_id: 1,
      price: '65000.00',
      last_price: '65000.00',
    });
    const released = await server.post('/dev/market/price', { symbol: 'BTC/USDT', price: null });
    expect(released.body.message).toMatchObject({ symbol: 'BTC/USDT', price: null });
    const bad = await server.post('/dev/market/price', { symbol: 'BTC/USDT', price: '-1' });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('price');
    expect((await server.post('/dev/market/price', { symbol: 'NOPE/USDT', price: '1' })).body.code).toBe(
      'market.symbol_not_found',
    );
  });
});

describe('dev tools (production mode)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ APP_MODE: 'production' });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('answers 404 for every dev route', async () => {
    for (const res of [
      await server.get('/dev/outbox?to=demo@example.com'),
      await server.post('/dev/credit', {
        user_string: 'demo@example.com',
        wallet: 'change',
        currency: 'USDT',
        amount: '1',
      }),
      await server.post('/dev/session/expire', { user_string: 'demo@example.com' }),
      await server.post('/dev/market/price', { symbol: 'BTC/USDT', price: '1' }),
      await server.post('/dev/earn/expire', { kind: 'lockup', id: 1 }),
      await server.post('/dev/fiat/confirm', { id: 1 }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ type: 'error', message: 'Not found', code: 'not_found' });
    }
  });

  it('answers 404 for the API documentation', async () => {
    for (const res of [await server.get('/docs'), await server.get('/docs/json')]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ type: 'error', message: 'Not found', code: 'not_found' });
    }
  });

  it('sends codes without storing them in the outbox', async () => {
    const res = await server.post('/api/sms_mail', { user_string: 'prod@example.com', lang: 'en' });
    expect(res.status).toBe(200);
    const outbox = await server.store.q
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(outbox.n).toBe(0);
    const codes = await server.store.q
      .selectFrom('verification_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('destination', '=', 'prod@example.com')
      .executeTakeFirstOrThrow();
    expect(codes.n).toBe(1);
  });
});
