import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { LoginGuard } from '../accounts/login-guard';
import { ManualClock } from '../core/clock';
import { loadConfig } from '../core/config';
import { memoryLimitStore, type LimitStore } from '../core/rate-limit';
import { memoryNetwork, type Bus, type BusTopics } from './bus';
import { redisBus } from './redis-bus';
import { redisLimitStore } from './redis-limits';

/** Set by `node scripts/with-postgres.mjs ...` (a throwaway redis-server); without it the Redis tests are skipped, visibly. */
const redisUrl = process.env.REDIS_URL;

const trade: BusTopics['market.ticks'][number] = {
  seq: 7,
  instrumentId: 1,
  time: 1_736_942_400_000,
  price: '65100.12',
  qty: '0.5',
  side: 2,
  kind: 0,
};

async function exchange(a: Bus, b: Bus, c: Bus) {
  const atB: unknown[] = [];
  const atC: unknown[] = [];
  const atA: unknown[] = [];
  a.subscribe('market.ticks', (m) => atA.push(m));
  b.subscribe('market.ticks', (m) => atB.push(m));
  c.subscribe('engine.watch', (m) => atC.push(m));
  await Promise.all([a.ready(), b.ready(), c.ready()]);
  a.publish('market.ticks', [trade]);
  a.publish('engine.watch', { kind: 'seconds', id: 42 });
  const start = Date.now();
  while ((atB.length < 1 || atC.length < 1) && Date.now() - start < 3000) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await new Promise((resolve) => setTimeout(resolve, 50));
  return { atA, atB, atC };
}

describe('memoryNetwork (several nodes in one process)', () => {
  it('delivers to the other nodes by topic, never back to the publisher', async () => {
    const net = memoryNetwork();
    const { atA, atB, atC } = await exchange(net.join(), net.join(), net.join());
    expect(atB).toEqual([[trade]]);
    expect(atC).toEqual([{ kind: 'seconds', id: 42 }]);
    expect(atA).toEqual([]);
  });
});

/** The same calls on two stores give the same answers (memory: the reference; Redis: shared). */
async function limitScript(store: LimitStore, clock: ManualClock) {
  const answers: unknown[] = [];
  const counter = store.counter('c', 60_000);
  for (let i = 0; i < 3; i += 1) {
    await counter.record('k');
    clock.advance(10_000);
  }
  answers.push(
    await counter.count('k'),
    await counter.waitSeconds('k', 3),
    await counter.waitSeconds('k', 4),
  );
  answers.push(await counter.latest('k'));
  await counter.removeLatest('k');
  answers.push(await counter.count('k'), await counter.latest('k'));
  clock.advance(41_000);
  answers.push(await counter.count('k'), await counter.waitSeconds('k', 1));
  await counter.reset('k');
  answers.push(await counter.count('k'), await counter.latest('k'));

  const guard = new LoginGuard(clock, loadConfig({ APP_MODE: 'test' }).login, store);
  for (let i = 0; i < 12; i += 1) answers.push(await guard.recordAttempt('acct:a@x.io', `10.0.0.${i}`));
  answers.push(await guard.accountWait('acct:a@x.io', '10.0.0.99'), await guard.ipWait('10.0.0.1'));
  const first = await counter.add('e');
  const second = await counter.add('e');
  answers.push(first.prior.length, second.prior.length, second.wait(1), second.wait(2));
  await second.undo();
  answers.push(await counter.count('e'));
  await guard.succeeded('acct:a@x.io', '10.0.0.2');
  answers.push(await guard.accountWait('acct:a@x.io', '10.0.0.2'));
  await guard.resetAccount('acct:a@x.io');
  answers.push(await guard.accountWait('acct:a@x.io', '10.0.0.9'));
  return answers;
}

/** 30 parallel attempts against a limit of 5 (spread over the given stores): exactly 5 go on. */
async function parallelAttempts(stores: LimitStore[], clock: ManualClock) {
  const rules = { ...loadConfig({ APP_MODE: 'test' }).login, maxFailuresPerIp: 5 };
  const guards = stores.map((store) => new LoginGuard(clock, rules, store));
  const waits = await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      (guards[i % guards.length] as LoginGuard).recordAttempt(`acct:${i}`, '198.51.100.1'),
    ),
  );
  return { through: waits.filter((w) => w === 0).length, counted: await guards[0]?.ipWait('198.51.100.1') };
}

describe('limits in memory', () => {
  it('parallel login attempts cannot slip past the per-address limit', async () => {
    const clock = new ManualClock(Date.UTC(2025, 0, 15, 12));
    const result = await parallelAttempts([memoryLimitStore(clock)], clock);
    expect(result.through).toBe(5);
    expect(result.counted).toBe(900);
  });
});

(redisUrl ? describe : describe.skip)('Redis (needs REDIS_URL)', () => {
  const url = redisUrl ?? '';
  const prefix = `t${crypto.randomBytes(4).toString('hex')}`;
  const clients: Redis[] = [];
  const buses: Bus[] = [];
  const client = () => {
    const redis = new Redis(url);
    clients.push(redis);
    return redis;
  };
  afterAll(async () => {
    await Promise.all(buses.map((b) => b.close()));
    const redis = client();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await Promise.all(clients.map((c) => c.quit()));
  });

  it('bus: a publication reaches the other nodes by topic, never back to the publisher', async () => {
    const [a, b, c] = await Promise.all([0, 1, 2].map(() => redisBus(client(), { prefix: `${prefix}:bus` })));
    buses.push(a as Bus, b as Bus, c as Bus);
    const { atA, atB, atC } = await exchange(a as Bus, b as Bus, c as Bus);
    expect(atB).toEqual([[trade]]);
    expect(atC).toEqual([{ kind: 'seconds', id: 42 }]);
    expect(atA).toEqual([]);
  });

  it('limits: counters and the login guard answer as in memory', async () => {
    const start = Date.UTC(2025, 0, 15, 12);
    const memoryClock = new ManualClock(start);
    const inMemory = await limitScript(memoryLimitStore(memoryClock), memoryClock);
    const clock = new ManualClock(start);
    const inRedis = await limitScript(redisLimitStore(client(), clock, `${prefix}:limits`), clock);
    expect(inRedis).toEqual(inMemory);
    expect(inMemory).toContain(0);
  });

  it('limits: parallel login attempts on two nodes cannot slip past the per-address limit', async () => {
    const clock = new ManualClock(Date.UTC(2025, 0, 15, 12));
    const result = await parallelAttempts(
      [
        redisLimitStore(client(), clock, `${prefix}:race`),
        redisLimitStore(client(), clock, `${prefix}:race`),
      ],
      clock,
    );
    expect(result.through).toBe(5);
    expect(result.counted).toBe(900);
  });

  it('limits: two nodes count into one window', async () => {
    const clock = new ManualClock(Date.UTC(2025, 0, 15, 12));
    const nodeA = redisLimitStore(client(), clock, `${prefix}:shared`).counter('sends', 3_600_000);
    const nodeB = redisLimitStore(client(), clock, `${prefix}:shared`).counter('sends', 3_600_000);
    await Promise.all([0, 1, 2, 3, 4].map((i) => (i % 2 ? nodeA : nodeB).record('ip:1.2.3.4')));
    expect(await nodeA.count('ip:1.2.3.4')).toBe(5);
    expect(await nodeB.waitSeconds('ip:1.2.3.4', 5)).toBe(3600);
  });
});
