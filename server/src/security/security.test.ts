// Security suite (issue 10): what an attacker tried must stay refused. Real server, real HTTP
// (raw TCP where a client library would refuse to send the request), real sockets, real SQLite.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Socket } from 'socket.io-client';
import { row, visible, visibleLine } from '../core/visible';
import { ConfigError, DEFAULT_TRUST_PROXY, loadConfig, WORKSPACE_ROOT } from '../core/config';
import { trustFunction } from '../core/request';
import { reconcile } from '../kernel';
import { chatCommand, feedbackCommand } from '../support/admin';
import { sweepUploads } from '../uploads/service';
import {
  latestCode,
  login,
  registerEmailUser,
  startTestServer,
  type Answer,
  type TestServer,
} from '../testing/harness';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);

interface RawAnswer {
  status: number;
  headers: string;
  body: string;
}

/** Sends bytes as they are (no client-side URL or header checks) and reads the whole answer. */
function rawHttp(server: TestServer, data: string | Buffer): Promise<RawAnswer> {
  const { port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.end(data));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      const head = split < 0 ? text : text.slice(0, split);
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0),
        headers: head.toLowerCase(),
        body: split < 0 ? '' : text.slice(split + 4),
      });
    });
    socket.setTimeout(5000, () => socket.destroy(new Error('no answer within 5 s')));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const get = (target: string, extraHeaders = '') =>
  `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${extraHeaders}Connection: close\r\n\r\n`;

function envelope(answer: RawAnswer): Answer {
  return JSON.parse(answer.body) as Answer;
}

