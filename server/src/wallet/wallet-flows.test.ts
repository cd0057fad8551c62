import { registerEmailUser, startTestServer, type TestServer } from '../testing/harness';
import { recordDeposit } from './deposits';
import { Decimal, getBalance, LEDGER_REASONS, type LedgerReason, postLedger, reconcile } from '../kernel';
import { reviewWithdrawal } from './withdrawals';

// Real HTTP and SQLite on a machine shared with other work: room for a slow start.
jest.setTimeout(30_000);

let server: TestServer;
let alice: string;
let bob: string;
let aliceId: number;
let bobId: number;

const userIdOf = async (token: string) =>
  ((await server.get('/api/user/info', { token })).body.message as { id: number }).id;

beforeAll(async () => {
  server = await startTestServer({ MARKET_FEED: 'manual' });
  alice = await registerEmailUser(server, 'alice@example.com');
  bob = await registerEmailUser(server, 'bob@example.com');
  aliceId = await userIdOf(alice);
  bobId = await userIdOf(bob);
});

afterEach(async () => {
  expect(await reconcile(server.store.q)).toEqual([]);
});

afterAll(async () => {
  await server.stop();
});

type Wallets = Record<string, { usdt_totle: string; balance: Array<Record<string, string | number>> }>;

describe('POST /api/wallet/list', () => {
  it('lists the four wallets valued at market prices (USDT = 1)', async () => {
    await server.post('/dev/market/price', { symbol: 'BTC/USDT', price: '60000' });
    await recordDeposit(server.ctx, aliceId, 'USDT', '100.5', 'test');
    await recordDeposit(server.ctx, aliceId, 'BTC', '0.01', 'test');
    const res = await server.post('/api/wallet/list', {}, { token: alice });
    expect(res.status).toBe(200);
    const w = res.body.message as Wallets;
    expect(Object.keys(w).sort()).toEqual(['change_wallet', 'legal_wallet', 'lever_wallet', 'micro_wallet']);
    const usdt = w.change_wallet?.balance.find((b) => b.currency === 3);
    expect(usdt).toEqual({
      currency: 3,
      currency_name: 'USDT',
      usdt_price: '1',
      change_balance: '100.5',
      lock_change_balance: '0',
    });
    expect(w.change_wallet?.balance.find((b) => b.currency === 1)?.usdt_price).toBe('60000');
    expect(w.change_wallet?.usdt_totle).toBe('700.5');
    expect(w.micro_wallet?.balance[0]).toHaveProperty('micro_balance');
    expect(w.micro_wallet?.usdt_totle).toBe('0');
    // A currency without a market instrument falls back to its seeded price; never a float.
    expect(w.lever_wallet?.balance.find((b) => b.currency_name === 'XRP')?.usdt_price).toMatch(
      /^\d+(\.\d+)?$/,
    );
  });

  it('needs a session', async () => {
    expect((await server.post('/api/wallet/list', {})).body.type).toBe('999');
  });
});

describe('POST /api/wallet/transfer', () => {
  it('moves available balance between two wallets with two ledger rows', async () => {
    const res = await server.post(
      '/api/wallet/transfer',
      { currency_id: 3, number: '40.25', from_field: 'change', to_field: 'lever' },
      { token: alice },
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toMatchObject({ number: '40.25', from_balance: '60.25', to_balance: '40.25' });
    const rows = await server.store.q
      .selectFrom('ledger_entries')
      .select(['wallet_type', 'amount', 'reason'])
      .where('ref', '=', (res.body.message as { ref: string }).ref)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { wallet_type: 'change', amount: '-40.25', reason: 'transfer_out' },
      { wallet_type: 'lever', amount: '40.25', reason: 'transfer_in' },
    ]);
  });

  it('refuses bad amounts, the same wallet, unknown wallets and overdrafts', async () => {
    const t = (body: Record<string, unknown>) =>
      server.post(
        '/api/wallet/transfer',
        { currency_id: 3, number: '1', from_field: 'change', to_field: 'legal', ...body },
        { token: alice },
      );
    expect((await t({ number: '0' })).body.code).toBe('wallet.invalid_amount');
    expect((await t({ number: '-5' })).body.code).toBe('wallet.invalid_amount');
    expect((await t({ number: '1e3' })).body.code).toBe('wallet.invalid_amount');
    expect((await t({ number: '0.000000001' })).body.code).toBe('wallet.invalid_amount');
    expect((await t({ to_field: 'change' })).body.code).toBe('wallet.same_wallet');
    expect((await t({ to_field: 'savings' })).body.code).toBe('wallet.invalid_type');
    expect((await t({ currency_id: 4 })).status).toBe(404);
    expect((await t({ number: '1000000' })).body.code).toBe('wallet.insufficient_balance');
  });
});

