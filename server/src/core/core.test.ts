import fs from 'node:fs';
import path from 'node:path';
import { hashPassword, verifyPassword } from '../accounts/passwords';
import { startTestServer } from '../testing/harness';
import { tokenFromHeader, newToken } from './auth';
import { isoTime, ManualClock } from './clock';
import { ConfigError, DEFAULT_ALLOWED_ORIGINS, DEFAULT_DB_FILE, loadConfig, WORKSPACE_ROOT } from './config';
import { ERROR_CODES } from './error-codes';
import { AppError, badRequest, SessionError } from './errors';
import { SlidingWindowCounter } from './rate-limit';
import { parseJsonBody } from './request';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      mode: 'demo',
      host: '127.0.0.1',
      port: 8090,
      tokenTtlSeconds: 7 * 24 * 3600,
      publicOrigin: 'http://127.0.0.1:8080',
      dbFile: DEFAULT_DB_FILE,
    });
    expect(DEFAULT_DB_FILE.endsWith(path.join('server', 'data', 'app.db'))).toBe(true);
    expect(config.allowedOrigins).toEqual(DEFAULT_ALLOWED_ORIGINS);
    expect(config.allowedOrigins).toContain('http://localhost:8084');
    expect(config.scrypt.N).toBe(2 ** 15);
  });

  it('reads the environment', () => {
    const config = loadConfig({
      APP_MODE: 'production',
      PORT: '9000',
      HOST: '0.0.0.0',
      ALLOWED_ORIGINS: 'https://app.example.com, http://localhost:3000',
      TOKEN_TTL_SECONDS: '3600',
      PUBLIC_ORIGIN: 'https://app.example.com/',
      DB_FILE: 'server/data/other.db',
    });
    expect(config).toMatchObject({
      mode: 'production',
      port: 9000,
      host: '0.0.0.0',
      tokenTtlSeconds: 3600,
      publicOrigin: 'https://app.example.com',
    });
    expect(config.allowedOrigins).toEqual(['https://app.example.com', 'http://localhost:3000']);
    expect(config.dbFile).toBe(path.join(path.dirname(DEFAULT_DB_FILE), 'other.db'));
    expect(loadConfig({ APP_MODE: 'test' }).scrypt.N).toBe(2 ** 10);
  });

  it('refuses bad values', () => {
    expect(() => loadConfig({ APP_MODE: 'staging' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'http' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(ConfigError);
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'not a url' })).toThrow(ConfigError);
    expect(() => loadConfig({ TOKEN_TTL_SECONDS: '5' })).toThrow(ConfigError);
  });
});

describe('SlidingWindowCounter', () => {
  it('counts within the window and tells the wait', () => {
    const clock = new ManualClock(0);
    const counter = new SlidingWindowCounter(clock, 60_000);
    counter.record('k');
    clock.advanceSeconds(10);
    counter.record('k');
    expect(counter.count('k')).toBe(2);
    expect(counter.waitSeconds('k', 2)).toBe(50);
    expect(counter.waitSeconds('k', 3)).toBe(0);
    clock.advanceSeconds(51);
    expect(counter.count('k')).toBe(1);
    counter.removeLatest('k');
    expect(counter.count('k')).toBe(0);
  });
});

describe('passwords', () => {
  const params = { N: 2 ** 10, r: 8, p: 1, keyLength: 64 };
  it('hashes with a random salt and verifies', async () => {
    const a = await hashPassword('Secret123', params);
    const b = await hashPassword('Secret123', params);
    expect(a).not.toBe(b);
    expect(await verifyPassword('Secret123', a)).toBe(true);
    expect(await verifyPassword('Secret124', a)).toBe(false);
  });

  it('never matches a malformed or hostile hash', async () => {
    expect(await verifyPassword('x', '')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$1024$8$1$$')).toBe(false);
    expect(await verifyPassword('x', `scrypt$${2 ** 30}$8$1$c2FsdA==$${'A'.repeat(88)}`)).toBe(false);
  });
});

describe('tokens', () => {
  it('reads Bearer and bare tokens, nothing else', () => {
    const token = newToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tokenFromHeader(`Bearer ${token}`)).toBe(token);
    expect(tokenFromHeader(`bearer ${token}`)).toBe(token);
    expect(tokenFromHeader(token)).toBe(token);
    expect(tokenFromHeader('Bearer null')).toBeUndefined();
    expect(tokenFromHeader(undefined)).toBeUndefined();
    expect(tokenFromHeader(`Basic ${token}`)).toBeUndefined();
  });
});

describe('isoTime', () => {
  it('writes UTC ISO text, the same for a time asked again and new text for the next', () => {
    const t = Date.UTC(2025, 0, 15, 12, 0, 0, 7);
    expect(isoTime(t)).toBe('2025-01-15T12:00:00.007Z');
    expect(isoTime(t)).toBe('2025-01-15T12:00:00.007Z');
    expect(isoTime(t + 1)).toBe('2025-01-15T12:00:00.008Z');
    expect(isoTime(0)).toBe('1970-01-01T00:00:00.000Z');
    expect(isoTime(t)).toBe('2025-01-15T12:00:00.007Z');
    expect(() => isoTime(Number.NaN)).toThrow(RangeError);
  });
});

