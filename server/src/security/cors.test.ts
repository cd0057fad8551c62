// CORS on the wire (security/cors.ts): the headers of simple answers and preflights, for an
// allowed origin, another origin and none. Real server, real HTTP.
import { startTestServer, type TestServer } from '../testing/harness';

/** The CORS-related headers of an answer (absent ones as null). */
function corsHeadersOf(res: Response): Record<string, string | null> {
  const names = [
    'access-control-allow-origin',
    'access-control-allow-credentials',
    'access-control-expose-headers',
    'access-control-allow-methods',
    'access-control-allow-headers',
    'access-control-max-age',
    'vary',
  ];
  return Object.fromEntries(names.map((name) => [name, res.headers.get(name)]));
}

const NONE = {
  'access-control-allow-origin': null,
  'access-control-allow-credentials': null,
  'access-control-expose-headers': null,
  'access-control-allow-methods': null,
  'access-control-allow-headers': null,
  'access-control-max-age': null,
  vary: 'Origin',
};

const PREFLIGHT = {
  ...NONE,
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'Authorization, Content-Type, lang',
  'access-control-max-age': '600',
};

describe('CORS', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ MARKET_FEED: 'manual' });
  });
  afterAll(() => server.stop());

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.baseUrl}${path}`, { headers });
  const options = (path: string, headers: Record<string, string>) =>
    fetch(`${server.baseUrl}${path}`, { method: 'OPTIONS', headers });

  it('names the allowed origin on answers, errors and 404s, and only it; Vary: Origin always', async () => {
    for (const path of ['/api/cfg/kefu', '/api/user/info', '/api/nothing-here']) {
      expect(corsHeadersOf(await get(path))).toEqual(NONE);
      expect(corsHeadersOf(await get(path, { origin: 'http://localhost:8080' }))).toEqual({
        ...NONE,
        'access-control-allow-origin': 'http://localhost:8080',
      });
      expect(corsHeadersOf(await get(path, { origin: 'http://evil.example' }))).toEqual(NONE);
    }
  });

  it('answers preflights with 204 and the allowed methods, headers and max age', async () => {
    for (const path of ['/api/user/login', '/api/nothing-here']) {
      const request = { 'access-control-request-method': 'POST' };
      const allowed = await options(path, { ...request, origin: 'http://127.0.0.1:8081' });
      expect(allowed.status).toBe(204);
      expect(allowed.headers.get('content-length')).toBe('0');
      expect(await allowed.text()).toBe('');
      expect(corsHeadersOf(allowed)).toEqual({
        ...PREFLIGHT,
        'access-control-allow-origin': 'http://127.0.0.1:8081',
      });
      expect(allowed.headers.get('x-content-type-options')).toBe('nosniff');

      const other = await options(path, { ...request, origin: 'http://evil.example' });
      expect(other.status).toBe(204);
      expect(corsHeadersOf(other)).toEqual(PREFLIGHT);
    }
  });

  it('refuses a preflight without its origin or requested method', async () => {
    for (const headers of [
      { origin: 'http://localhost:8080' },
      { 'access-control-request-method': 'POST' },
      {} as Record<string, string>,
    ]) {
      const res = await options('/api/user/login', headers);
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toBe('text/plain');
      expect(await res.text()).toBe('Invalid Preflight Request');
      expect(corsHeadersOf(res).vary).toBe('Origin');
    }
  });
});