describe('fund log', () => {
  it('lists only the caller’s ledger rows of one wallet, newest first', async () => {
    const res = await server.post(
      '/api/wallet/legal_log',
      { page: 1, type: 'change', currency: 3 },
      { token: alice },
    );
    const log = res.body.message as { list: Array<Record<string, string>>; total: number; page: number };
    expect(log.total).toBe(2);
    expect(log.list.map((e) => [e.value, e.info, e.balance_after])).toEqual([
      ['-40.25', 'transfer_out', '60.25'],
      ['100.5', 'deposit', '100.5'],
    ]);
    const other = await server.post(
      '/api/wallet/legal_log',
      { page: 1, type: 'change', currency: 3 },
      { token: bob },
    );
    expect((other.body.message as { total: number }).total).toBe(0);
    expect(
      (await server.post('/api/wallet/legal_log', { type: 'bank', currency: 3 }, { token: bob })).body.code,
    ).toBe('wallet.invalid_type');
  });
});

describe('fund log reasons', () => {
  it('hands out every ledger reason code as info, paged', async () => {
    const frank = await registerEmailUser(server, 'frank@example.com');
    const frankId = await userIdOf(frank);
    const reasons = Object.keys(LEDGER_REASONS) as LedgerReason[];
    for (const reason of reasons)
      await server.store.tx((q) =>
        postLedger(q, [
          { userId: frankId, walletType: 'micro', currencyId: 3, amount: '0.01', reason, ref: `t:${reason}` },
        ]),
      );
    const page = async (n: number) =>
      (
        await server.post(
          '/api/wallet/legal_log',
          { page: n, type: 'micro', currency: 3, limit: 20 },
          { token: frank },
        )
      ).body.message as { list: Array<{ info: string }>; total: number };
    const first = await page(1);
    const second = await page(2);
    expect(first.total).toBe(reasons.length);
    expect(first.list).toHaveLength(20);
    const seen = [...first.list, ...second.list].map((e) => e.info);
    expect(seen.sort()).toEqual([...reasons].sort());
  });
});

describe('deposits', () => {
  it('gives each user a stable demo address per coin', async () => {
    const a1 = await server.get('/api/wallet/deposit_address?currency_id=1', { token: alice });
    const a2 = await server.get('/api/wallet/deposit_address?currency_id=1', { token: alice });
    const b1 = await server.get('/api/wallet/deposit_address?currency_id=1', { token: bob });
    const address = (a1.body.message as { address: string }).address;
    expect(address).toMatch(/^DEMO-BTC-[0-9a-f]{32}$/);
    expect((a2.body.message as { address: string }).address).toBe(address);
    expect((b1.body.message as { address: string }).address).not.toBe(address);
  });

  it('shows deposits in the caller’s charge_mention log only', async () => {
    const res = await server.get('/api/charge_mention/log?limit=1000', { token: alice });
    const data = (res.body.message as { data: Array<Record<string, unknown>> }).data;
    expect(data).toHaveLength(2);
    expect(data[0]).toMatchObject({ type: 'deposit', currency_name: 'BTC', value: '0.01', status: 2 });
    expect(data[0]?.transaction_info).toMatch(/^DEMO-TX-/);
    const bobs = await server.get('/api/charge_mention/log?limit=1000', { token: bob });
    expect((bobs.body.message as { data: unknown[] }).data).toEqual([]);
  });
});

describe('fund password', () => {
  it('is set once with 6 digits, then changed only with the old one', async () => {
    const set = (body: Record<string, unknown>, token = bob) =>
      server.post('/api/user/fund_password', body, { token });
    expect((await set({ password: '12345' })).body.code).toBe('fund_password.rule');
    expect((await set({ password: 'abcdef' })).body.code).toBe('fund_password.rule');
    expect((await set({ password: '123456' })).body.message).toBe('fund password set');
    expect((await set({ password: '654321' })).body.code).toBe('fund_password.old_required');
    expect((await set({ password: '654321', old_password: '000000' })).body.code).toBe('fund_password.wrong');
    expect((await set({ password: '654321', old_password: '123456' })).body.message).toBe(
      'fund password changed',
    );
    const stored = await server.store.q
      .selectFrom('users')
      .select('fund_password_hash')
      .where('id', '=', bobId)
      .executeTakeFirstOrThrow();
    expect(stored.fund_password_hash).toMatch(/^scrypt\$/);
    expect((await set({ password: '111111' }, alice)).body.message).toBe('fund password set');
    const center = await server.get('/api/user/center', { token: alice });
    expect(center.body.message).toMatchObject({ fund_password_set: true });
  });
});