describe('JSON bodies', () => {
  it('parse as they are without prototype keys, spelled out, escaped or nested', () => {
    expect(parseJsonBody('{"legal_id":3,"num":"0.001","list":[1,{"a":"b"}]}')).toEqual({
      legal_id: 3,
      num: '0.001',
      list: [1, { a: 'b' }],
    });
    const hostile = parseJsonBody(
      '{"__proto__":{"admin":true},"a":{"constructor":{"prototype":{"x":1}},"k":"v"},"\\u005f_proto__":{"admin":true},"prototype":1,"text":"\\u00e9"}',
    ) as Record<string, unknown>;
    expect(Object.keys(hostile)).toEqual(['a', 'text']);
    expect(hostile.a).toEqual({ k: 'v' });
    expect(hostile.text).toBe('\u00e9');
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect(() => parseJsonBody('{"a":')).toThrow(SyntaxError);
  });
});

describe('error catalogue', () => {
  it('uses dotted lower-case keys with English text', () => {
    for (const [code, text] of Object.entries(ERROR_CODES)) {
      expect(code).toMatch(/^[a-z_]+(\.[a-z_]+)*$/);
      expect(text.length).toBeGreaterThan(3);
    }
  });
});

describe('answers to the client (AppError, SessionError)', () => {
  it('carry their code, status and message but no stack, and leave the stack limit as it was', () => {
    const limit = Error.stackTraceLimit;
    const error = badRequest('request.invalid_body', { field: 'num' });
    expect(error).toBeInstanceOf(AppError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: 'request.invalid_body', statusCode: 400, extra: { field: 'num' } });
    expect(error.message).toBe(ERROR_CODES['request.invalid_body']);
    // The header line alone: no "    at ..." frame was captured.
    expect(error.stack).toBe(`AppError: ${error.message}`);
    expect(new SessionError().stack).toBe(`SessionError: ${ERROR_CODES['session.invalid']}`);
    expect(Error.stackTraceLimit).toBe(limit);
    // Other errors (faults, which are logged) keep theirs.
    expect(new Error('fault').stack).toMatch(/\n\s+at /);
  });
});

describe('request ceiling (@fastify/rate-limit)', () => {
  it('answers 429 rate_limited with wait in the envelope', async () => {
    const server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '3' });
    try {
      for (let i = 0; i < 3; i += 1) expect((await server.get('/api/cfg/kefu')).status).toBe(200);
      const res = await server.get('/api/cfg/kefu');
      expect(res.status).toBe(429);
      expect(res.body).toMatchObject({ type: 'error', code: 'rate_limited' });
      expect(res.body.wait).toBeGreaterThan(0);
    } finally {
      await server.stop();
    }
  });
});

describe('code sends per IP', () => {
  it('answers 429 code.send_limited after CODE_SENDS_PER_IP_PER_HOUR sends from one IP', async () => {
    const server = await startTestServer({ CODE_SENDS_PER_IP_PER_HOUR: '2' });
    try {
      const send = (n: number, ip: string) =>
        server.post('/api/sms_mail', { user_string: `ip${n}@example.com`, lang: 'en' }, { ip });
      expect((await send(1, '198.18.0.1')).status).toBe(200);
      expect((await send(2, '198.18.0.1')).status).toBe(200);
      const blocked = await send(3, '198.18.0.1');
      expect(blocked.status).toBe(429);
      expect(blocked.body.code).toBe('code.send_limited');
      expect(blocked.body.wait).toBeGreaterThan(3500);
      expect((await send(4, '198.18.0.2')).status).toBe(200);
      server.clock.advanceSeconds(3601);
      expect((await send(5, '198.18.0.1')).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});

describe('error code catalogue', () => {
  // The client's table (shared/src/api/errorMessages.ts) is typed by the contract's union of codes,
  // so a code the client cannot show fails its compile; here: every code is translated in every locale.
  it('has a translation apitip.<code> for every server code, in every locale', () => {
    const catalogues = ['en', 'zh', 'hk', 'jp', 'kr', 'de', 'es'].map((locale) =>
      fs
        .readdirSync(path.join(WORKSPACE_ROOT, 'locales', locale))
        .filter((f) => f.endsWith('.po'))
        .map((f) => fs.readFileSync(path.join(WORKSPACE_ROOT, 'locales', locale, f), 'utf8'))
        .join('\n'),
    );
    const missing = Object.keys(ERROR_CODES).filter((code) =>
      catalogues.some(
        (po) => !new RegExp(`msgid "apitip\\.${code.replace(/\./g, '\\.')}"\\nmsgstr "[^"]`).test(po),
      ),
    );
    expect(missing).toEqual([]);
  });
});
