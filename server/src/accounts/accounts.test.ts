import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { latestCode, login, registerEmailUser, startTestServer, type TestServer } from '../testing/harness';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.stop();
});

/** Moves past the 60 s resend gap. */
const afterResendGap = () => server.clock.advanceSeconds(61);

describe('POST /api/user/login', () => {
  it('answers a new token for the demo account at each login', async () => {
    const a = await server.post('/api/user/login', {
      user_string: 'demo@example.com',
      password: 'Demo1234',
      type: 1,
    });
    const b = await server.post('/api/user/login', {
      user_string: 'DEMO@example.com ',
      password: 'Demo1234',
      type: 1,
    });
    expect(a.status).toBe(200);
    expect(a.body.type).toBe('ok');
    expect(a.body.message).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(b.body.message).not.toBe(a.body.message);
  });

  it('stores only the SHA-256 of tokens', async () => {
    const token = await login(server, 'demo@example.com', 'Demo1234');
    const rows = await server.store.q.selectFrom('auth_tokens').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('refuses a wrong password or unknown account with the same answer', async () => {
    const wrong = await server.post(
      '/api/user/login',
      { user_string: 'demo@example.com', password: 'nope123', type: 1 },
      { ip: '198.51.100.1' },
    );
    const unknown = await server.post(
      '/api/user/login',
      { user_string: 'ghost@example.com', password: 'nope123', type: 1 },
      { ip: '198.51.100.1' },
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ type: 'error', message: 'Wrong account or password', code: 'login.failed' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.code).toBe('login.failed');
  });

  it('validates the payload', async () => {
    const noAccount = await server.post('/api/user/login', { password: 'x', type: 1 });
    expect(noAccount.status).toBe(400);
    expect(noAccount.body).toMatchObject({ type: 'error', code: 'account.required', field: 'user_string' });
    const blank = await server.post('/api/user/login', { user_string: '  ', password: 'x' });
    expect(blank.body.code).toBe('account.required');
    const noPassword = await server.post('/api/user/login', { user_string: 'demo@example.com' });
    expect(noPassword.body).toMatchObject({ code: 'password.required', field: 'password' });
    const badArea = await server.post('/api/user/login', {
      user_string: '123456',
      password: 'x',
      area_code_id: 'abc',
    });
    expect(badArea.status).toBe(400);
    expect(badArea.body.code).toBe('validation.failed');
    expect(badArea.body.message).toContain('area_code_id');
  });

  it('answers a coded error for a malformed JSON body', async () => {
    const res = await server.post('/api/user/login', '{"user_string":');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ type: 'error', code: 'request.invalid_body' });
  });

  it('accepts form-encoded posts', async () => {
    const res = await server.post(
      '/api/user/login',
      'user_string=demo%40example.com&password=Demo1234&type=1',
      {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
    );
    expect(res.status).toBe(200);
    expect(typeof res.body.message).toBe('string');
  });

  it('delays an account exponentially after its free failures, whatever the address; a known device is not locked out', async () => {
    await registerEmailUser(server, 'limited@example.com', 'Right123');
    const free = server.config.login.accountFreeFailures;
    // The owner logs in once from their own device, which makes that address known.
    await login(server, 'limited@example.com', 'Right123', {});
    for (let i = 0; i < free; i += 1) {
      const res = await server.post(
        '/api/user/login',
        { user_string: 'limited@example.com', password: 'Wrong123' },
        { ip: `203.0.113.${i + 1}` },
      );
      expect(res.body.code).toBe('login.failed');
    }
    const blocked = await server.post(
      '/api/user/login',
      { user_string: 'limited@example.com', password: 'Right123' },
      { ip: '203.0.113.50' },
    );
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('login.rate_limited');
    expect(blocked.body.wait).toBe(1);
    expect(blocked.headers.get('retry-after')).toBe('1');
    // The owner's device (the harness's own address) still logs in.
    expect(
      (await server.post('/api/user/login', { user_string: 'limited@example.com', password: 'Right123' }))
        .status,
    ).toBe(200);

    server.clock.advanceSeconds(1);
    const again = await server.post(
      '/api/user/login',
      { user_string: 'limited@example.com', password: 'Right123' },
      { ip: '203.0.113.50' },
    );
    expect(again.status).toBe(200);
  });

  it('rate limits failures per IP across accounts', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < server.config.login.maxFailuresPerIp; i += 1) {
      const res = await server.post(
        '/api/user/login',
        { user_string: `nobody${i}@example.com`, password: 'Wrong123' },
        { ip },
      );
      expect(res.status).toBe(401);
    }
    const blocked = await server.post(
      '/api/user/login',
      { user_string: 'demo@example.com', password: 'Demo1234' },
      { ip },
    );
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('login.rate_limited');
    // Another client IP is not affected.
    const other = await server.post(
      '/api/user/login',
      { user_string: 'demo@example.com', password: 'Demo1234' },
      { ip: '192.0.2.78' },
    );
    expect(other.status).toBe(200);
    server.clock.advanceSeconds(15 * 60 + 1);
  });
});

