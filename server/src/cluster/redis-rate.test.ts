import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { redisLeaseStore, type LeasedRateStore } from './redis-rate';

/**
 * The request ceiling's counts in Redis, taken in leases (cluster/redis-rate.ts): shared by the
 * nodes, never above the ceiling, with few round trips. Needs REDIS_URL (`node
 * scripts/with-postgres.mjs ...` sets it); skipped, visibly, without it.
 */
const redisUrl = process.env.REDIS_URL;

(redisUrl ? describe : describe.skip)('the request ceiling in Redis leases (needs REDIS_URL)', () => {
  let redis: Redis;
  let now = 1_000_000;
  const clock = { now: () => now };

  beforeAll(async () => {
    redis = new Redis(redisUrl ?? '', { lazyConnect: true });
    await redis.connect();
  });
  afterAll(async () => {
    await redis.quit();
  });

  /** A node's store under its own prefix (each test its own keys). */
  const nodes = (count: number) => {
    const prefix = `t${crypto.randomBytes(4).toString('hex')}:rate:`;
    const Store = redisLeaseStore(redis, prefix, clock);
    return { prefix, stores: Array.from({ length: count }, () => new Store({})) };
  };

  const incr = (store: LeasedRateStore, key: string, max: number, windowMs = 60_000) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) =>
      store.incr(key, (error, result) => (error || !result ? reject(error) : resolve(result)), windowMs, max),
    );

  it('admits the ceiling on one node, refuses the next, with a round trip per lease, not per request', async () => {
    const {
      prefix,
      stores: [a],
    } = nodes(1);
    if (!a) throw new Error('no store');
    const currents: number[] = [];
    for (let i = 0; i < 605; i += 1) currents.push((await incr(a, '203.0.113.1', 600)).current);
    expect(currents.slice(0, 600)).toEqual(Array.from({ length: 600 }, (_, i) => i + 1));
    expect(currents.slice(600).every((c) => c > 600)).toBe(true);
    // Leases of 1, 2, 4, 8 and 16, then 19 of 30 (600 / 20), the last granting the 29 left below
    // the ceiling: 24 round trips for 600 requests; the 5 past it are refused without one.
    expect(a.trips).toBe(24);
    expect(await redis.get(`${prefix}203.0.113.1`)).toBe('601');
    // Another address has its own count.
    expect((await incr(a, '203.0.113.2', 600)).current).toBe(1);
  });

  it('two nodes together never admit more than the ceiling, and lose at most a lease each', async () => {
    const { stores } = nodes(2);
    const [a, b] = stores;
    if (!a || !b) throw new Error('no store');
    let admitted = 0;
    // Uneven: three requests on A for one on B.
    for (let i = 0; i < 800; i += 1) {
      const { current } = await incr(i % 4 === 3 ? b : a, '203.0.113.3', 600);
      if (current <= 600) admitted += 1;
    }
    expect(admitted).toBeLessThanOrEqual(600);
    expect(admitted).toBeGreaterThanOrEqual(600 - 30);
    expect(a.trips + b.trips).toBeLessThan(80);
  });

  it('requests that miss together share one lease', async () => {
    const {
      stores: [a],
    } = nodes(1);
    if (!a) throw new Error('no store');
    const results = await Promise.all(Array.from({ length: 50 }, () => incr(a, '203.0.113.4', 40)));
    expect(results.filter((r) => r.current <= 40)).toHaveLength(40);
    expect(results.filter((r) => r.current > 40)).toHaveLength(10);
    // Leases 1, 2 (40 / 20) ... : one at a time, never one per waiting request.
    expect(a.trips).toBeLessThanOrEqual(22);
  });

  it('a new window starts a new count', async () => {
    const {
      stores: [a],
    } = nodes(1);
    if (!a) throw new Error('no store');
    for (let i = 0; i < 3; i += 1) await incr(a, '203.0.113.5', 3, 200);
    expect((await incr(a, '203.0.113.5', 3, 200)).current).toBeGreaterThan(3);
    // The key expires in Redis with the window; the node's view ends with it.
    await new Promise((resolve) => setTimeout(resolve, 250));
    now += 250;
    expect((await incr(a, '203.0.113.5', 3, 200)).current).toBe(1);
  });

  it('a failed round trip fails the count (the app lets the request through: skipOnError)', async () => {
    const broken = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    broken.on('error', () => undefined);
    const Store = redisLeaseStore(broken, 'x:', clock);
    await expect(incr(new Store({}), '203.0.113.6', 10)).rejects.toThrow();
    broken.disconnect();
  });
});
