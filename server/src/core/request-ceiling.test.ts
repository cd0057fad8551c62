import rateLimit from '@fastify/rate-limit';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { AppError } from './errors';
import { installRequestCeiling } from './request-ceiling';

/** What a client sees of the ceiling: status, the four headers, the error code and wait. */
type Seen = [number, ...Array<string | number | undefined>];

/** The same tiny app (one route, errors answered with their code and wait) under a ceiling. */
async function appWith(install: (app: FastifyInstance) => Promise<void>): Promise<FastifyInstance> {
  // The client address comes from X-Forwarded-For here, so that one test can be many clients.
  const app = Fastify({ trustProxy: true });
  app.setErrorHandler((error, _request, reply) => {
    if (!(error instanceof AppError)) return reply.status(500).send({ unexpected: String(error) });
    if (error.extra.wait !== undefined) void reply.header('retry-after', String(error.extra.wait));
    return reply.status(error.statusCode).send({ code: error.code, wait: error.extra.wait });
  });
  await install(app);
  app.get('/x', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

async function call(app: FastifyInstance, ip: string): Promise<Seen> {
  const { port } = app.server.address() as AddressInfo;
  const res = await fetch(`http://127.0.0.1:${port}/x`, { headers: { 'x-forwarded-for': ip } });
  const body = (await res.json()) as { code?: string; wait?: number };
  const header = (name: string) => res.headers.get(name) ?? undefined;
  return [
    res.status,
    header('x-ratelimit-limit'),
    header('x-ratelimit-remaining'),
    header('x-ratelimit-reset'),
    header('retry-after'),
    body.code,
    body.wait,
  ];
}

describe('request ceiling on one node', () => {
  /** @fastify/rate-limit (its LocalStore) as app.ts configured it before, and ours, side by side. */
  async function both(max: number) {
    const plugin = await appWith(async (app) => {
      await app.register(rateLimit, {
        max,
        timeWindow: 60_000,
        errorResponseBuilder: (_request, context) =>
          new AppError('rate_limited', context.statusCode === 403 ? 403 : 429, {
            wait: Math.max(1, Math.ceil(context.ttl / 1000)),
          }),
      });
    });
    const ours = await appWith(async (app) => installRequestCeiling(app, { max, windowMs: 60_000 }));
    return { plugin, ours };
  }

  it('answers exactly as @fastify/rate-limit did: headers, 429 rate_limited with its wait, a new window', async () => {
    const { plugin, ours } = await both(3);
    // Both read Date.now(): moved by hand here.
    let now = Date.now();
    const nowSpy = jest.spyOn(Date, 'now').mockImplementation(() => now);
    const steps: Array<[advanceMs: number, ip: string]> = [
      [0, '10.0.0.1'],
      [0, '10.0.0.1'],
      [1500, '10.0.0.2'],
      [0, '10.0.0.1'],
      [0, '10.0.0.1'],
      [29_000, '10.0.0.1'],
      [29_400, '10.0.0.1'],
      [100, '10.0.0.1'],
      [0, '10.0.0.2'],
      [60_000, '10.0.0.2'],
    ];
    const seen: Record<'plugin' | 'ours', Seen[]> = { plugin: [], ours: [] };
    try {
      for (const [advance, ip] of steps) {
        now += advance;
        seen.plugin.push(await call(plugin, ip));
        seen.ours.push(await call(ours, ip));
      }
    } finally {
      nowSpy.mockRestore();
      await plugin.close();
      await ours.close();
    }
    expect(seen.ours).toEqual(seen.plugin);
    // What it was: three allowed, then refused with the time left, then allowed in the next window.
    expect(seen.ours[3]).toEqual([200, '3', '0', '59', undefined, undefined, undefined]);
    expect(seen.ours[4]).toEqual([429, '3', '0', '59', '59', 'rate_limited', 59]);
    expect(seen.ours[6]).toEqual([429, '3', '0', '1', '1', 'rate_limited', 1]);
    expect(seen.ours[7]).toEqual([200, '3', '2', '60', undefined, undefined, undefined]);
  });

  it('forgets the least recently seen address past 5000 addresses, as the LocalStore did', async () => {
    const { plugin, ours } = await both(1);
    try {
      for (const app of [plugin, ours]) {
        expect((await call(app, '10.1.0.1'))[0]).toBe(200);
        expect((await call(app, '10.1.0.1'))[0]).toBe(429);
        expect((await call(app, '10.1.0.2'))[0]).toBe(200);
        for (let i = 0; i < 4999; i += 1) await call(app, `10.2.${i >> 8}.${i & 255}`);
        // 10.1.0.1 was the least recently seen: forgotten, so it starts a new window; 10.1.0.2 is next.
        expect((await call(app, '10.1.0.1'))[0]).toBe(200);
        expect((await call(app, '10.1.0.2'))[0]).toBe(200);
        expect((await call(app, '10.2.0.5'))[0]).toBe(429);
      }
    } finally {
      await plugin.close();
      await ours.close();
    }
  });
});

const redisUrl = process.env.REDIS_URL;

(redisUrl ? describe : describe.skip)('request ceiling in Redis (needs REDIS_URL)', () => {
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(redisUrl ?? '');
  });
  afterAll(async () => {
    await redis.quit();
  });
  const space = () => `test-ceiling-${Math.random().toString(36).slice(2)}:`;

  it('answers one by one exactly as @fastify/rate-limit with its Redis store did', async () => {
    const plugin = await appWith(async (app) => {
      await app.register(rateLimit, {
        max: 3,
        timeWindow: 60_000,
        redis,
        nameSpace: space(),
        skipOnError: true,
        errorResponseBuilder: (_request, context) =>
          new AppError('rate_limited', context.statusCode === 403 ? 403 : 429, {
            wait: Math.max(1, Math.ceil(context.ttl / 1000)),
          }),
      });
    });
    const ours = await appWith(async (app) =>
      installRequestCeiling(app, { max: 3, windowMs: 60_000, redis: { client: redis, nameSpace: space() } }),
    );
    try {
      const seen: Record<'plugin' | 'ours', Seen[]> = { plugin: [], ours: [] };
      for (const ip of ['10.0.0.1', '10.0.0.1', '10.0.0.2', '10.0.0.1', '10.0.0.1', '10.0.0.2']) {
        seen.plugin.push(await call(plugin, ip));
        seen.ours.push(await call(ours, ip));
      }
      expect(seen.ours).toEqual(seen.plugin);
      expect(seen.ours[4]).toEqual([429, '3', '0', '60', '60', 'rate_limited', 60]);
    } finally {
      await plugin.close();
      await ours.close();
    }
  });

  it('gives concurrent requests on two nodes one count each: exactly max pass', async () => {
    const nameSpace = space();
    const nodes = await Promise.all(
      [0, 1].map(() =>
        appWith(async (app) =>
          installRequestCeiling(app, { max: 7, windowMs: 60_000, redis: { client: redis, nameSpace } }),
        ),
      ),
    );
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => call(nodes[i % 2] as FastifyInstance, '10.9.0.1')),
      );
      const passed = answers.filter((a) => a[0] === 200);
      expect(passed.length).toBe(7);
      // Each count was given once: remaining 6, 5, ..., 0.
      expect(passed.map((a) => Number(a[2])).sort((a, b) => b - a)).toEqual([6, 5, 4, 3, 2, 1, 0]);
      expect(answers.filter((a) => a[0] === 429 && a[5] === 'rate_limited').length).toBe(13);
    } finally {
      await Promise.all(nodes.map((node) => node.close()));
    }
  });
});