async function upload(server: TestServer, token: string, files: Buffer[]) {
  const form = new FormData();
  for (const data of files) form.append('file', new Blob([data], { type: 'image/png' }), 'a.png');
  const res = await fetch(`${server.baseUrl}/api/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Answer, headers: res.headers };
}

describe('malformed requests never stop the API server', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer({ MARKET_FEED: 'manual' });
    token = await registerEmailUser(server, 'target@example.com');
  });
  afterAll(async () => {
    expect(await reconcile(server.store.q)).toEqual([]);
    await server.stop();
  });

  const badTargets = [
    '/api/%',
    '/api/%E0%A4%A',
    '/api/upload/%ZZ',
    '/api/upload/%C0%AE%C0%AE%C0%AF', // overlong UTF-8 for "../"
    '/api/upload/%F0%80%80%AF',
    '/api/upload/..%2f..%2f..%2fetc%2fpasswd',
    '/api/upload/../../etc/passwd',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/api/upload/a%00b?exp=1&sig=x',
    '/api/news/detail%00',
    '/api/support/chat/messages?t=%',
    '/api/cfg/kefu?%=%&a=%E0%A4%A',
    `/api/upload/${'a'.repeat(5000)}`,
    `/api/${'x/'.repeat(2000)}`,
    '/dev/outbox?to=%00%ff',
  ];

  it.each(badTargets)('answers %s with 400, 401, 403 or 404 in the error envelope', async (target) => {
    const answer = await rawHttp(server, get(target));
    expect([400, 401, 403, 404]).toContain(answer.status);
    const body = envelope(answer);
    expect(body.type === 'error' || body.type === '999').toBe(true);
    expect(typeof body.code).toBe('string');
    expect(answer.body).not.toMatch(/FST_|stack|at \//);
  });

  it('leaves /socket.io/ to engine.io, which answers a malformed one with its own 400', async () => {
    for (const target of ['/socket.io/%', '/socket.io/?EIO=%&transport=%ZZ', '/socket.io/?sid=%00']) {
      const answer = await rawHttp(server, get(target));
      expect(answer.status).toBe(400);
    }
  });

  it('answers an undecodable query string or a %00 anywhere with request.malformed (400)', async () => {
    for (const target of ['/api/cfg/kefu?%=%', '/api/cfg/kefu?a=%C0%AE', '/api/cfg/kefu?a=%00', '/api/%00']) {
      const answer = await rawHttp(server, get(target));
      expect(answer.status).toBe(400);
      expect(envelope(answer).code).toBe('request.malformed');
    }
    expect((await server.get('/api/cfg/kefu?a=%E4%B8%AD+b')).status).toBe(200);
  });

  it('answers a bad percent-encoding in the path with request.malformed (400)', async () => {
    const answer = await rawHttp(server, get('/api/upload/%E0%A4%A'));
    expect(answer.status).toBe(400);
    expect(envelope(answer)).toEqual({
      type: 'error',
      message: 'The request could not be read',
      code: 'request.malformed',
    });
  });

  it('answers an overlong route parameter with not_found (404)', async () => {
    const answer = await rawHttp(server, get(`/api/upload/${'a'.repeat(500)}`));
    expect(answer.status).toBe(404);
    expect(envelope(answer).code).toBe('not_found');
  });

  it('answers a traversal in an upload id with upload.invalid (404), a NUL with request.malformed (400)', async () => {
    for (const target of [
      '/api/upload/..%2f..%2fapp.db?exp=9999999999&sig=x',
      '/api/upload/..%5c..%5capp.db',
    ]) {
      const answer = await rawHttp(server, get(target));
      expect(answer.status).toBe(404);
      expect(envelope(answer).code).toBe('upload.invalid');
    }
    const nul = await rawHttp(server, get('/api/upload/a%00b'));
    expect(nul.status).toBe(400);
    expect(envelope(nul).code).toBe('request.malformed');
  });

  it.each([
    ['a head over 16 KB', get('/api/cfg/kefu', `X-Big: ${'a'.repeat(20_000)}\r\n`)],
    ['a thousand headers of 100 bytes', get('/api/cfg/kefu', `X-H: ${'b'.repeat(100)}\r\n`.repeat(1000))],
    ['a NUL byte in a header', get('/api/cfg/kefu', 'X-Bad: a\u0000b\r\n')],
    ['a control byte in the path', 'GET /api/\u0001 HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['a junk request line', 'FOO BAR BAZ\r\n\r\n'],
    ['a header without a colon', get('/api/cfg/kefu', 'NoColonHere\r\n')],
    ['a negative content length', 'POST /api/user/login HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n'],
  ])('answers %s with request.malformed (400) and closes', async (_name, request) => {
    const answer = await rawHttp(server, request);
    expect(answer.status).toBe(400);
    expect(envelope(answer)).toMatchObject({ type: 'error', code: 'request.malformed' });
  });

  it.each([
    ['{"user_string":', 'application/json'],
    ['{"a":1}}', 'application/json'],
    ['\u00ff\u00fe{', 'application/json'],
    ['[1,2', 'application/json'],
  ])('answers the broken JSON body %j with request.invalid_body (400)', async (body, type) => {
    const res = await server.post('/api/user/login', body, { headers: { 'content-type': type } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('request.invalid_body');
  });

  it('answers an overlong UTF-8 or a NUL inside JSON strings as invalid input, not a crash', async () => {
    const overlong = Buffer.concat([
      Buffer.from('{"user_string":"a'),
      Buffer.from([0xc0, 0xae, 0x00]),
      Buffer.from('@example.com","password":"x"}'),
    ]);
    const answer = await rawHttp(
      server,
      Buffer.concat([
        Buffer.from(
          `POST /api/user/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${overlong.length}\r\nConnection: close\r\n\r\n`,
        ),
        overlong,
      ]),
    );
    expect([400, 401]).toContain(answer.status);
    expect(envelope(answer).type).toBe('error');
    const nul = await server.post('/api/user/login', { user_string: 'a\u0000@example.com', password: 'x' });
    expect([400, 401]).toContain(nul.status);
  });

  it('answers broken multipart bodies with 400 and the right code', async () => {
    const truncated = await rawHttp(
      server,
      `POST /api/upload HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: multipart/form-data; boundary=zz\r\nContent-Length: 60\r\nConnection: close\r\n\r\n--zz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n`,
    );
    expect(truncated.status).toBe(400);
    expect(envelope(truncated).code).toBe('request.malformed');

    const noBoundary = await server.post('/api/upload', 'x', {
      token,
      headers: { 'content-type': 'multipart/form-data' },
    });
    expect(noBoundary.status).toBe(400);
    expect(noBoundary.body.type).toBe('error');

    const twoFiles = await upload(server, token, [PNG, PNG]);
    expect(twoFiles.status).toBe(400);
    expect(twoFiles.body.code).toBe('upload.too_many_files');
    expect(twoFiles.body.field).toBe('file');
  });

  it('keeps serving after all of the above', async () => {
    for (const target of badTargets) await rawHttp(server, get(target));
    const res = await server.get('/api/user/info', { token });
    expect(res.status).toBe(200);
    expect((res.body.message as { account_number: string }).account_number).toBe('target@example.com');
  });

  it('sends the security headers on answers, errors included', async () => {
    for (const res of [await server.get('/api/cfg/kefu'), await server.get('/api/nothing-here')]) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(res.headers.get('x-powered-by')).toBeNull();
    }
    // Answers given before any route ran carry them too.
    for (const request of [get('/api/upload/%'), get('/api/cfg/kefu', 'X-Bad: a\u0000b\r\n')]) {
      const malformed = await rawHttp(server, request);
      expect(malformed.status).toBe(400);
      expect(malformed.headers).toContain('x-content-type-options: nosniff');
      expect(malformed.headers).toContain(
        "content-security-policy: default-src 'none'; frame-ancestors 'none'",
      );
    }
  });
});

describe('support chat tokens end with the session or the password', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ MARKET_FEED: 'manual' });
  });
  afterAll(async () => {
    await server.stop();
  });

  async function chatTokenOf(token: string): Promise<string> {
    const url = (await server.get('/api/custorm?terminal=mobile', { token })).body.message as string;
    const t = new URL(url).searchParams.get('t');
    if (!t) throw new Error(`no chat token in ${url}`);
    return t;
  }
  const history = (t: string) => server.get(`/api/support/chat/messages?t=${encodeURIComponent(t)}`);
  const send = (t: string, text = 'hello') => server.post('/api/support/chat/send', { t, text });

  /** A chat socket logged in with `t`, recording whether the server ended it. */
  async function chatSocket(t: string) {
    const socket: Socket = await server.socket();
    const state = { ended: false, disconnected: false };
    socket.on('support_chat_ended', () => (state.ended = true));
    socket.on('disconnect', () => (state.disconnected = true));
    const ack = await new Promise<{ ok: boolean }>((resolve) => socket.emit('chat_login', { t }, resolve));
    expect(ack.ok).toBe(true);
    return { socket, state };
  }
  const settle = async (check: () => boolean) => {
    for (let i = 0; i < 50 && !check(); i += 1) await new Promise((r) => setTimeout(r, 20));
  };

  it('logout ends the chat token of that session (HTTP and socket), not another session’s', async () => {
    const email = 'chat-logout@example.com';
    const session = await registerEmailUser(server, email);
    const other = await login(server, email, 'Passw0rd');
    const t = await chatTokenOf(session);
    const tOther = await chatTokenOf(other);
    expect((await history(t)).status).toBe(200);
    const live = await chatSocket(t);
    const otherLive = await chatSocket(tOther);

    expect((await server.post('/api/user/logout', {}, { token: session })).status).toBe(200);
    const refused = await history(t);
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('chat.token_invalid');
    expect((await send(t)).body.code).toBe('chat.token_invalid');
    await settle(() => live.state.disconnected);
    expect(live.state).toEqual({ ended: true, disconnected: true });
    // The other session's token and socket live on.
    expect((await history(tOther)).status).toBe(200);
    expect(otherLive.state).toEqual({ ended: false, disconnected: false });
    // A new login with an ended token is refused on the socket too.
    const again = await server.socket();
    const ack = await new Promise<{ ok: boolean; code?: string }>((resolve) =>
      again.emit('chat_login', { t }, resolve),
    );
    expect(ack).toEqual({ ok: false, code: 'chat.token_invalid' });
  });

  it('a password change ends every chat token, the current session’s included', async () => {
    const email = 'chat-password@example.com';
    const session = await registerEmailUser(server, email, 'First123');
    const t = await chatTokenOf(session);
    const live = await chatSocket(t);
    const changed = await server.post(
      '/api/user/password',
      { old_password: 'First123', password: 'Second123', re_password: 'Second123' },
      { token: session },
    );
    expect(changed.status).toBe(200);
    // The session itself stays valid, its old chat token does not.
    expect((await server.get('/api/user/info', { token: session })).status).toBe(200);
    expect((await history(t)).body.code).toBe('chat.token_invalid');
    await settle(() => live.state.disconnected);
    expect(live.state).toEqual({ ended: true, disconnected: true });
    // A fresh token for the same session works.
    expect((await history(await chatTokenOf(session))).status).toBe(200);
  });

  it('a password reset ends every chat token (HTTP and socket)', async () => {
    const email = 'chat-reset@example.com';
    const session = await registerEmailUser(server, email, 'First123');
    const t = await chatTokenOf(session);
    const live = await chatSocket(t);
    server.clock.advanceSeconds(61);
    await server.post('/api/sms_mail', { user_string: email, lang: 'en', type: 'forget' });
    const code = await latestCode(server, email);
    const reset = await server.post('/api/user/forget', {
      account: email,
      password: 'Second123',
      repassword: 'Second123',
      code,
    });
    expect(reset.status).toBe(200);
    expect((await history(t)).body.code).toBe('chat.token_invalid');
    await settle(() => live.state.disconnected);
    expect(live.state).toEqual({ ended: true, disconnected: true });
  });

  it('session expiry ends the chat token (by time on HTTP; the socket when the session is expired)', async () => {
    const email = 'chat-expiry@example.com';
    const session = await registerEmailUser(server, email);
    const t = await chatTokenOf(session);
    const live = await chatSocket(t);
    await server.post('/dev/session/expire', { user_string: email });
    expect((await history(t)).body.code).toBe('chat.token_invalid');
    await settle(() => live.state.disconnected);
    expect(live.state).toEqual({ ended: true, disconnected: true });

    const next = await login(server, email, 'Passw0rd');
    const t2 = await chatTokenOf(next);
    expect((await history(t2)).status).toBe(200);
    server.clock.advanceSeconds(server.config.tokenTtlSeconds + 1);
    expect((await history(t2)).body.code).toBe('chat.token_invalid');
  });

  it('natural session expiry ends a live chat socket within 5 seconds', async () => {
    const email = 'chat-natural@example.com';
    const session = await registerEmailUser(server, email);
    const t = await chatTokenOf(session);
    const live = await chatSocket(t);
    server.clock.advanceSeconds(server.config.tokenTtlSeconds + 1);
    for (let i = 0; i < 70 && !live.state.disconnected; i += 1) await new Promise((r) => setTimeout(r, 100));
    expect(live.state).toEqual({ ended: true, disconnected: true });
  }, 20_000);

  it('refuses tokens of the old format, forged ones and ones with another session id', async () => {
    const session = await registerEmailUser(server, 'chat-forge@example.com');
    const t = await chatTokenOf(session);
    const [user, sid, exp, sig] = t.split('.');
    for (const forged of [
      `${user}.${exp}.${sig}`,
      `${user}.${Number(sid) + 1}.${exp}.${sig}`,
      `${user}.${sid}.${Number(exp) + 1}.${sig}`,
      `${Number(user) + 1}.${sid}.${exp}.${sig}`,
    ]) {
      expect((await history(forged)).body.code).toBe('chat.token_invalid');
    }
  });

  it('the page removes the token from its URL after reading it, under a strict CSP', async () => {
    const page = await fetch(`${server.baseUrl}/api/support/chat?t=x`);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    const js = await (await fetch(`${server.baseUrl}/api/support/chat.js`)).text();
    expect(js).toContain("params.delete('t')");
    expect(js).toContain('history.replaceState');
    expect(js).toContain('support_chat_ended');
  });
});

describe('upload quota and sweeper', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer({
      MARKET_FEED: 'manual',
      UPLOADS_PER_HOUR: '3',
      UPLOAD_BYTES_PER_DAY: String(PNG.length * 4 + 10),
    });
    token = await registerEmailUser(server, 'uploader@example.com');
  });
  afterAll(async () => {
    await server.stop();
  });

  it('reads the quota from the environment', () => {
    expect(server.config.uploads).toEqual({ maxPerHour: 3, maxBytesPerDay: PNG.length * 4 + 10 });
    expect(loadConfig({ APP_MODE: 'test' }).uploads).toEqual({
      maxPerHour: 20,
      maxBytesPerDay: 40 * 1024 * 1024,
    });
    expect(() => loadConfig({ UPLOADS_PER_HOUR: 'lots' })).toThrow(ConfigError);
  });

  it('refuses the upload over the hourly count, then the daily bytes, with upload.quota_exceeded (429)', async () => {
    for (let i = 0; i < 3; i += 1) expect((await upload(server, token, [PNG])).status).toBe(200);
    const fourth = await upload(server, token, [PNG]);
    expect(fourth.status).toBe(429);
    expect(fourth.body.code).toBe('upload.quota_exceeded');
    expect(fourth.body.wait).toBe(3600);
    expect(fourth.headers.get('retry-after')).toBe('3600');
    // Another user has their own quota.
    const other = await registerEmailUser(server, 'uploader2@example.com');
    expect((await upload(server, other, [PNG])).status).toBe(200);

    server.clock.advanceSeconds(3601);
    expect((await upload(server, token, [PNG])).status).toBe(200);
    const overBytes = await upload(server, token, [PNG]);
    expect(overBytes.status).toBe(429);
    expect(overBytes.body.code).toBe('upload.quota_exceeded');
    expect(overBytes.body.wait).toBe(86400 - 3601);
    server.clock.advanceSeconds(86400 - 3601);
    expect((await upload(server, token, [PNG])).status).toBe(200);
  });

  it('runs the sweeper with the app: an unreferenced upload a day old is gone when the server starts', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sweeper-'));
    const env = {
      MARKET_FEED: 'manual',
      DB_FILE: path.join(dir, 'app.db'),
      UPLOAD_DIR: path.join(dir, 'up'),
    };
    try {
      const first = await startTestServer(env);
      const owner = await registerEmailUser(first, 'sweep@example.com');
      const id = (await upload(first, owner, [PNG])).body.message as string;
      // A day and a millisecond old by the time the server starts again.
      await first.store.q
        .updateTable('uploads')
        .set({ created_at: first.clock.now() - 86400_000 - 1 })
        .where('id', '=', id)
        .execute();
      await first.stop();
      const second = await startTestServer(env);
      try {
        expect(
          await second.store.q.selectFrom('uploads').select('id').where('id', '=', id).executeTakeFirst(),
        ).toBeUndefined();
      } finally {
        await second.stop();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('removes unreferenced uploads older than a day, keeps referenced and recent ones', async () => {
    server.clock.advanceSeconds(2 * 86400);
    const stale = (await upload(server, token, [PNG])).body.message as string;
    const kept = (await upload(server, token, [PNG])).body.message as string;
    expect(
      (await server.post('/api/feedback/add', { content: 'see the image', img: kept }, { token })).status,
    ).toBe(200);
    const rowOf = (id: string) =>
      server.store.q.selectFrom('uploads').select('id').where('id', '=', id).executeTakeFirst();

    server.clock.advanceSeconds(86400 - 10);
    const fresh = (await upload(server, token, [PNG])).body.message as string;
    await sweepUploads(server.ctx, server.clock.now());
    expect(await rowOf(stale)).toBeDefined();

    server.clock.advanceSeconds(11);
    expect(await sweepUploads(server.ctx, server.clock.now())).toBeGreaterThanOrEqual(1);
    expect(await rowOf(stale)).toBeUndefined();
    expect(await rowOf(kept)).toBeDefined();
    expect(await rowOf(fresh)).toBeDefined();
    expect((await server.get(`/api/upload/url?id=${stale}`, { token })).status).toBe(404);
  });
});

describe('login failure counters', () => {
  let server: TestServer;
  let phoneUserId: number;
  beforeAll(async () => {
    server = await startTestServer({ MARKET_FEED: 'manual' });
    await server.post('/api/sms_send', { user_string: '13800138000', lang: 'en', country_code: '86' });
    const code = await latestCode(server, '+8613800138000');
    const reg = await server.post('/api/user/register', {
      type: 'mobile',
      country_code: '86',
      user_string: '13800138000',
      code,
      password: 'Mobile123',
      re_password: 'Mobile123',
    });
    expect(reg.status).toBe(200);
    phoneUserId = (
      await server.store.q
        .selectFrom('users')
        .select('id')
        .where('account_number', '=', '+8613800138000')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await server.stop();
  });

  it('counts every spelling of a phone account on the same resolved account', async () => {
    const countries = (await server.get('/api/country/list')).body.message as Array<{
      country_id: number;
      area_code: string;
    }>;
    const china = countries.find((c) => c.area_code === '86')?.country_id;
    const spellings: Array<Record<string, unknown>> = [
      { user_string: '+8613800138000' },
      { user_string: '+86 138-0013-8000' },
      { user_string: '8613800138000' },
      { user_string: '13800138000' },
      { user_string: '13800138000', country_code: '86' },
      { user_string: '13800138000', country_code: '+86' },
      { user_string: '613800138000', country_code: '8' },
      { user_string: '3800138000', country_code: '861' },
      { user_string: '13800138000', area_code_id: china },
      { user_string: '(138) 0013 8000', country_code: '86' },
    ];
    expect(spellings.length).toBe(server.config.login.accountFreeFailures);
    for (const [i, spelling] of spellings.entries()) {
      const res = await server.post(
        '/api/user/login',
        { ...spelling, password: 'Wrong999' },
        { ip: `198.18.1.${i + 1}` },
      );
      expect(res.body.code).toBe('login.failed');
    }
    // One more attempt from yet another address and spelling: delayed, as one account.
    const delayed = await server.post(
      '/api/user/login',
      { user_string: '+8613800138000', password: 'Mobile123' },
      { ip: '198.18.2.1' },
    );
    expect(delayed.status).toBe(429);
    expect(delayed.body.code).toBe('login.rate_limited');
    expect(phoneUserId).toBeGreaterThan(0);
  });

  it('doubles the per-account delay with each further failure, capped, never a hard lock', async () => {
    const waits: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const blocked = await server.post(
        '/api/user/login',
        { user_string: '+8613800138000', password: 'Wrong999' },
        { ip: `198.18.3.${i + 1}` },
      );
      expect(blocked.status).toBe(429);
      const wait = blocked.body.wait ?? 0;
      waits.push(wait);
      server.clock.advanceSeconds(wait);
      const failed = await server.post(
        '/api/user/login',
        { user_string: '+8613800138000', password: 'Wrong999' },
        { ip: `198.18.4.${i + 1}` },
      );
      expect(failed.body.code).toBe('login.failed');
    }
    expect(waits).toEqual([1, 2, 4, 8]);
    const next = await server.post(
      '/api/user/login',
      { user_string: '+8613800138000', password: 'Mobile123' },
      { ip: '198.18.5.1' },
    );
    expect(next.body.wait).toBe(16);
    server.clock.advanceSeconds(16);
    // The right password from anywhere goes through once the delay has passed.
    expect(
      (
        await server.post(
          '/api/user/login',
          { user_string: '13800138000', country_code: '86', password: 'Mobile123' },
          { ip: '198.18.5.1' },
        )
      ).status,
    ).toBe(200);
    expect(server.config.login.accountMaxDelaySeconds).toBe(300);
  });

  it('does not lock the owner’s device out while failures pour in from elsewhere', async () => {
    const email = 'owner@example.com';
    await registerEmailUser(server, email, 'Owner123', {});
    // The owner's own device (the harness's address) has logged in: it is known for the account.
    for (let i = 0; i < 30; i += 1) {
      server.clock.advanceSeconds(300);
      await server.post(
        '/api/user/login',
        { user_string: email, password: 'Guess999' },
        { ip: `198.18.6.${i}` },
      );
    }
    const attacker = await server.post(
      '/api/user/login',
      { user_string: email, password: 'Owner123' },
      { ip: '198.18.7.1' },
    );
    expect(attacker.status).toBe(429);
    expect(attacker.body.wait).toBeLessThanOrEqual(300);
    const owner = await server.post('/api/user/login', { user_string: email, password: 'Owner123' });
    expect(owner.status).toBe(200);
  });

  it('limits each client address to 5 failures per 15 minutes, across accounts, leaving other addresses alone', async () => {
    const ip = '198.18.8.8';
    expect(server.config.login.maxFailuresPerIp).toBe(5);
    for (let i = 0; i < 5; i += 1) {
      const res = await server.post(
        '/api/user/login',
        { user_string: `nobody${i}@example.com`, password: 'Wrong999' },
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
    expect(blocked.body.wait).toBe(900);
    expect(
      (
        await server.post(
          '/api/user/login',
          { user_string: 'demo@example.com', password: 'Demo1234' },
          { ip: '198.18.8.9' },
        )
      ).status,
    ).toBe(200);
    server.clock.advanceSeconds(900);
    expect(
      (
        await server.post(
          '/api/user/login',
          { user_string: 'demo@example.com', password: 'Demo1234' },
          { ip },
        )
      ).status,
    ).toBe(200);
  });
});

describe('trusted proxies (TRUST_PROXY)', () => {
  it('trusts only 127.0.0.1 by default and refuses "true"', () => {
    expect(DEFAULT_TRUST_PROXY).toBe('127.0.0.1');
    expect(loadConfig({}).trustProxy).toBe('127.0.0.1');
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).trustProxy).toBe('10.0.0.1,10.1.0.0/16');
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'anyone; rm -rf' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(ConfigError);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toBe('loopback');
  });

  it('trusts the direct peer only, and only a listed one', () => {
    const trust = trustFunction('127.0.0.1,10.1.0.0/16,::1');
    expect(trust('127.0.0.1', 0)).toBe(true);
    expect(trust('::ffff:127.0.0.1', 0)).toBe(true);
    expect(trust('::1', 0)).toBe(true);
    expect(trust('10.1.200.3', 0)).toBe(true);
    expect(trust('127.0.0.2', 0)).toBe(false);
    expect(trust('10.2.0.1', 0)).toBe(false);
    expect(trust('127.0.0.1', 1)).toBe(false);
    expect(trustFunction(false)('127.0.0.1', 0)).toBe(false);
    expect(trustFunction('loopback')('127.9.9.9', 0)).toBe(true);
  });

  async function failuresUntilBlocked(server: TestServer, forwarded: (i: number) => string): Promise<number> {
    for (let i = 0; i < 20; i += 1) {
      const res = await server.post(
        '/api/user/login',
        { user_string: `nobody${i}@example.com`, password: 'Wrong999' },
        { ip: forwarded(i) },
      );
      if (res.status === 429) return i;
    }
    return 20;
  }

  it('believes only the last hop the host proxy appended: a client-sent prefix, even 127.0.0.1, changes nothing', async () => {
    const server = await startTestServer({ MARKET_FEED: 'manual' });
    try {
      // Each distinct address the proxy appends has its own limit...
      expect(await failuresUntilBlocked(server, (i) => `203.0.113.${i}`)).toBe(20);
      // ...but addresses a client put in front of the real one are not believed.
      expect(await failuresUntilBlocked(server, (i) => `10.9.9.${i}, 198.51.100.7`)).toBe(5);
      expect(await failuresUntilBlocked(server, (i) => `203.0.114.${i}, 127.0.0.1`)).toBe(5);
    } finally {
      await server.stop();
    }
  });

  it('gives each client its own address through the real host proxy (scripts/serve.mjs)', async () => {
    const server = await startTestServer({ MARKET_FEED: 'manual' });
    const port = await freePort();
    const host = spawn(
      process.execPath,
      [path.join(WORKSPACE_ROOT, 'scripts', 'serve.mjs'), 'host', '--port', String(port)],
      {
        env: { ...process.env, SERVER_URL: server.baseUrl },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    try {
      await new Promise<void>((resolve, reject) => {
        host.stdout.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('[serve]')) resolve();
        });
        host.once('exit', (code) => reject(new Error(`serve.mjs exited with ${code}`)));
      });
      // A client on 127.0.0.3 that fakes X-Forwarded-For on every try: limited after 5 all the same.
      const viaProxy = (from: string, body: unknown, forwarded?: string) =>
        new Promise<number>((resolve, reject) => {
          const payload = JSON.stringify(body);
          const req = http.request(
            {
              host: '127.0.0.1',
              port,
              localAddress: from,
              method: 'POST',
              path: '/api/user/login',
              headers: {
                'content-type': 'application/json',
                'content-length': Buffer.byteLength(payload),
                ...(forwarded ? { 'x-forwarded-for': forwarded } : {}),
              },
            },
            (res) => {
              res.resume();
              res.on('end', () => resolve(res.statusCode ?? 0));
            },
          );
          req.on('error', reject);
          req.end(payload);
        });
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1)
        statuses.push(
          await viaProxy(
            '127.0.0.3',
            { user_string: `x${i}@example.com`, password: 'Wrong999' },
            `192.0.2.${i}`,
          ),
        );
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
      // Another client (127.0.0.4) behind the same proxy is not affected.
      expect(await viaProxy('127.0.0.4', { user_string: 'demo@example.com', password: 'Demo1234' })).toBe(
        200,
      );
    } finally {
      host.kill('SIGTERM');
      await server.stop();
    }
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    for (const env of [{ TRUST_PROXY: '10.0.0.1' }, { TRUST_PROXY: 'false' }]) {
      const server = await startTestServer({ MARKET_FEED: 'manual', ...env });
      try {
        // Rotating the header does not rotate the limit: every attempt is the loopback peer's.
        expect(await failuresUntilBlocked(server, (i) => `203.0.113.${i}`)).toBe(5);
      } finally {
        await server.stop();
      }
    }
  });
});

describe('admin CLI prints user text with control characters made visible', () => {
  it('escapes C0, DEL, C1, bidi overrides and line separators', () => {
    expect(visible('\u001b[31mred\u001b[0m')).toBe('\\x1b[31mred\\x1b[0m');
    expect(visible('a\u0007b\u007fc\u009bd')).toBe('a\\x07b\\x7fc\\x9bd');
    expect(visible('name\u202egpj.exe')).toBe('name\\u{202e}gpj.exe');
    expect(visible('one\ntwo\tthree\r')).toBe('one\\x0atwo\\x09three\\x0d');
    expect(visible('\u2028')).toBe('\\u{2028}');
    expect(visible('plain 中文 ü')).toBe('plain 中文 ü');
    expect(visibleLine('a\tb\nc\u001b]0;title\u0007')).toBe('a\tb\nc\\x1b]0;title\\x07');
    expect(row(['x\ty', 1, null])).toBe('x\\x09y\t1\t');
  });

  it('shows feedback and chat text from users with escapes, never raw', async () => {
    const server = await startTestServer({ MARKET_FEED: 'manual' });
    try {
      const token = await registerEmailUser(server, 'evil@example.com');
      const payload = 'hi\u001b[2J\u001b]0;pwned\u0007\u009b31m\u202eend';
      expect((await server.post('/api/feedback/add', { content: payload }, { token })).status).toBe(200);
      const url = (await server.get('/api/custorm', { token })).body.message as string;
      const t = new URL(url).searchParams.get('t') ?? '';
      expect((await server.post('/api/support/chat/send', { t, text: payload })).status).toBe(200);

      const lines: string[] = [];
      expect(await feedbackCommand(server.ctx, ['list'], (l) => lines.push(l))).toBe(0);
      expect(await chatCommand(server.ctx, ['list'], (l) => lines.push(l))).toBe(0);
      expect(await chatCommand(server.ctx, ['reply', 'no\u001bbody', 'x'], (l) => lines.push(l))).toBe(1);
      const printed = lines.join('\n');
      // eslint-disable-next-line no-control-regex
      expect(printed).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202e]/);
      expect(printed).toContain('hi\\x1b[2J\\x1b]0;pwned\\x07\\x9b31m\\u{202e}end');
      expect(printed).toContain('No account "no\\x1bbody"');
    } finally {
      await server.stop();
    }
  });
});

describe('launch subscription price', () => {
  it('charges the server’s price; a client price that differs at all is refused', async () => {
    const server = await startTestServer({ MARKET_FEED: 'manual' });
    try {
      const token = await registerEmailUser(server, 'buyer@example.com');
      const userId = (
        await server.store.q
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'buyer@example.com')
          .executeTakeFirstOrThrow()
      ).id;
      expect(
        (
          await server.post('/dev/credit', {
            user_string: 'buyer@example.com',
            wallet: 'change',
            currency: 'USDT',
            amount: '100',
          })
        ).status,
      ).toBe(200);
      const order = (buymoney: string) =>
        server.post('/api/user/up_order', { amount: '1000', buymoney, c_id: 3 }, { token });
      // 0.4 % under the price: within the old tolerance, refused now.
      for (const price of ['0.0498', '0.04999999', '0.0502', 'abc']) {
        const res = await order(price);
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(['launch.price_changed', 'validation.failed']).toContain(res.body.code);
      }
      expect((await order('0.0498')).body.code).toBe('launch.price_changed');
      const ok = await order('0.050');
      expect(ok.status).toBe(200);
      expect(ok.body.message).toMatchObject({ amount: '1000', price: '0.05', pay_amount: '50' });
      expect(await reconcile(server.store.q)).toEqual([]);
      expect(userId).toBeGreaterThan(0);
    } finally {
      await server.stop();
    }
  });
});
