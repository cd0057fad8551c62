import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

/**
 * The per-address request ceiling (`@fastify/rate-limit`) counted in Redis, shared by every node,
 * without a Redis round trip per request: a node takes its requests from Redis in leases. The
 * count in Redis (`<prefix><address>`, expiring with the window) is the number of requests the
 * nodes have taken, all together, in the address's current window; a node that needs one takes a
 * lease of several at once (INCRBY, one round trip) and admits them locally until they are used,
 * and once Redis is at the ceiling it refuses locally until the window ends.
 *
 * - Never more than `max` requests in a window over all nodes: a lease that crosses the ceiling
 *   grants only what was left below it.
 * - At most a lease short of `max` per other node: what a node leased and did not use stays
 *   unused until the window ends. Leases start at 1 and double up to `max / 20`, so an address
 *   that sends a few requests strands none and a busy one loses at most 5% of the ceiling per other
 *   node (alone on Redis a node is exact).
 * - Round trips: about log2(max / 20) + n / (max / 20) for n requests of one address in one window
 *   on one node (600 a minute: at most 5 + n / 30), instead of n.
 * - The remaining count in the headers is this node's view (the others' use since its last lease
 *   is not in it).
 *
 * `continueExceeding`, `exponentialBackoff` and `ban` are not supported (the app uses none). A
 * failed round trip fails the request's `incr` (with `skipOnError` the request goes through).
 */
export function redisLeaseStore(
  redis: Redis,
  nameSpace: string,
  options: { now?: () => number } = {},
): new (params: FastifyRateLimitOptions) => LeasedRateStore {
  return class extends LeasedRateStore {
    constructor() {
      super(redis, nameSpace, options.now ?? Date.now);
    }
  };
}

interface Window {
  /** When this node's view of the window ends (its time: now + the key's PTTL at the last lease). */
  end: number;
  /** Requests leased and not used yet. */
  left: number;
  /** The shared count as this node knows it (for `current`). */
  count: number;
  /** Redis reached the ceiling: refuse once `left` is used, without asking again. */
  full: boolean;
  /** The next lease's size. */
  next: number;
}

type Result = { current: number; ttl: number };

const LEASE = `
local count = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  ttl = tonumber(ARGV[2])
  redis.call('PEXPIRE', KEYS[1], ttl)
end
return {count, ttl}
`;

/** Keys kept before the windows that ended are swept. */
const SWEEP_AT = 10_000;

export class LeasedRateStore implements FastifyRateLimitStore {
  private readonly windows = new Map<string, Window>();
  private readonly pending = new Map<string, Promise<void>>();
  /** Round trips to Redis so far (for the bench and the tests). */
  trips = 0;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly now: () => number,
  ) {}

  incr(
    key: string,
    callback: (error: Error | null, result?: Result) => void,
    timeWindow = 60_000,
    max = 1000,
  ): void {
    const local = this.take(this.prefix + key, max);
    if (local) {
      callback(null, local);
      return;
    }
    this.acquire(this.prefix + key, timeWindow, max).then(
      (result) => callback(null, result),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }

  /** A route's own limit (`config.rateLimit`): its own counts, named like the plugin's Redis store. */
  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    // The plugin passes its merged options with the route under `routeInfo` (its typings say the
    // route itself): read either.
    const route =
      'routeInfo' in routeOptions
        ? (routeOptions.routeInfo as { method: unknown; url: unknown })
        : routeOptions;
    return new LeasedRateStore(
      this.redis,
      `${this.prefix}${String(route.method)}${String(route.url)}-`,
      this.now,
    );
  }

  /** A request from what this node holds: admitted, refused, or undefined (ask Redis). */
  private take(key: string, max: number): Result | undefined {
    const window = this.windows.get(key);
    if (!window) return undefined;
    const now = this.now();
    if (now >= window.end) return undefined;
    if (window.left > 0) {
      window.left -= 1;
      window.count += 1;
      return { current: window.count, ttl: window.end - now };
    }
    if (window.full) return { current: max + 1, ttl: window.end - now };
    return undefined;
  }

  private async acquire(key: string, timeWindow: number, max: number): Promise<Result> {
    // Requests of one key that miss together share one lease; one left without a request asks again.
    for (;;) {
      const waiting = this.pending.get(key);
      if (waiting) await waiting;
      else {
        const lease = this.lease(key, timeWindow, max).finally(() => this.pending.delete(key));
        this.pending.set(key, lease);
        await lease;
      }
      const result = this.take(key, max);
      if (result) return result;
    }
  }

  private async lease(key: string, timeWindow: number, max: number): Promise<void> {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || now >= window.end) {
      window = { end: now, left: 0, count: 0, full: false, next: 1 };
      if (this.windows.size >= SWEEP_AT) this.sweep(now);
      this.windows.set(key, window);
    }
    const size = window.next;
    this.trips += 1;
    const [count, ttl] = (await this.redis.eval(LEASE, 1, key, size, timeWindow)) as [number, number];
    const before = count - size;
    const granted = Math.max(0, Math.min(size, max - before));
    window.end = this.now() + ttl;
    window.left += granted;
    window.count = before;
    window.full = count >= max;
    window.next = Math.min(size * 2, Math.max(1, Math.floor(max / 20)));
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (now >= window.end) this.windows.delete(key);
  }
}