describe('withdrawal address book', () => {
  it('adds, lists and deletes the caller’s addresses with the rules', async () => {
    const add = (body: Record<string, unknown>, token = alice) =>
      server.post(
        '/api/wallet/address/add',
        { currency_id: 3, label: 'Main1', remark: 'cold', ...body },
        { token },
      );
    const ok = await add({ address: 'TXa1b2c3d4e5f6' });
    expect(ok.status).toBe(200);
    const id = (ok.body.message as { id: number }).id;
    expect((await add({ address: 'TXa1b2c3d4e5f6' })).body.code).toBe('withdraw.address_exists');
    expect((await add({ address: 'TX a1b2c3d4' })).body.code).toBe('withdraw.address_invalid');
    expect((await add({ address: 'TXzzzzzzzz', label: 'my label' })).body.code).toBe(
      'withdraw.label_invalid',
    );
    expect((await add({ address: 'TXzzzzzzzz', label: 'lbl-1' })).body.code).toBe('withdraw.label_invalid');
    expect((await add({ address: 'TXa1b2c3d4e5f6' }, bob)).status).toBe(200);
    // XRP's label is a destination tag: digits only.
    expect((await add({ currency_id: 5, address: 'rXrpAddress01', label: 'Tag1' })).body.code).toBe(
      'withdraw.label_digits',
    );
    const xrp = await add({ currency_id: 5, address: 'rXrpAddress01', label: '123456' });
    expect(xrp.status).toBe(200);
    await server.post(
      '/api/wallet/address/delete',
      { id: (xrp.body.message as { id: number }).id },
      { token: alice },
    );

    const list = await server.get('/api/wallet/address/list?currency_id=3', { token: alice });
    expect(list.body.message).toEqual([
      expect.objectContaining({ id, address: 'TXa1b2c3d4e5f6', label: 'Main1' }),
    ]);
    // Someone else's id looks like an unknown one.
    const foreign = await server.post('/api/wallet/address/delete', { id }, { token: bob });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('withdraw.address_not_found');
    const extra = await add({ address: 'TXdeleteme01' });
    const extraId = (extra.body.message as { id: number }).id;
    expect((await server.post('/api/wallet/address/delete', { id: extraId }, { token: alice })).status).toBe(
      200,
    );
    expect(
      ((await server.get('/api/wallet/address/list', { token: alice })).body.message as unknown[]).length,
    ).toBe(1);
  });
});