describe('sessions', () => {
  it('answers 999 without, with a malformed or with an unknown token', async () => {
    const variants: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer null' },
      { authorization: 'x'.repeat(43) },
    ];
    for (const headers of variants) {
      const res = await server.get('/api/user/info', { headers });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ type: '999', message: 'session expired', code: 'session.invalid' });
    }
  });

  it('accepts both "Bearer <token>" and a bare token', async () => {
    const token = await login(server, 'demo@example.com', 'Demo1234');
    const bearer = await server.get('/api/user/info', { headers: { authorization: `Bearer ${token}` } });
    const bare = await server.get('/api/user/info', { headers: { authorization: token } });
    expect(bearer.status).toBe(200);
    expect(bare.status).toBe(200);
  });

  it('expires tokens after TOKEN_TTL_SECONDS', async () => {
    const token = await login(server, 'demo@example.com', 'Demo1234');
    server.clock.advanceSeconds(server.config.tokenTtlSeconds - 10);
    expect((await server.get('/api/user/info', { token })).status).toBe(200);
    server.clock.advanceSeconds(11);
    const res = await server.get('/api/user/info', { token });
    expect(res.status).toBe(401);
    expect(res.body.type).toBe('999');
  });

  it('logout revokes only the presented token', async () => {
    const a = await login(server, 'demo@example.com', 'Demo1234');
    const b = await login(server, 'demo@example.com', 'Demo1234');
    const out = await server.post('/api/user/logout', undefined, { token: a });
    expect(out.body).toEqual({ type: 'ok', message: 'logged out' });
    expect((await server.get('/api/user/info', { token: a })).body.type).toBe('999');
    expect((await server.get('/api/user/info', { token: b })).status).toBe(200);
    expect((await server.post('/api/user/logout', undefined, { token: a })).body.type).toBe('999');
  });
});

