import type { Clock } from './clock';

/**
 * Counts events per key over a sliding window (in memory, one process), using the injectable
 * clock so tests can move time. Used for login failures and code sends; the plain per-IP request
 * ceiling is @fastify/rate-limit (see app.ts).
 */
export class SlidingWindowCounter {
  private readonly events = new Map<string, number[]>();
  private lastSweep = 0;

  constructor(
    private readonly clock: Clock,
    private readonly windowMs: number,
  ) {}

  private live(key: string): number[] {
    const now = this.clock.now();
    this.sweep(now);
    const list = this.events.get(key);
    if (!list) return [];
    const cutoff = now - this.windowMs;
    const kept = list.filter((t) => t > cutoff);
    if (kept.length === 0) this.events.delete(key);
    else if (kept.length !== list.length) this.events.set(key, kept);
    return kept;
  }

  /** Drops keys whose events all left the window, at most once a window. */
  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    const cutoff = now - this.windowMs;
    for (const [key, list] of this.events) {
      if (list.every((t) => t <= cutoff)) this.events.delete(key);
    }
  }

  count(key: string): number {
    return this.live(key).length;
  }

  record(key: string): void {
    const list = this.live(key);
    list.push(this.clock.now());
    this.events.set(key, list);
  }

  /** Takes back the most recent event of a key (an attempt counted in advance that succeeded). */
  removeLatest(key: string): void {
    const list = this.live(key);
    list.pop();
    if (list.length === 0) this.events.delete(key);
    else this.events.set(key, list);
  }

  /** Times of a key's events in the window, oldest first (a copy). */
  times(key: string): number[] {
    return [...this.live(key)];
  }

  /** Takes back one event of a key recorded at `time` (the newest such). */
  remove(key: string, time: number): void {
    const list = this.live(key);
    const index = list.lastIndexOf(time);
    if (index < 0) return;
    list.splice(index, 1);
    if (list.length === 0) this.events.delete(key);
    else this.events.set(key, list);
  }

  /** Time of the most recent event of a key in the window, if any. */
  latest(key: string): number | undefined {
    const list = this.live(key);
    return list[list.length - 1];
  }

  reset(key: string): void {
    this.events.delete(key);
  }

  /** Seconds until fewer than `max` events remain in the window (0 when already below). */
  waitSeconds(key: string, max: number): number {
    const list = this.live(key);
    if (list.length < max) return 0;
    const blocking = list[list.length - max];
    if (blocking === undefined) return 0;
    return Math.max(1, Math.ceil((blocking + this.windowMs - this.clock.now()) / 1000));
  }
}

/**
 * A sliding-window counter that several nodes can share (the async face of
 * SlidingWindowCounter): in memory on one node, in Redis when REDIS_URL is set
 * (cluster/redis-limits.ts). Same rules and answers either way.
 */
export interface WindowCounter {
  /**
   * Records an event now and answers, in the same atomic step, what came before it in the window
   * (on every node): the check and the count of one attempt can never interleave with another's,
   * so parallel attempts cannot slip past a limit. `undo()` takes this event back (the attempt was
   * refused, failed for another reason, or succeeded and is not a failure).
   */
  add(key: string): Promise<CountedEvent>;
  count(key: string): Promise<number>;
  record(key: string): Promise<void>;
  /** Takes back the most recent event of a key (an attempt counted in advance that succeeded). */
  removeLatest(key: string): Promise<void>;
  /** Time of the most recent event of a key in the window, if any. */
  latest(key: string): Promise<number | undefined>;
  reset(key: string): Promise<void>;
  /** Seconds until fewer than `max` events remain in the window (0 when already below). */
  waitSeconds(key: string, max: number): Promise<number>;
}

export interface CountedEvent {
  /** Times of the events of the key in the window before this one, oldest first. */
  prior: number[];
  /** Seconds this event must wait for fewer than `max` prior events to remain (0: go on). */
  wait(max: number): number;
  undo(): Promise<void>;
}

/** Seconds until fewer than `max` of `prior` (oldest first) remain in the window ending at `now`. */
export function waitSecondsOf(prior: readonly number[], max: number, windowMs: number, now: number): number {
  if (prior.length < max) return 0;
  const blocking = prior[prior.length - max];
  if (blocking === undefined) return 0;
  return Math.max(1, Math.ceil((blocking + windowMs - now) / 1000));
}

/** When each address last logged into an account (the login guard's "known" addresses). */
export interface KnownAddresses {
  /** When `ip` last logged into the account, if it is among the kept ones. */
  seen(accountKey: string, ip: string): Promise<number | undefined>;
  /** Remembers a login at `now`, keeping the newest `max` addresses of the account. */
  remember(accountKey: string, ip: string, now: number, max: number): Promise<void>;
}

/** Where the limits keep their counts: memory (one node) or Redis (every node). */
export interface LimitStore {
  /** A counter over `windowMs`; `name` keeps different counters apart. */
  counter(name: string, windowMs: number): WindowCounter;
  knownAddresses(name: string): KnownAddresses;
}

/** One process: SlidingWindowCounter and a map, behind the async faces. */
export function memoryLimitStore(clock: Clock): LimitStore {
  return {
    counter(_name, windowMs) {
      const counter = new SlidingWindowCounter(clock, windowMs);
      return {
        async add(key) {
          const prior = counter.times(key);
          const now = clock.now();
          counter.record(key);
          return {
            prior,
            wait: (max) => waitSecondsOf(prior, max, windowMs, now),
            undo: async () => counter.remove(key, now),
          };
        },
        count: async (key) => counter.count(key),
        record: async (key) => counter.record(key),
        removeLatest: async (key) => counter.removeLatest(key),
        latest: async (key) => counter.latest(key),
        reset: async (key) => counter.reset(key),
        waitSeconds: async (key, max) => counter.waitSeconds(key, max),
      };
    },
    knownAddresses() {
      const known = new Map<string, Map<string, number>>();
      return {
        seen: async (accountKey, ip) => known.get(accountKey)?.get(ip),
        async remember(accountKey, ip, now, max) {
          let seen = known.get(accountKey);
          if (!seen) {
            seen = new Map();
            known.set(accountKey, seen);
          }
          seen.delete(ip);
          seen.set(ip, now);
          while (seen.size > max) {
            const oldest = seen.keys().next().value;
            if (oldest === undefined) break;
            seen.delete(oldest);
          }
        },
      };
    },
  };
}
