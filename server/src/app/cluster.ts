import { createAdapter } from '@socket.io/redis-streams-adapter';
import { Redis } from 'ioredis';
import { singleNodeBus, type Bus } from '../cluster/bus';
import { EngineJobs } from '../cluster/jobs';
import { advisoryLockLeader, alwaysLeader, type Leadership } from '../cluster/leader';
import { redisBus } from '../cluster/redis-bus';
import { redisLimitStore } from '../cluster/redis-limits';
import type { Clock } from '../core/clock';
import { memoryLimitStore, type LimitStore } from '../core/rate-limit';

export interface ClusterLog {
  info(message: string): void;
  warn(details: { err: unknown }, message: string): void;
  error(details: { err: unknown }, message: string): void;
}

/**
 * What a node shares with the others (all of it local when it runs alone): the Redis connection
 * (REDIS_URL), where limits count, the Bus, the socket.io adapter, the leadership and the
 * engine jobs it switches.
 */
export interface ClusterParts {
  /** The Redis connection (REDIS_URL), null on a node alone. */
  redis: Redis | null;
  limits: LimitStore;
  bus: Bus;
  /** The socket.io adapter to install (Redis streams), undefined for socket.io's own in-memory one. */
  socketAdapter: ReturnType<typeof createAdapter> | undefined;
  leadership: Leadership;
  jobs: EngineJobs;
  /** Stops trying for leadership (stopping the jobs), closes the bus and Redis. */
  close(): Promise<void>;
}

export interface ClusterOptions {
  redisUrl: string | null;
  /** PostgreSQL (DATABASE_URL): leadership by advisory lock; null (SQLite): always the leader. */
  databaseUrl: string | null;
  clock: Clock;
  log: ClusterLog;
  /** Key prefix in Redis (tests give each app its own). */
  redisPrefix?: string;
  /** Leadership retry and check interval (ms). */
  leaderRetryMs?: number;
}

/** Connects Redis (when configured) and builds the parts; leadership starts later (`leadership.start()`). */
export async function openCluster(options: ClusterOptions): Promise<ClusterParts> {
  const { log } = options;
  const prefix = options.redisPrefix ?? 'app';
  let redis: Redis | null = null;
  if (options.redisUrl) {
    redis = new Redis(options.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3 });
    redis.on('error', (error: unknown) => log.warn({ err: error }, 'redis connection failed'));
    await redis.connect();
  }
  const bus = redis ? await redisBus(redis, { prefix: `${prefix}:bus`, log }) : singleNodeBus();
  const jobs = new EngineJobs(log);
  const leadership = options.databaseUrl
    ? advisoryLockLeader({ connectionString: options.databaseUrl, retryMs: options.leaderRetryMs, log })
    : alwaysLeader();
  leadership.onChange((leader) => void jobs.setActive(leader));
  return {
    redis,
    limits: redis
      ? redisLimitStore(redis, options.clock, `${prefix}:limits`)
      : memoryLimitStore(options.clock),
    bus,
    socketAdapter: redis ? createAdapter(redis, { streamName: `${prefix}:socket.io` }) : undefined,
    leadership,
    jobs,
    async close() {
      await leadership.stop();
      await jobs.settled();
      await bus.close();
      if (redis) await redis.quit().catch(() => redis?.disconnect());
    },
  };
}
