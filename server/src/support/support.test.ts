import { startTestServer, type TestServer } from '../testing/harness';
import { COUNTRIES } from './countries';
import { HOSTILE_HTML } from './news-data';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_ORIGIN: 'http://127.0.0.1:8080' });
});

afterAll(async () => {
  await server.stop();
});

interface Item {
  id: number;
  sorts: number;
  thumbnail: string;
  title: string;
  content: string;
  create_time: string;
}

const list = async (body: Record<string, unknown>, headers?: Record<string, string>) => {
  const res = await server.post('/api/news/list', body, headers ? { headers } : {});
  return { res, items: (res.body.message as { list: Item[] } | undefined)?.list ?? [] };
};

describe('GET /api/cfg/kefu and /api/custorm', () => {
  it('answers download and support links', async () => {
    const res = await server.get('/api/cfg/kefu');
    expect(res.body).toEqual({
      type: 'ok',
      message: {
        appdown: {
          android: 'http://127.0.0.1:8080/api/support/download?platform=android',
          ios: 'http://127.0.0.1:8080/api/support/download?platform=ios',
        },
        mobile: 'http://127.0.0.1:8080/api/support/chat?terminal=mobile',
      },
    });
  });

  it('answers a support URL template with {id} and {name}', async () => {
    const mobile = await server.get('/api/custorm?terminal=mobile');
    expect(mobile.body.message).toBe(
      'http://127.0.0.1:8080/api/support/chat?uid={id}&name={name}&terminal=mobile',
    );
    const recharge = await server.get('/api/custorm?terminal=recharge');
    expect(recharge.body.message).toContain('terminal=recharge');
    const bad = await server.get('/api/custorm?terminal=desktop');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'validation.failed', field: 'terminal' });
  });

  it('serves the wallet download page', async () => {
    const res = await fetch(`${server.baseUrl}/api/support/download?platform=ios`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toContain('iOS');
  });
});

describe('POST /api/news/list', () => {
  it('answers 3 banners with served SVG thumbnails', async () => {
    const { res, items } = await list({ c_id: 5, lang: 'en', limit: 100 });
    expect(res.body.type).toBe('ok');
    expect(items).toHaveLength(3);
    expect(items.map((i) => i.sorts)).toEqual([1, 2, 3]);
    for (const item of items) {
      expect(Object.keys(item)).toEqual(
        expect.arrayContaining(['id', 'sorts', 'thumbnail', 'title', 'content', 'create_time']),
      );
      expect(item.thumbnail).toMatch(/^http:\/\/127\.0\.0\.1:8080\/api\/assets\/banner\/\d\.svg\?lang=en$/);
    }
    const svg = await fetch(`${server.baseUrl}${new URL(items[0]?.thumbnail ?? '').pathname}?lang=en`);
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toContain('image/svg+xml');
    const text = await svg.text();
    expect(text).toContain('<svg');
    expect(text).toContain(items[0]?.title);
  });

  it('answers 4 announcements, newest first, one of them hostile', async () => {
    const { items } = await list({ c_id: 4, lang: 'en', limit: 100 });
    expect(items).toHaveLength(4);
    const times = items.map((i) => Date.parse(i.create_time));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const hostile = items.filter((i) => i.content.includes(HOSTILE_HTML));
    expect(hostile).toHaveLength(1);
    expect(hostile[0]?.content).toContain('onerror="window.__xss=1"');
    expect(hostile[0]?.content).toContain('<script>window.__xss=2</script>');
  });

  it('answers help categories 21, 19 and 3', async () => {
    for (const c_id of [21, 19, 3]) {
      const { items } = await list({ c_id, lang: 'en', limit: 100 });
      expect(items.length).toBeGreaterThanOrEqual(2);
      expect(items.length).toBeLessThanOrEqual(3);
    }
  });

  it('translates into all 7 languages, by body lang or header', async () => {
    const titles = new Set<string>();
    for (const lang of ['en', 'zh', 'hk', 'jp', 'kr', 'de', 'es']) {
      const { items } = await list({ c_id: 21, lang, limit: 1 });
      expect(items).toHaveLength(1);
      titles.add(items[0]?.title ?? '');
    }
    expect(titles.size).toBeGreaterThanOrEqual(6); // zh and hk may share a title ("如何充值")
    const byHeader = await list({ c_id: 21, limit: 1 }, { lang: 'jp' });
    expect(byHeader.items[0]?.title).toBe('入金方法');
  });

  it('falls back to English for an unknown language', async () => {
    const { items } = await list({ c_id: 21, lang: 'xx', limit: 1 });
    expect(items[0]?.title).toBe('How to deposit');
  });

  it('limits to at most 100 and validates', async () => {
    const { items } = await list({ c_id: 4, lang: 'en', limit: 2 });
    expect(items).toHaveLength(2);
    const big = await list({ c_id: 4, lang: 'en', limit: 100000 });
    expect(big.res.status).toBe(200);
    const bad = await server.post('/api/news/list', { c_id: 'abc', lang: 'en' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation.failed');
    expect(bad.body.message).toContain('c_id');
    const none = await list({ c_id: 999, lang: 'en' });
    expect(none.items).toEqual([]);
  });
});

describe('POST /api/news/detail', () => {
  it('answers one item in the requested language', async () => {
    const { items } = await list({ c_id: 4, lang: 'en', limit: 100 });
    const id = items[0]?.id;
    const res = await server.post('/api/news/detail', { id, lang: 'de' });
    expect(res.body.type).toBe('ok');
    expect(res.body.message).toMatchObject({ id, sorts: 0 });
    expect((res.body.message as Item).title).not.toBe(items[0]?.title);
    const asText = await server.post('/api/news/detail', { id: String(id) });
    expect((asText.body.message as Item).title).toBe(items[0]?.title);
  });

  it('answers 404 for a missing article', async () => {
    const res = await server.post('/api/news/detail', { id: 99999 });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ type: 'error', message: 'Article not found', code: 'news.not_found' });
  });
});

describe('GET /api/country/list', () => {
  it('answers about 120 countries with +1 first', async () => {
    const res = await server.get('/api/country/list');
    const countries = res.body.message as Array<{
      country_id: number;
      area_code: string;
      name_cn: string;
      name_en: string;
    }>;
    expect(countries.length).toBeGreaterThanOrEqual(120);
    expect(countries.length).toBe(COUNTRIES.length);
    expect(countries[0]).toEqual({
      country_id: 1,
      area_code: '1',
      name_cn: '美国',
      name_en: 'United States',
    });
    expect(countries.find((c) => c.area_code === '86')?.name_en).toBe('China');
    for (const c of countries) expect(c.area_code).toMatch(/^[1-9]\d{0,3}$/);
    expect(new Set(countries.map((c) => c.country_id)).size).toBe(countries.length);
  });
});

describe('HTTP conventions', () => {
  it('answers unknown routes with the 404 envelope', async () => {
    const res = await server.get('/api/nothing/here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ type: 'error', message: 'Not found', code: 'not_found' });
  });

  it('sets security headers', async () => {
    const res = await server.get('/api/cfg/kefu');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('allows CORS only from allowed origins', async () => {
    const allowed = await fetch(`${server.baseUrl}/api/cfg/kefu`, {
      headers: { origin: 'http://127.0.0.1:8081' },
    });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:8081');
    const denied = await fetch(`${server.baseUrl}/api/cfg/kefu`, {
      headers: { origin: 'http://evil.example' },
    });
    expect(denied.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${server.baseUrl}/api/user/login`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:8080',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,lang',
      },
    });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:8080');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('lang');
  });
});
