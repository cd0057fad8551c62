import { ERRORS, ROUTES, splitRouteKey, type RouteName, type RouteSpec } from '@app/contract';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { startTestServer, type TestServer } from '../testing/harness';
import type { AppMode } from './config';
import { answerIssues, contractOf, installContract, route } from './contract';
import { openStore } from '../db';
import { loadConfig } from './config';
import { ok, SESSION_EXPIRED } from './envelope';
import { AppError, SessionError } from './errors';

const CONTRACT_KEYS = Object.keys(ROUTES) as RouteName[];
const DEV_KEYS = CONTRACT_KEYS.filter((k) => (ROUTES[k] as RouteSpec).dev === true);

/** A bare app with the contract installed and one handler, to test the hooks alone. */
async function bareApp(mode: AppMode, register: (app: ReturnType<typeof Fastify>) => void) {
  const app = Fastify({ logger: false });
  const store = await openStore(loadConfig({ APP_MODE: 'test', DB_FILE: ':memory:' }));
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof SessionError) return reply.status(401).send(SESSION_EXPIRED);
    if (error instanceof AppError)
      return reply.status(error.statusCode).send({ type: 'error', code: error.code, message: error.message });
    return reply.status(500).send({ type: 'error', code: 'internal', message: 'x' });
  });
  installContract(app, { q: store.q, clock: { now: () => Date.now() }, mode });
  register(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const call = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const response = await fetch(`http://127.0.0.1:${port}${url}`, {
      method,
      ...(body === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, text, json: () => JSON.parse(text) as Record<string, unknown> };
  };
  return { app, call, close: () => Promise.all([app.close(), store.close()]) };
}

describe('the contract and the server agree', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('every contract entry is a registered route (dev tools included outside production)', () => {
    const missing = CONTRACT_KEYS.filter((key) => {
      const { method, path } = splitRouteKey(key);
      return !server.app.hasRoute({ method, url: path });
    });
    expect(missing).toEqual([]);
  });

  it('the OpenAPI 3.1 document lists every route of the contract, and no other', async () => {
    const doc = await server.get('/docs/json');
    expect(doc.status).toBe(200);
    const body = doc.body as unknown as {
      openapi: string;
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    expect(body.openapi).toBe('3.1.0');
    const listed = Object.entries(body.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(listed.sort()).toEqual([...CONTRACT_KEYS].sort());
    // User calls carry the bearer requirement.
    expect(body.paths['/api/wallet/list']?.post?.security).toEqual([{ token: [] }]);
    expect(body.paths['/api/iepn']?.get?.security).toBeUndefined();
  });

  it('serves a browsable page of the document', async () => {
    const response = await fetch(`${server.baseUrl}/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('/api/transaction/in');
    expect(html).toContain('/docs/json');
  });

  it('every route of the server has a contract entry (a route without one cannot be registered)', async () => {
    await expect(
      bareApp('test', (app) => {
        app.get('/api/not/in/the/contract', async () => ok('x'));
      }),
    ).rejects.toThrow('GET /api/not/in/the/contract has no entry in the contract');
  });

  it('error codes: one table with a status for each', () => {
    for (const [code, { status, message }] of Object.entries(ERRORS)) {
      expect([code, status >= 400 && status < 600]).toEqual([code, true]);
      expect(message.length).toBeGreaterThan(0);
    }
  });
});

describe('the answer check', () => {
  const spec = ROUTES['GET /api/cfg/kefu'];

  it('finds what does not match an answer schema', () => {
    const good = { type: 'ok', message: { appdown: { android: 'a', ios: 'i' }, mobile: 'm' } };
    expect(answerIssues(spec, 200, good)).toEqual([]);
    const bad = { type: 'ok', message: { appdown: { android: 'a' }, mobile: 3 } };
    expect(answerIssues(spec, 200, bad).map((i) => i.path.join('.'))).toEqual([
      'message.appdown.ios',
      'message.mobile',
    ]);
    // A field the contract does not name is a mismatch too (the document would miss it).
    const extra = { type: 'ok', message: { appdown: { android: 'a', ios: 'i', web: 'w' }, mobile: 'm' } };
    expect(answerIssues(spec, 200, extra)).toEqual([
      { path: ['message', 'appdown', 'web'], message: 'not in the contract' },
    ]);
    // Failures must be a known error envelope.
    expect(answerIssues(spec, 404, { type: 'error', code: 'not_found', message: 'Not found' })).toEqual([]);
    expect(answerIssues(spec, 400, { type: 'error', code: 'no.such_code', message: 'x' })).not.toEqual([]);
  });

  const wrongKefu = (app: ReturnType<typeof Fastify>) =>
    // @ts-expect-error the handler breaks the contract on purpose
    route(app, 'GET /api/cfg/kefu', () => ok({ appdown: { android: 'a' }, mobile: 3 }));

  it('in test mode, a wrong answer becomes 500 contract.answer_mismatch', async () => {
    const { call, close } = await bareApp('test', wrongKefu);
    const response = await call('GET', '/api/cfg/kefu');
    await close();
    expect(response.status).toBe(500);
    const body = response.json() as { code: string; message: string };
    expect(body.code).toBe('contract.answer_mismatch');
    expect(body.message).toContain('message.appdown.ios');
  });

  it('in demo mode it is logged and sent as it is; in production not checked', async () => {
    for (const mode of ['demo', 'production'] as const) {
      const { call, close } = await bareApp(mode, wrongKefu);
      const response = await call('GET', '/api/cfg/kefu');
      await close();
      expect([mode, response.status, response.text]).toEqual([
        mode,
        200,
        '{"type":"ok","message":{"appdown":{"android":"a"},"mobile":3}}',
      ]);
    }
  });

  it('validates requests with the contract: the issue code decides the 400 answer', async () => {
    const { call, close } = await bareApp('test', (a) =>
      route(a, 'POST /api/bi/price', ({ input }) => ok({ c_id: input.c_id, name: 'USDT', price: '1' })),
    );
    const bad = await call('POST', '/api/bi/price', { c_id: 'x' });
    const good = await call('POST', '/api/bi/price?c_id=3');
    await close();
    expect(bad.status).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'launch.pay_currency_unsupported' });
    expect(good.json()).toEqual({ type: 'ok', message: { c_id: 3, name: 'USDT', price: '1' } });
  });

  it('user routes resolve the session before validation', async () => {
    const { call, close } = await bareApp('test', (a) =>
      route(a, 'POST /api/lever/close', ({ user, input }) => {
        throw new Error(`not reached ${user.userId} ${input.id}`);
      }),
    );
    const response = await call('POST', '/api/lever/close', { id: 'x' });
    await close();
    expect([response.status, response.json()]).toEqual([401, SESSION_EXPIRED]);
  });
});

describe('the contract table', () => {
  it('has dev tools, additions and user calls', () => {
    expect(DEV_KEYS.length).toBe(6);
    expect(contractOf('POST', '/api/user/login')?.auth).toBe('public');
    expect(contractOf('POST', '/api/lever/submit')?.auth).toBe('user');
  });
});