describe('GET /api/user/info and /api/user/center', () => {
  it('answers the user fields', async () => {
    const token = await login(server, 'demo@example.com', 'Demo1234');
    const info = await server.get('/api/user/info', { token });
    expect(info.body.type).toBe('ok');
    expect(info.body.message).toEqual({
      id: 1,
      account_number: 'demo@example.com',
      extension_code: 'DEMO01',
      is_seller: false,
      email: 'demo@example.com',
      phone: null,
      area_code: null,
      review_status: 0,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const center = await server.get('/api/user/center', { token });
    expect(center.body.message).toEqual({
      review_status: 0,
      review_reason: null,
      fund_password_set: false,
      is_seller: false,
      kefu_url: {
        mobile: expect.stringContaining('/api/support/chat?uid=1&name=demo%40example.com&terminal=mobile'),
      },
      account_number: 'demo@example.com',
      id: 1,
    });
  });

  it('needs a session', async () => {
    const res = await server.get('/api/user/center');
    expect(res.status).toBe(401);
    expect(res.body.type).toBe('999');
  });
});

describe('verification codes', () => {
  it('sends a 6-digit code, stores it hashed, and logs it to the outbox', async () => {
    const res = await server.post('/api/sms_mail', { user_string: 'Code1@Example.com', lang: 'en' });
    expect(res.body).toEqual({ type: 'ok', message: 'code sent' });
    const outbox = await server.get('/dev/outbox?to=code1@example.com');
    const list = outbox.body.message as Array<{
      to: string;
      code: string;
      purpose: string;
      created_at: string;
    }>;
    expect(list[0]).toMatchObject({ to: 'code1@example.com', purpose: 'register' });
    expect(list[0]?.code).toMatch(/^\d{6}$/);
    const stored = await server.store.q
      .selectFrom('verification_codes')
      .select('code_hash')
      .where('destination', '=', 'code1@example.com')
      .executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(list[0]?.code);
  });

  it('allows one send per destination per 60 s (429 with wait)', async () => {
    await server.post('/api/sms_mail', { user_string: 'gap@example.com', lang: 'en' });
    server.clock.advanceSeconds(20);
    const again = await server.post('/api/sms_mail', { user_string: 'gap@example.com', lang: 'en' });
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ type: 'error', code: 'code.resend_wait', wait: 40 });
    server.clock.advanceSeconds(40);
    expect((await server.post('/api/sms_mail', { user_string: 'gap@example.com', lang: 'en' })).status).toBe(
      200,
    );
  });

  it('a send whose transaction rolled back does not count toward the per-IP limit', async () => {
    const node = await startTestServer({ CODE_SENDS_PER_IP_PER_HOUR: '2' });
    const send = (n: number) =>
      node.post('/api/sms_mail', { user_string: `rollback${n}@example.com`, lang: 'en' });
    try {
      // The outbox cannot be written: each send's transaction fails and rolls back.
      await node.store.q.schema.alterTable('outbox').renameTo('outbox_away').execute();
      for (const n of [1, 2, 3]) expect((await send(n)).status).toBe(500);
      await node.store.q.schema.alterTable('outbox_away').renameTo('outbox').execute();
      expect((await send(4)).status).toBe(200);
      expect((await send(5)).status).toBe(200);
      const limited = await send(6);
      expect(limited.status).toBe(429);
      expect(limited.body.code).toBe('code.send_limited');
    } finally {
      await node.stop();
    }
  });

  it('validates email and phone destinations', async () => {
    const badMail = await server.post('/api/sms_mail', { user_string: 'not-an-email', lang: 'en' });
    expect(badMail.status).toBe(400);
    expect(badMail.body).toMatchObject({ code: 'email.invalid', field: 'user_string' });
    const badPhone = await server.post('/api/sms_send', {
      user_string: '12ab',
      lang: 'en',
      country_code: '1',
    });
    expect(badPhone.body.code).toBe('phone.invalid');
    const shortPhone = await server.post('/api/sms_send', {
      user_string: '1234',
      lang: 'en',
      country_code: '1',
    });
    expect(shortPhone.body.code).toBe('phone.invalid');
    const longPhone = await server.post('/api/sms_send', {
      user_string: '1234567890123456',
      lang: 'en',
      country_code: '1',
    });
    expect(longPhone.body.code).toBe('phone.invalid');
    const badCountry = await server.post('/api/sms_send', {
      user_string: '5551234567',
      lang: 'en',
      country_code: '0x',
    });
    expect(badCountry.body.code).toBe('country_code.invalid');
  });

  it('answers a code request the same way whether the account exists or not; only real ones get a code', async () => {
    const outbox = async (to: string) =>
      ((await server.get(`/dev/outbox?to=${encodeURIComponent(to)}`)).body.message as unknown[]).length;
    // Registration code for an existing account: answered like any other, never delivered.
    const exists = await server.post('/api/sms_mail', { user_string: 'demo@example.com', lang: 'en' });
    const fresh = await server.post('/api/sms_mail', { user_string: 'fresh@example.com', lang: 'en' });
    expect(exists.status).toBe(200);
    expect(exists.body).toEqual(fresh.body);
    expect(await outbox('fresh@example.com')).toBe(1);
    // Reset code for a missing account: answered like a real one, never delivered.
    await registerEmailUser(server, 'known-code@example.com');
    server.clock.advanceSeconds(61);
    const missing = await server.post('/api/sms_mail', {
      user_string: 'ghost@example.com',
      lang: 'en',
      type: 'forget',
    });
    const real = await server.post('/api/sms_mail', {
      user_string: 'known-code@example.com',
      lang: 'en',
      type: 'forget',
    });
    expect(missing.status).toBe(200);
    expect(missing.body).toEqual(real.body);
    expect(await outbox('ghost@example.com')).toBe(0);
    const missingPhone = await server.post('/api/sms_send', {
      user_string: '5550000000',
      lang: 'en',
      country_code: '1',
      type: 'forget',
    });
    expect(missingPhone.body).toEqual(real.body);
    // The resend gap holds for both alike.
    const again = await server.post('/api/sms_mail', {
      user_string: 'ghost@example.com',
      lang: 'en',
      type: 'forget',
    });
    const againReal = await server.post('/api/sms_mail', {
      user_string: 'known-code@example.com',
      lang: 'en',
      type: 'forget',
    });
    expect(again.status).toBe(429);
    expect(again.body.code).toBe('code.resend_wait');
    expect(againReal.body.code).toBe('code.resend_wait');
  });

  it('expires codes after 10 minutes', async () => {
    await server.post('/api/sms_mail', { user_string: 'late@example.com', lang: 'en' });
    const code = await latestCode(server, 'late@example.com');
    server.clock.advanceSeconds(10 * 60 + 1);
    const res = await server.post('/api/user/register', {
      type: 'email',
      user_string: 'late@example.com',
      code,
      password: 'Passw0rd',
      re_password: 'Passw0rd',
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('code.expired');
  });

  it('invalidates a code after 5 wrong tries', async () => {
    await server.post('/api/sms_mail', { user_string: 'guess@example.com', lang: 'en' });
    const code = await latestCode(server, 'guess@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    const attempt = (c: string) =>
      server.post('/api/user/register', {
        type: 'email',
        user_string: 'guess@example.com',
        code: c,
        password: 'Passw0rd',
        re_password: 'Passw0rd',
      });
    for (let i = 0; i < 4; i += 1) expect((await attempt(wrong)).body.code).toBe('code.invalid');
    expect((await attempt(wrong)).body.code).toBe('code.too_many_attempts');
    expect((await attempt(code)).body.code).toBe('code.too_many_attempts');
    // A new code works.
    afterResendGap();
    await server.post('/api/sms_mail', { user_string: 'guess@example.com', lang: 'en' });
    const fresh = await latestCode(server, 'guess@example.com');
    expect((await attempt(fresh)).status).toBe(200);
  });

  it('a new code replaces the previous one', async () => {
    await server.post('/api/sms_mail', { user_string: 'replace@example.com', lang: 'en' });
    const first = await latestCode(server, 'replace@example.com');
    afterResendGap();
    await server.post('/api/sms_mail', { user_string: 'replace@example.com', lang: 'en' });
    const second = await latestCode(server, 'replace@example.com');
    if (first !== second) {
      const old = await server.post('/api/user/register', {
        type: 'email',
        user_string: 'replace@example.com',
        code: first,
        password: 'Passw0rd',
        re_password: 'Passw0rd',
      });
      expect(old.body.code).toBe('code.invalid');
    }
    const ok = await server.post('/api/user/register', {
      type: 'email',
      user_string: 'replace@example.com',
      code: second,
      password: 'Passw0rd',
      re_password: 'Passw0rd',
    });
    expect(ok.status).toBe(200);
  });
});

describe('POST /api/user/register', () => {
  const body = (over: Record<string, unknown>) => ({
    type: 'email',
    country_code: '1',
    user_string: 'reg@example.com',
    code: '000000',
    password: 'Passw0rd',
    re_password: 'Passw0rd',
    ...over,
  });

  it('checks password rule, repeat, invite code, type', async () => {
    expect(
      (await server.post('/api/user/register', body({ password: 'abcdef', re_password: 'abcdef' }))).body
        .code,
    ).toBe('password.rule');
    expect(
      (await server.post('/api/user/register', body({ password: '123456', re_password: '123456' }))).body
        .code,
    ).toBe('password.rule');
    expect(
      (await server.post('/api/user/register', body({ password: 'ab1', re_password: 'ab1' }))).body.code,
    ).toBe('password.rule');
    expect(
      (
        await server.post(
          '/api/user/register',
          body({ password: 'abcdefgh12345678X', re_password: 'abcdefgh12345678X' }),
        )
      ).body.code,
    ).toBe('password.rule');
    expect((await server.post('/api/user/register', body({ re_password: 'Passw0rd!' }))).body.code).toBe(
      'password.mismatch',
    );
    expect((await server.post('/api/user/register', body({ extension_code: 'NOPE99' }))).body.code).toBe(
      'invite.invalid',
    );
    const badType = await server.post('/api/user/register', body({ type: 'fax' }));
    expect(badType.body).toMatchObject({ code: 'validation.failed', field: 'type' });
    expect((await server.post('/api/user/register', body({ user_string: 'nope' }))).body.code).toBe(
      'email.invalid',
    );
    expect((await server.post('/api/user/register', body({ code: '' }))).body.code).toBe('code.required');
  });

  it('registers an email account with an inviter, a fresh invite code and four wallets', async () => {
    await server.post('/api/sms_mail', { user_string: 'invited@example.com', lang: 'en' });
    const code = await latestCode(server, 'invited@example.com');
    const res = await server.post(
      '/api/user/register',
      body({ user_string: 'invited@example.com', code, extension_code: 'demo01' }),
    );
    expect(res.body).toEqual({ type: 'ok', message: 'registered' });

    const token = await login(server, 'invited@example.com', 'Passw0rd');
    const info = (await server.get('/api/user/info', { token })).body.message as {
      id: number;
      extension_code: string;
      account_number: string;
      is_seller: boolean;
    };
    expect(info.account_number).toBe('invited@example.com');
    expect(info.extension_code).toMatch(/^[A-Z0-9]{6,8}$/);
    expect(info.extension_code).not.toBe('DEMO01');
    expect(info.is_seller).toBe(false);
    const row = await server.store.q
      .selectFrom('users')
      .select('inviter_id')
      .where('id', '=', info.id)
      .executeTakeFirstOrThrow();
    expect(row.inviter_id).toBe(1);
    const wallets = await server.store.q
      .selectFrom('wallet_balances')
      .select('wallet_type')
      .distinct()
      .where('user_id', '=', info.id)
      .orderBy('wallet_type')
      .execute();
    expect(wallets.map((w) => w.wallet_type)).toEqual(['change', 'legal', 'lever', 'micro']);
    const center = (await server.get('/api/user/center', { token })).body.message as {
      review_status: number;
    };
    expect(center.review_status).toBe(0);

    // The code was consumed, and the account now exists.
    const reuse = await server.post('/api/user/register', body({ user_string: 'invited@example.com', code }));
    expect(reuse.status).toBe(409);
    expect(reuse.body.code).toBe('account.exists');
  });

  it('stores passwords with scrypt', async () => {
    const row = await server.store.q
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', 'invited@example.com')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$/);
    expect(row.password_hash).not.toContain('Passw0rd');
  });

  it('registers a phone account and logs in by national number, full number or country id', async () => {
    const send = await server.post('/api/sms_send', {
      user_string: '138 0013 8000',
      lang: 'zh',
      country_code: '+86',
    });
    expect(send.status).toBe(200);
    const code = await latestCode(server, '13800138000');
    const res = await server.post('/api/user/register', {
      type: 'mobile',
      country_code: '86',
      user_string: '13800138000',
      code,
      password: 'Mobile123',
      re_password: 'Mobile123',
    });
    expect(res.status).toBe(200);
    const countries = (await server.get('/api/country/list')).body.message as Array<{
      country_id: number;
      area_code: string;
    }>;
    const china = countries.find((c) => c.area_code === '86');
    const byId = await login(server, '13800138000', 'Mobile123', { area_code_id: china?.country_id });
    const info = (await server.get('/api/user/info', { token: byId })).body.message as Record<
      string,
      unknown
    >;
    expect(info).toMatchObject({
      account_number: '+8613800138000',
      phone: '13800138000',
      area_code: '86',
      email: null,
    });
    await login(server, '+86 13800138000', 'Mobile123');
    await login(server, '13800138000', 'Mobile123');
    // Outbox also answers the full number.
    expect((await server.get('/dev/outbox?to=%2B8613800138000')).body.message).toHaveLength(1);
  });

  it('mobile registration validates the phone', async () => {
    const res = await server.post('/api/user/register', body({ type: 'mobile', user_string: 'abc' }));
    expect(res.body.code).toBe('phone.invalid');
  });
});

describe('forgotten password', () => {
  it('checks a code without consuming it, resets the password and revokes every session', async () => {
    await registerEmailUser(server, 'forgetful@example.com', 'First123');
    const tokenA = await login(server, 'forgetful@example.com', 'First123');
    const tokenB = await login(server, 'forgetful@example.com', 'First123');
    afterResendGap();

    const sent = await server.post('/api/sms_mail', {
      user_string: 'forgetful@example.com',
      lang: 'en',
      type: 'forget',
    });
    expect(sent.status).toBe(200);
    const code = await latestCode(server, 'forgetful@example.com');
    const outbox = (await server.get('/dev/outbox?to=forgetful@example.com')).body.message as Array<{
      purpose: string;
    }>;
    expect(outbox[0]?.purpose).toBe('forget');

    expect(
      (await server.post('/api/user/check_email', { user_string: 'forgetful@example.com', email_code: code }))
        .body,
    ).toEqual({
      type: 'ok',
      message: 'code valid',
    });
    // Not consumed: checking again works.
    expect(
      (await server.post('/api/user/check_email', { user_string: 'forgetful@example.com', email_code: code }))
        .status,
    ).toBe(200);
    const wrongCheck = await server.post('/api/user/check_email', {
      user_string: 'forgetful@example.com',
      email_code: '1234567',
    });
    expect(wrongCheck.body.code).toBe('code.invalid');

    const mismatch = await server.post('/api/user/forget', {
      country_code: '1',
      account: 'forgetful@example.com',
      password: 'Second123',
      repassword: 'Second124',
      code,
    });
    expect(mismatch.body.code).toBe('password.mismatch');
    const weak = await server.post('/api/user/forget', {
      account: 'forgetful@example.com',
      password: 'short',
      repassword: 'short',
      code,
    });
    expect(weak.body.code).toBe('password.rule');

    const reset = await server.post('/api/user/forget', {
      country_code: '1',
      account: 'forgetful@example.com',
      password: 'Second123',
      repassword: 'Second123',
      code,
    });
    expect(reset.body).toEqual({ type: 'ok', message: 'password reset' });

    expect((await server.get('/api/user/info', { token: tokenA })).body.type).toBe('999');
    expect((await server.get('/api/user/info', { token: tokenB })).body.type).toBe('999');
    const oldPassword = await server.post(
      '/api/user/login',
      { user_string: 'forgetful@example.com', password: 'First123' },
      { ip: '100.64.0.1' },
    );
    expect(oldPassword.body.code).toBe('login.failed');
    await login(server, 'forgetful@example.com', 'Second123');

    // Single use.
    const again = await server.post('/api/user/forget', {
      account: 'forgetful@example.com',
      password: 'Third123',
      repassword: 'Third123',
      code,
    });
    expect(again.body.code).toBe('code.invalid');
  });

  it('wrong checks count toward the 5-try limit', async () => {
    await registerEmailUser(server, 'checker@example.com', 'First123');
    afterResendGap();
    await server.post('/api/sms_mail', { user_string: 'checker@example.com', lang: 'en', type: 'forget' });
    const code = await latestCode(server, 'checker@example.com');
    const wrong = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 4; i += 1) {
      expect(
        (
          await server.post('/api/user/check_email', {
            user_string: 'checker@example.com',
            email_code: wrong,
          })
        ).body.code,
      ).toBe('code.invalid');
    }
    expect(
      (await server.post('/api/user/check_email', { user_string: 'checker@example.com', email_code: wrong }))
        .body.code,
    ).toBe('code.too_many_attempts');
    const reset = await server.post('/api/user/forget', {
      account: 'checker@example.com',
      password: 'Second123',
      repassword: 'Second123',
      code,
    });
    expect(reset.body.code).toBe('code.too_many_attempts');
  });

  it('works for phone accounts (check_mobile)', async () => {
    await server.post('/api/sms_send', { user_string: '4155550123', lang: 'en', country_code: '1' });
    const regCode = await latestCode(server, '+14155550123');
    await server.post('/api/user/register', {
      type: 'mobile',
      country_code: '1',
      user_string: '4155550123',
      code: regCode,
      password: 'Phone123',
      re_password: 'Phone123',
    });
    afterResendGap();
    const sent = await server.post('/api/sms_send', {
      user_string: '4155550123',
      lang: 'en',
      country_code: '1',
      type: 'forget',
    });
    expect(sent.status).toBe(200);
    const code = await latestCode(server, '+14155550123');
    const check = await server.post('/api/user/check_mobile', {
      user_string: '4155550123',
      country_code: '1',
      mobile_code: code,
    });
    expect(check.status).toBe(200);
    const reset = await server.post('/api/user/forget', {
      country_code: '1',
      account: '4155550123',
      password: 'Phone456',
      repassword: 'Phone456',
      code,
    });
    expect(reset.status).toBe(200);
    await login(server, '4155550123', 'Phone456', { country_code: '1' });
  });

  it('answers an unknown account exactly like a wrong code', async () => {
    const ghost = await server.post('/api/user/check_email', {
      user_string: 'nobody-reset@example.com',
      email_code: '123456',
    });
    await registerEmailUser(server, 'known-reset@example.com');
    const wrong = await server.post('/api/user/check_email', {
      user_string: 'known-reset@example.com',
      email_code: '123456',
    });
    expect(ghost.status).toBe(400);
    expect(ghost.body).toEqual(wrong.body);
    expect(ghost.body.code).toBe('code.invalid');
    const forget = await server.post('/api/user/forget', {
      account: 'nobody-reset@example.com',
      password: 'Ghost123',
      repassword: 'Ghost123',
      code: '123456',
    });
    expect(forget.status).toBe(400);
    expect(forget.body.code).toBe('code.invalid');
  });
});

// Two nodes on one PostgreSQL database (the harness gives servers with the same DB_FILE the same
// database). SQLite runs one node per database file.
(process.env.TEST_DATABASE_URL ? describe : describe.skip)('two nodes at once (PostgreSQL)', () => {
  let a: TestServer;
  let b: TestServer;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'two-nodes-'));
    const shared = { MARKET_FEED: 'off', MARKET_BACKFILL: 'none', DB_FILE: path.join(dir, 'app.db') };
    a = await startTestServer(shared);
    b = await startTestServer(shared);
  });
  afterAll(async () => {
    await a.stop();
    await b.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('registers one address once when both nodes get the same code at the same moment', async () => {
    expect((await a.post('/api/sms_mail', { user_string: 'race@example.com', lang: 'en' })).status).toBe(200);
    const code = await latestCode(b, 'race@example.com');
    const body = {
      type: 'email',
      country_code: '1',
      user_string: 'race@example.com',
      code,
      password: 'Passw0rd',
      re_password: 'Passw0rd',
    };
    const answers = await Promise.all([
      a.post('/api/user/register', body),
      b.post('/api/user/register', body),
      a.post('/api/user/register', body),
      b.post('/api/user/register', body),
    ]);
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of answers.filter((x) => x.status !== 200))
      expect(['code.invalid', 'account.exists']).toContain(r.body.code);
    const users = await a.store.q
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'race@example.com')
      .execute();
    expect(users).toHaveLength(1);
    // A session issued by one node is good on the other; a logout on one ends it on both.
    const token = await login(a, 'race@example.com', 'Passw0rd');
    expect((await b.get('/api/user/info', { token })).status).toBe(200);
    expect((await b.post('/api/user/logout', {}, { token })).status).toBe(200);
    expect((await a.get('/api/user/info', { token })).body.type).toBe('999');
  });

  it('counts wrong code tries from both nodes together', async () => {
    expect((await a.post('/api/sms_mail', { user_string: 'tries@example.com', lang: 'en' })).status).toBe(
      200,
    );
    const code = await latestCode(a, 'tries@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    const body = (c: string) => ({
      type: 'email',
      country_code: '1',
      user_string: 'tries@example.com',
      code: c,
      password: 'Passw0rd',
      re_password: 'Passw0rd',
    });
    await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 === 0 ? a : b).post('/api/user/register', body(wrong))),
    );
    // Five wrong tries (maxAttempts) spent the code, whichever node counted them.
    const right = await b.post('/api/user/register', body(code));
    expect(right.status).toBe(400);
    expect(right.body.code).toBe('code.too_many_attempts');
  });
});