describe('withdrawals', () => {
  const addressOf = async (token: string) =>
    (
      (await server.get('/api/wallet/address/list?currency_id=3', { token })).body.message as Array<{
        id: number;
      }>
    )[0]?.id ?? 0;

  it('locks amount + fee, then burns it on chain success', async () => {
    await recordDeposit(server.ctx, aliceId, 'USDT', '100', 'test');
    const before = await getBalance(server.store.q, aliceId, 'change', 3);
    const res = await server.post(
      '/api/wallet/withdraw',
      { currency_id: 3, address_id: await addressOf(alice), number: '20', fund_password: '111111' },
      { token: alice },
    );
    expect(res.status).toBe(200);
    const w = res.body.message as { id: number; status: number; fee: string };
    expect(w).toMatchObject({ status: 0, fee: '1', number: '20' });
    const locked = await getBalance(server.store.q, aliceId, 'change', 3);
    expect(locked.locked).toBe('21');
    expect(Number(before.available) - Number(locked.available)).toBe(21);
    expect((await reviewWithdrawal(server.ctx, w.id, 'approve')).status).toBe(1);
    await expect(reviewWithdrawal(server.ctx, w.id, 'approve')).rejects.toThrow();
    const done = await reviewWithdrawal(server.ctx, w.id, 'chain-ok');
    expect(done.status).toBe(2);
    expect(done.hash).toMatch(/^DEMO-TX-/);
    expect((await getBalance(server.store.q, aliceId, 'change', 3)).locked).toBe('0');
    const list = await server.get('/api/wallet/withdrawals', { token: alice });
    expect(list.body.message).toEqual([
      expect.objectContaining({ id: w.id, status: 2, status_text: 'success' }),
    ]);
    const log = await server.get('/api/charge_mention/log?limit=1000', { token: alice });
    const entries = (log.body.message as { data: Array<{ type: string }> }).data;
    expect(entries.find((e) => e.type === 'withdrawal')).toMatchObject({
      type: 'withdrawal',
      status: 2,
    });
  });

  it('releases the locked amount on rejection and chain failure', async () => {
    const before = await getBalance(server.store.q, aliceId, 'change', 3);
    const apply = async () =>
      (
        (
          await server.post(
            '/api/wallet/withdraw',
            { currency_id: 3, address_id: await addressOf(alice), number: '10', fund_password: '111111' },
            { token: alice },
          )
        ).body.message as { id: number }
      ).id;
    const a = await apply();
    expect((await reviewWithdrawal(server.ctx, a, 'reject', 'suspicious')).status).toBe(4);
    const b = await apply();
    await reviewWithdrawal(server.ctx, b, 'approve');
    expect((await reviewWithdrawal(server.ctx, b, 'chain-fail')).status).toBe(3);
    expect(await getBalance(server.store.q, aliceId, 'change', 3)).toEqual(before);
    const list = (await server.get('/api/wallet/withdrawals', { token: alice })).body.message as Array<{
      id: number;
      reason: string | null;
    }>;
    expect(list.find((w) => w.id === a)?.reason).toBe('suspicious');
  });

  it('settles a withdrawal once when two reviewers race', async () => {
    const before = await getBalance(server.store.q, aliceId, 'change', 3);
    const applied = await server.post(
      '/api/wallet/withdraw',
      { currency_id: 3, address_id: await addressOf(alice), number: '10', fund_password: '111111' },
      { token: alice },
    );
    const id = (applied.body.message as { id: number }).id;
    await reviewWithdrawal(server.ctx, id, 'approve');
    const results = await Promise.allSettled([
      reviewWithdrawal(server.ctx, id, 'chain-ok'),
      reviewWithdrawal(server.ctx, id, 'chain-fail'),
      reviewWithdrawal(server.ctx, id, 'reject'),
    ]);
    const won = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.status] : []));
    expect(won).toHaveLength(1);
    const after = await getBalance(server.store.q, aliceId, 'change', 3);
    // Burnt (amount + fee gone) or released (back to where it was): once.
    expect(after).toEqual(
      won[0] === 2 ? { available: new Decimal(before.available).minus(11).toFixed(), locked: '0' } : before,
    );
  });

  it('checks range, address owner and fund password (rate limited)', async () => {
    const addr = await addressOf(alice);
    const w = (body: Record<string, unknown>, token = alice) =>
      server.post(
        '/api/wallet/withdraw',
        { currency_id: 3, address_id: addr, number: '10', fund_password: '111111', ...body },
        { token },
      );
    expect((await w({ number: '9.99' })).body.code).toBe('withdraw.below_minimum');
    expect((await w({ number: '100001' })).body.code).toBe('withdraw.above_maximum');
    expect((await w({ number: '5000' })).body.code).toBe('wallet.insufficient_balance');
    expect((await w({ currency_id: 1, number: '0.01' })).body.code).toBe('withdraw.address_not_found');
    expect((await w({}, bob)).body.code).toBe('withdraw.address_not_found');
    for (let i = 0; i < 5; i += 1)
      expect((await w({ fund_password: '999999' })).body.code).toBe('fund_password.wrong');
    const limited = await w({});
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('fund_password.rate_limited');
    server.clock.advanceSeconds(15 * 60 + 1);
    expect((await w({})).status).toBe(200);
  });
});

describe('GET /api/wallet/withdraw_info', () => {
  it('answers the coin’s limits, fee, the caller’s available balance and the fund-password state', async () => {
    const info = await server.get('/api/wallet/withdraw_info?currency_id=3', { token: alice });
    expect(info.body.message).toEqual({
      currency_id: 3,
      currency_name: 'USDT',
      min: '10',
      max: '100000',
      fee: '1',
      available: (await getBalance(server.store.q, aliceId, 'change', 3)).available,
      fund_password_set: true,
    });
    const dave = await registerEmailUser(server, 'dave@example.com');
    expect(
      (await server.get('/api/wallet/withdraw_info?currency_id=BTC', { token: dave })).body.message,
    ).toMatchObject({
      currency_id: 1,
      min: '0.001',
      fee: '0.0005',
      available: '0',
      fund_password_set: false,
    });
    expect((await server.get('/api/wallet/withdraw_info?currency_id=999', { token: alice })).status).toBe(
      404,
    );
    expect((await server.get('/api/wallet/withdraw_info?currency_id=3')).body.type).toBe('999');
  });
});

