import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from './errors';

export interface RequestCeilingOptions {
  /** Requests a client address may make in a window. */
  max: number;
  /** The window, ms. */
  windowMs: number;
  /** Shared by every node when set (keys `nameSpace` + address; a Redis outage lets requests through). */
  redis?: { client: Redis; nameSpace: string };
}

/** The 429 (or 403) answer of a request over the ceiling: `rate_limited`, wait in seconds. */
function refusal(statusCode: number, ttlMs: number): AppError {
  return new AppError('rate_limited', statusCode === 403 ? 403 : 429, {
    wait: Math.max(1, Math.ceil(ttlMs / 1000)),
  });
}

/** @fastify/rate-limit's LocalStore keeps this many addresses (least recently seen dropped first). */
const LOCAL_ADDRESSES = 5000;

interface Window {
  current: number;
  ttl: number;
  start: number;
}

/**
 * The per-address request ceiling on every route registered after it (not on 404s, as before):
 * a route-level onRequest hook that answers exactly as @fastify/rate-limit (its LocalStore on one
 * node, its Redis store with REDIS_URL) did: the same counts and windows, the same
 * `x-ratelimit-*` headers on every answer, `retry-after` and the `rate_limited` error past the
 * ceiling. On one node it is synchronous (the plugin's hook waited three promise turns a request
 * for a Map lookup); with Redis the requests of one address that arrive together share one script
 * call instead of one Redis round trip each.
 */
export function installRequestCeiling(app: FastifyInstance, options: RequestCeilingOptions): void {
  const hook = options.redis ? redisCeiling(options, options.redis) : memoryCeiling(options);
  // Like the plugin: a route-level hook, after the route's own onRequest hooks.
  app.addHook('onRoute', (route) => {
    const own = route.onRequest;
    const mine = hook as onRequestHookHandler;
    route.onRequest = own === undefined ? [mine] : [...(Array.isArray(own) ? own : [own]), mine];
  });
}

type Done = (error?: Error) => void;

/** Headers and outcome of one request counted as the `current`-th of its window with `ttl` ms left. */
function answer(max: number, current: number, ttl: number, reply: FastifyReply, done: Done): void {
  const resetSeconds = Math.ceil(ttl / 1000);
  if (current <= max) {
    void reply
      .header('x-ratelimit-limit', max)
      .header('x-ratelimit-remaining', max - current)
      .header('x-ratelimit-reset', resetSeconds);
    done();
    return;
  }
  void reply
    .header('x-ratelimit-limit', max)
    .header('x-ratelimit-remaining', 0)
    .header('x-ratelimit-reset', resetSeconds)
    .header('retry-after', resetSeconds);
  done(refusal(429, ttl));
}

/** One node: @fastify/rate-limit's LocalStore, synchronously. */
function memoryCeiling({ max, windowMs }: RequestCeilingOptions) {
  // Insertion order is recency order: a touched address is moved to the end.
  const windows = new Map<string, Window>();
  return (request: FastifyRequest, reply: FastifyReply, done: Done) => {
    const key = request.ip;
    const now = Date.now();
    let window = windows.get(key);
    if (!window) window = { current: 1, ttl: windowMs, start: now };
    else if (window.start + windowMs <= now) {
      window.current = 1;
      window.ttl = windowMs;
      window.start = now;
    } else {
      window.current += 1;
      window.ttl = windowMs - (now - window.start);
    }
    windows.delete(key);
    windows.set(key, window);
    if (windows.size > LOCAL_ADDRESSES) {
      const oldest = windows.keys().next().value;
      if (oldest !== undefined) windows.delete(oldest);
    }
    answer(max, window.current, window.ttl, reply, done);
  };
}

/**
 * @fastify/rate-limit's Redis script for `count` requests of one address at once: INCRBY instead
 * of INCR gives them the consecutive counts they would have had one by one (no other request can
 * come between: the script is atomic), and the window starts (PEXPIRE) when the first of them is
 * the window's first request, as it did; otherwise the time left is the key's PTTL, as it was.
 */
const REDIS_SCRIPT = `
local last = redis.call('INCRBY', KEYS[1], tonumber(ARGV[2]))
local window = tonumber(ARGV[1])
if last - tonumber(ARGV[2]) == 0 then
  redis.call('PEXPIRE', KEYS[1], window)
else
  window = redis.call('PTTL', KEYS[1])
end
return {last, window}
`;

interface CeilingCommand {
  appRequestCeiling(key: string, windowMs: number, count: number): Promise<[number, number]>;
}

/**
 * Every node, through Redis: the same keys (`nameSpace` + address), counts and windows as
 * @fastify/rate-limit's Redis store, but the requests of one address that arrive in one turn of
 * the event loop are counted in one script call (a request gets the count it would have had
 * alone) instead of one Redis round trip each. A Redis failure lets the requests through, as
 * `skipOnError` did (count 0: full remaining, reset 0).
 */
function redisCeiling(
  { max, windowMs }: RequestCeilingOptions,
  redis: NonNullable<RequestCeilingOptions['redis']>,
) {
  const client = redis.client as unknown as Partial<CeilingCommand> & Redis;
  if (!client.appRequestCeiling)
    client.defineCommand('appRequestCeiling', { numberOfKeys: 1, lua: REDIS_SCRIPT });
  const command = client as unknown as CeilingCommand;
  let waiting = new Map<string, Array<{ reply: FastifyReply; done: Done }>>();
  const flush = () => {
    const batch = waiting;
    waiting = new Map();
    for (const [address, requests] of batch) {
      command.appRequestCeiling(redis.nameSpace + address, windowMs, requests.length).then(
        ([last, ttl]) => {
          const first = last - requests.length + 1;
          requests.forEach(({ reply, done }, i) => answer(max, first + i, ttl, reply, done));
        },
        () => {
          for (const { reply, done } of requests) answer(max, 0, 0, reply, done);
        },
      );
    }
  };
  return (request: FastifyRequest, reply: FastifyReply, done: Done) => {
    if (waiting.size === 0) setImmediate(flush);
    const key = request.ip;
    const list = waiting.get(key);
    if (list) list.push({ reply, done });
    else waiting.set(key, [{ reply, done }]);
  };
}
