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
 * for a Map lookup); with Redis it answers from the script call's callback.
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
 * @fastify/rate-limit's Redis script (without its unused continueExceeding and backoff options):
 * count the request (INCRBY of `count`, 1 here); the window starts (PEXPIRE) with its first
 * request, otherwise the time left is the key's PTTL.
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
 * @fastify/rate-limit's Redis store (one atomic script call a request), answered from the call's
 * callback instead of through the plugin's chain of promises. A Redis failure lets the request
 * through, as `skipOnError` did (count 0: full remaining, reset 0).
 *
 * (Counting the requests of one address that arrive in one turn in one call was tried: on
 * PostgreSQL with two nodes it made the order bench slower, 354-652 orders/s against 578-1358,
 * busy machine.)
 */
function redisCeiling(
  { max, windowMs }: RequestCeilingOptions,
  redis: NonNullable<RequestCeilingOptions['redis']>,
) {
  const client = redis.client as unknown as Partial<CeilingCommand> & Redis;
  if (!client.appRequestCeiling)
    client.defineCommand('appRequestCeiling', { numberOfKeys: 1, lua: REDIS_SCRIPT });
  const command = client as unknown as CeilingCommand;
  return (request: FastifyRequest, reply: FastifyReply, done: Done) => {
    command.appRequestCeiling(redis.nameSpace + request.ip, windowMs, 1).then(
      ([current, ttl]) => answer(max, current, ttl, reply, done),
      () => answer(max, 0, 0, reply, done),
    );
  };
}
