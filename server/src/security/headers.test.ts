// The security headers computed once (security/headers.ts) are helmet's defaults, byte for byte,
// on every kind of answer; the chat page (helmet: false) keeps its own. Real server, real HTTP.
import { SECURITY_HEADERS } from './headers';
import { login, registerEmailUser, startTestServer, type TestServer } from '../testing/harness';

/** helmet 8's defaults, written out: a change in helmet or in our hook shows here. */
const EXPECTED: Record<string, string> = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';img-src 'self' data:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' https: 'unsafe-inline';upgrade-insecure-requests",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

function securityHeadersOf(headers: Headers): Record<string, string | null> {
  return Object.fromEntries(Object.keys(EXPECTED).map((name) => [name, headers.get(name)]));
}

describe('security headers', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer({ MARKET_FEED: 'manual' });
    await registerEmailUser(server, 'headers@example.com', 'secret123');
    token = await login(server, 'headers@example.com', 'secret123');
  });
  afterAll(() => server.stop());

  it('are computed once from helmet as the expected list', () => {
    expect(Object.fromEntries(SECURITY_HEADERS.map(([name, value]) => [name.toLowerCase(), value]))).toEqual(
      EXPECTED,
    );
  });

  it('are on answers, user answers, 404s, session errors, validation errors and hook errors', async () => {
    const answers = [
      await server.get('/api/cfg/kefu'),
      await server.get('/api/user/info', { token }),
      await server.get('/api/nothing-here'),
      await server.get('/api/user/info'),
      await server.post('/api/transaction/in', { legal_id: 'x' }, { token }),
      await server.get('/api/cfg/kefu?q=%E0%A4%A'),
    ];
    expect(answers.map((res) => res.status)).toEqual([200, 200, 404, 401, 400, 400]);
    for (const res of answers) {
      expect(securityHeadersOf(res.headers)).toEqual(EXPECTED);
      expect(res.headers.get('x-powered-by')).toBeNull();
    }
  });

  it('are not on the chat page, which sends its own', async () => {
    const page = await fetch(`${server.baseUrl}/api/support/chat`);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-frame-options')).toBeNull();
    expect(page.headers.get('strict-transport-security')).toBeNull();
    expect(page.headers.get('content-security-policy')).not.toBe(EXPECTED['content-security-policy']);
    expect(page.headers.get('content-security-policy')).toContain('frame-ancestors');
  });
});