describe('privacy', () => {
  it('never shows or lets anyone else use a user’s withdrawals and addresses', async () => {
    const eve = await registerEmailUser(server, 'eve@example.com');
    const eveId = await userIdOf(eve);
    await server.post('/api/user/fund_password', { password: '333333' }, { token: eve });
    await recordDeposit(server.ctx, eveId, 'USDT', '50', 'test');
    const added = await server.post(
      '/api/wallet/address/add',
      { currency_id: 3, address: 'TXeveprivate1', label: 'Eve' },
      { token: eve },
    );
    const addressId = (added.body.message as { id: number }).id;
    const applied = await server.post(
      '/api/wallet/withdraw',
      { currency_id: 3, address_id: addressId, number: '10', fund_password: '333333' },
      { token: eve },
    );
    const withdrawalId = (applied.body.message as { id: number }).id;
    expect(withdrawalId).toBeGreaterThan(0);

    // Bob reads: none of Eve's rows appear anywhere.
    const bobWithdrawals = (await server.get('/api/wallet/withdrawals', { token: bob })).body
      .message as Array<{
      id: number;
    }>;
    expect(bobWithdrawals.map((w) => w.id)).not.toContain(withdrawalId);
    const bobLog = (await server.get('/api/charge_mention/log', { token: bob })).body.message as {
      data: Array<{ transaction_info: string }>;
    };
    expect(JSON.stringify(bobLog)).not.toContain('TXeveprivate1');
    const bobBook = (await server.get('/api/wallet/address/list', { token: bob })).body.message as Array<{
      id: number;
    }>;
    expect(bobBook.map((a) => a.id)).not.toContain(addressId);
    const bobFund = await server.post(
      '/api/wallet/legal_log',
      { type: 'change', currency: 3 },
      { token: bob },
    );
    expect(JSON.stringify(bobFund.body.message)).not.toContain(`withdrawal:${withdrawalId}`);

    // Bob changes: he can neither delete Eve's address nor withdraw to it with his own money.
    expect((await server.post('/api/wallet/address/delete', { id: addressId }, { token: bob })).status).toBe(
      404,
    );
    for (const token of [bob, alice]) {
      const foreign = await server.post(
        '/api/wallet/withdraw',
        { currency_id: 3, address_id: addressId, number: '10', fund_password: '111111' },
        { token },
      );
      expect(foreign.body.code).toBe('withdraw.address_not_found');
    }
    // Eve's book and withdrawal are untouched.
    expect(
      (
        (await server.get('/api/wallet/address/list', { token: eve })).body.message as Array<{ id: number }>
      ).map((a) => a.id),
    ).toEqual([addressId]);
    expect((await server.get('/api/wallet/withdrawals', { token: eve })).body.message).toEqual([
      expect.objectContaining({ id: withdrawalId, status: 0, number: '10' }),
    ]);
    expect(await getBalance(server.store.q, eveId, 'change', 3)).toEqual({ available: '39', locked: '11' });
  });
});

describe('concurrency', () => {
  it('50 parallel transfers and withdrawals never overdraw one balance', async () => {
    const carol = await registerEmailUser(server, 'carol@example.com');
    const carolId = await userIdOf(carol);
    await server.post('/api/user/fund_password', { password: '222222' }, { token: carol });
    const addr = await server.post(
      '/api/wallet/address/add',
      { currency_id: 3, address: 'TXcarol0001' },
      { token: carol },
    );
    const addressId = (addr.body.message as { id: number }).id;
    await recordDeposit(server.ctx, carolId, 'USDT', '100', 'test');
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0
          ? server.post(
              '/api/wallet/transfer',
              { currency_id: 3, number: '5', from_field: 'change', to_field: 'micro' },
              { token: carol },
            )
          : server.post(
              '/api/wallet/withdraw',
              { currency_id: 3, address_id: addressId, number: '10', fund_password: '222222' },
              { token: carol },
            ),
      ),
    );
    const okTransfers = results.filter((r, i) => i % 2 === 0 && r.status === 200).length;
    const okWithdrawals = results.filter((r, i) => i % 2 === 1 && r.status === 200).length;
    for (const r of results) if (r.status !== 200) expect(r.body.code).toBe('wallet.insufficient_balance');
    const change = await getBalance(server.store.q, carolId, 'change', 3);
    expect(Number(change.available)).toBeGreaterThanOrEqual(0);
    expect(Number(change.available)).toBe(100 - 5 * okTransfers - 11 * okWithdrawals);
    expect(change.locked).toBe(String(11 * okWithdrawals));
    expect((await getBalance(server.store.q, carolId, 'micro', 3)).available).toBe(String(5 * okTransfers));
    expect(okTransfers + okWithdrawals).toBeGreaterThan(5);
  });
});
