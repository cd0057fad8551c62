import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Clock } from '../core/clock';
import { waitSecondsOf, type KnownAddresses, type LimitStore, type WindowCounter } from '../core/rate-limit';

/**
 * The limits' counts in Redis, shared by every node (REDIS_URL): one sorted set per counted key
 * (score = the event's time on the app's clock, so a test's ManualClock still rules), trimmed to
 * the window on every use and expiring a window after its last event; known login addresses in
 * one hash per account. Each change is one MULTI, so parallel requests on several nodes count
 * exactly.
 */
export function redisLimitStore(redis: Redis, clock: Clock, prefix = 'limits'): LimitStore {
  return {
    counter(name, windowMs) {
      const keyOf = (key: string) => `${prefix}:${name}:${key}`;
      const trimmed = (key: string) => {
        const now = clock.now();
        return { k: keyOf(key), now, cutoff: now - windowMs };
      };
      const scores = (flat: string[]): number[] => {
        const out: number[] = [];
        for (let i = 1; i < flat.length; i += 2) out.push(Number(flat[i]));
        return out;
      };
      const counter: WindowCounter = {
        async add(key) {
          const { k, now, cutoff } = trimmed(key);
          const member = `${now}:${crypto.randomBytes(6).toString('hex')}`;
          // One MULTI: what came before and this event, in one step on every node.
          const result = await redis
            .multi()
            .zremrangebyscore(k, '-inf', cutoff)
            .zrange(k, 0, -1, 'WITHSCORES')
            .zadd(k, now, member)
            .pexpire(k, windowMs)
            .exec();
          const prior = scores((result?.[1]?.[1] as string[] | undefined) ?? []);
          return {
            prior,
            wait: (max) => waitSecondsOf(prior, max, windowMs, now),
            undo: async () => {
              await redis.zrem(k, member);
            },
          };
        },
        async count(key) {
          const { k, cutoff } = trimmed(key);
          const result = await redis.multi().zremrangebyscore(k, '-inf', cutoff).zcard(k).exec();
          return Number(result?.[1]?.[1] ?? 0);
        },
        async record(key) {
          const { k, now, cutoff } = trimmed(key);
          const member = `${now}:${crypto.randomBytes(6).toString('hex')}`;
          await redis
            .multi()
            .zremrangebyscore(k, '-inf', cutoff)
            .zadd(k, now, member)
            .pexpire(k, windowMs)
            .exec();
        },
        async removeLatest(key) {
          const { k, cutoff } = trimmed(key);
          await redis.multi().zremrangebyscore(k, '-inf', cutoff).zpopmax(k).exec();
        },
        async latest(key) {
          const { k, cutoff } = trimmed(key);
          const result = await redis
            .multi()
            .zremrangebyscore(k, '-inf', cutoff)
            .zrange(k, -1, -1, 'WITHSCORES')
            .exec();
          return scores((result?.[1]?.[1] as string[] | undefined) ?? [])[0];
        },
        async reset(key) {
          await redis.del(keyOf(key));
        },
        async waitSeconds(key, max) {
          const { k, now, cutoff } = trimmed(key);
          const result = await redis
            .multi()
            .zremrangebyscore(k, '-inf', cutoff)
            .zrange(k, 0, -1, 'WITHSCORES')
            .exec();
          return waitSecondsOf(scores((result?.[1]?.[1] as string[] | undefined) ?? []), max, windowMs, now);
        },
      };
      return counter;
    },
    knownAddresses(name): KnownAddresses {
      const keyOf = (accountKey: string) => `${prefix}:${name}:${accountKey}`;
      return {
        async seen(accountKey, ip) {
          const value = await redis.hget(keyOf(accountKey), ip);
          return value === null ? undefined : Number(value);
        },
        async remember(accountKey, ip, now, max) {
          const k = keyOf(accountKey);
          await redis.hset(k, ip, String(now));
          const all = await redis.hgetall(k);
          const entries = Object.entries(all).sort((a, b) => Number(a[1]) - Number(b[1]));
          const extra = entries.slice(0, Math.max(0, entries.length - max)).map(([address]) => address);
          if (extra.length > 0) await redis.hdel(k, ...extra);
        },
      };
    },
  };
}
