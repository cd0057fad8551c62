import net from 'node:net';
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';

export type AppMode = 'demo' | 'test' | 'production';

export interface ScryptParams {
  /** CPU/memory cost, a power of two. */
  N: number;
  r: number;
  p: number;
  keyLength: number;
}

/** `simulated`: the built-in random-walk feed (default); `manual`: no timers, tests call `market.tick()` and `market.publish()`; `off`: no feed (prices move only when pinned). */
export type MarketFeedMode = 'simulated' | 'manual' | 'off';
/** History generated on first start: `full` (>= 300 candles per period), `small` (test default), `none`. */
export type MarketBackfillMode = 'full' | 'small' | 'none';

export interface MarketConfig {
  feed: MarketFeedMode;
  /** Seed of the simulation: the same seed and clock give the same prices. */
  seed: number;
  backfill: MarketBackfillMode;
  /**
   * Tape trades older than this many days are pruned (the last trade of each instrument always
   * stays); null keeps the whole tape. MARKET_TAPE_DAYS (`keep` or 1-3650); default: keep on
   * PostgreSQL (day partitions), 2 days on the embedded SQLite database.
   */
  tapeRetentionDays: number | null;
  /** Coalescing interval of the live channels (quotes, depth, candles, trades). */
  publishMs: number;
  /** How often the simulated feed emits its batch of trades. */
  feedTickMs: number;
}

export interface AppConfig {
  mode: AppMode;
  host: string;
  port: number;
  dbFile: string;
  /** `DATABASE_URL` (postgres://...): PostgreSQL instead of the SQLite file `dbFile` (see server/src/db). */
  databaseUrl: string | null;
  /** Where builds before migration 13 kept uploaded images: its files are imported into the database at start (uploads/service.ts). */
  uploadDir: string;
  allowedOrigins: string[];
  tokenTtlSeconds: number;
  publicOrigin: string;
  logLevel: string;
  /** Fastify `trustProxy`: only the host's own proxy address by default (see DEFAULT_TRUST_PROXY). */
  trustProxy: false | string;
  scrypt: ScryptParams;
  /** Ceiling on requests per IP per minute (all routes). */
  requestsPerMinute: number;
  /** Login failure limits (see accounts/login-guard.ts and API.md "Login limits"). */
  login: {
    /** Failures per client address in `ipWindowSeconds` before a hard wait. */
    maxFailuresPerIp: number;
    ipWindowSeconds: number;
    /** Failures per account in `accountWindowSeconds` before the exponential delay starts. */
    accountFreeFailures: number;
    accountWindowSeconds: number;
    /** Ceiling of the per-account delay between attempts. */
    accountMaxDelaySeconds: number;
  };
  /** Upload quota per user (see uploads/service.ts). */
  uploads: { maxPerHour: number; maxBytesPerDay: number };
  codes: {
    ttlSeconds: number;
    resendSeconds: number;
    maxAttempts: number;
    /** Code sends per IP per hour (any destination). */
    maxSendsPerIpPerHour: number;
  };
  market: MarketConfig;
  /** `REDIS_URL` (redis://...): several API nodes share socket fan-out, limits and engine news (server/src/cluster). */
  redisUrl: string | null;
  /** `REDIS_PREFIX`: the start of every Redis key and channel of this deployment (default `app`). */
  redisPrefix: string;
  /** `LEADER_RETRY_MS`: how often PostgreSQL nodes try for the engine lock and the leader checks it (server/src/cluster/leader.ts). */
  leaderRetryMs: number;
}

export const DEFAULT_PORT = 8090;

export const DEFAULT_ALLOWED_ORIGINS = [8080, 8081, 8082, 8083, 8084].flatMap((port) => [
  `http://127.0.0.1:${port}`,
  `http://localhost:${port}`,
]);

/**
 * The workspace root (the folder that holds server/): relative DB_FILE paths start there.
 * Found by walking up from this file, so it holds for src/core (tsx, Jest) and for the
 * compiled dist/main.cjs alike; outside a checkout it is the current directory.
 */
export const WORKSPACE_ROOT = findWorkspaceRoot(__dirname);

function findWorkspaceRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'server', 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return process.cwd();
  }
}

/** server/data/app.db, whatever the current directory. */
export const DEFAULT_DB_FILE = path.join(WORKSPACE_ROOT, 'server', 'data', 'app.db');

const PRODUCTION_SCRYPT: ScryptParams = { N: 2 ** 15, r: 8, p: 1, keyLength: 64 };
const TEST_SCRYPT: ScryptParams = { N: 2 ** 10, r: 8, p: 1, keyLength: 64 };

export class ConfigError extends Error {}

function parseMode(value: string | undefined): AppMode {
  const mode = (value ?? 'demo').trim().toLowerCase();
  if (mode === 'demo' || mode === 'test' || mode === 'production') return mode;
  throw new ConfigError(`APP_MODE must be demo, test or production (got "${value}")`);
}

function parseInteger(
  name: string,
  value: string | undefined,
  fallback: number,
  min: number,
  max: number,
): number {
  if (value === undefined || value.trim() === '') return fallback;
  if (!/^\d+$/.test(value.trim())) throw new ConfigError(`${name} must be an integer (got "${value}")`);
  const parsed = Number(value.trim());
  if (parsed < min || parsed > max) throw new ConfigError(`${name} must be between ${min} and ${max}`);
  return parsed;
}

/** MARKET_TAPE_DAYS: `keep` (null) or 1-3650 days; unset: keep on PostgreSQL, 2 days on SQLite. */
function parseTapeDays(value: string | undefined, postgres: boolean): number | null {
  if (value === undefined || value.trim() === '') return postgres ? null : 2;
  if (value.trim().toLowerCase() === 'keep') return null;
  return parseInteger('MARKET_TAPE_DAYS', value, 2, 1, 3650);
}

function parseOrigin(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new ConfigError(`${name} contains an invalid origin: "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`${name} must use http or https: "${value}"`);
  }
  return url.origin;
}

/**
 * Whose X-Forwarded-For is believed. Default: only 127.0.0.1, the address the host's static server
 * (scripts/serve.mjs) proxies /api and /socket.io from; any other peer's header is ignored.
 * `TRUST_PROXY` takes a comma-separated list of addresses, CIDR ranges or proxy-addr names (`loopback`), or `false` (trust
 * nobody). `true` (trust everyone) is refused: the header would then be the client's own word.
 */
export const DEFAULT_TRUST_PROXY = '127.0.0.1';

function parseTrustProxy(value: string | undefined): false | string {
  if (value === undefined || value.trim() === '') return DEFAULT_TRUST_PROXY;
  const v = value.trim();
  if (v === 'false') return false;
  if (v === 'true')
    throw new ConfigError('TRUST_PROXY=true would trust every peer; name the proxy addresses');
  const parts = v.split(',').map((part) => part.trim());
  const named = ['loopback', 'linklocal', 'uniquelocal'];
  const valid = (part: string) => {
    if (named.includes(part)) return true;
    const [address = '', bits, extra] = part.split('/');
    if (extra !== undefined || !net.isIP(address)) return false;
    if (bits === undefined) return true;
    return /^\d{1,3}$/.test(bits) && Number(bits) <= (net.isIPv6(address) ? 128 : 32);
  };
  if (!parts.every(valid))
    throw new ConfigError(`TRUST_PROXY must be addresses or CIDR ranges, comma-separated (got "${value}")`);
  return parts.join(',');
}

function parseChoice<T extends string>(
  name: string,
  value: string | undefined,
  choices: readonly T[],
  fallback: T,
): T {
  if (value === undefined || value.trim() === '') return fallback;
  const v = value.trim().toLowerCase();
  if ((choices as readonly string[]).includes(v)) return v as T;
  throw new ConfigError(`${name} must be one of ${choices.join(', ')} (got "${value}")`);
}

function parseDatabaseUrl(value: string | undefined): string | null {
  if (value === undefined || value.trim() === '') return null;
  const v = value.trim();
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    throw new ConfigError('DATABASE_URL must be a postgres:// URL');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:')
    throw new ConfigError('DATABASE_URL must be a postgres:// URL');
  return v;
}

/** Reads the configuration from environment variables (see API.md, "Environment"). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const mode = parseMode(env.APP_MODE);
  const origins =
    env.ALLOWED_ORIGINS && env.ALLOWED_ORIGINS.trim() !== ''
      ? env.ALLOWED_ORIGINS.split(',')
          .filter((o) => o.trim() !== '')
          .map((o) => parseOrigin('ALLOWED_ORIGINS', o))
      : DEFAULT_ALLOWED_ORIGINS;
  const isTest = mode === 'test';
  const dbFile = env.DB_FILE?.trim()
    ? env.DB_FILE.trim() === ':memory:'
      ? ':memory:'
      : path.resolve(WORKSPACE_ROOT, env.DB_FILE.trim())
    : DEFAULT_DB_FILE;
  return {
    mode,
    host: env.HOST?.trim() || '127.0.0.1',
    port: parseInteger('PORT', env.PORT, DEFAULT_PORT, 0, 65535),
    // Relative to the workspace root (pnpm --filter runs scripts inside server/, so cwd is no guide).
    dbFile,
    databaseUrl: parseDatabaseUrl(env.DATABASE_URL),
    uploadDir: env.UPLOAD_DIR?.trim()
      ? path.resolve(WORKSPACE_ROOT, env.UPLOAD_DIR.trim())
      : dbFile === ':memory:'
        ? path.join(os.tmpdir(), 'trading-server-uploads')
        : path.join(path.dirname(dbFile), 'uploads'),
    allowedOrigins: origins,
    tokenTtlSeconds: parseInteger(
      'TOKEN_TTL_SECONDS',
      env.TOKEN_TTL_SECONDS,
      7 * 24 * 3600,
      60,
      365 * 24 * 3600,
    ),
    publicOrigin: parseOrigin('PUBLIC_ORIGIN', env.PUBLIC_ORIGIN?.trim() || 'http://127.0.0.1:8080'),
    logLevel: env.LOG_LEVEL?.trim() || (isTest ? 'silent' : 'info'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    scrypt: isTest ? TEST_SCRYPT : PRODUCTION_SCRYPT,
    requestsPerMinute: parseInteger(
      'RATE_LIMIT_PER_MINUTE',
      env.RATE_LIMIT_PER_MINUTE,
      isTest ? 100_000 : mode === 'demo' ? 3000 : 600,
      1,
      10_000_000,
    ),
    login: {
      maxFailuresPerIp: parseInteger('LOGIN_FAILURES_PER_IP', env.LOGIN_FAILURES_PER_IP, 5, 1, 1_000_000),
      ipWindowSeconds: 15 * 60,
      accountFreeFailures: parseInteger(
        'LOGIN_ACCOUNT_FREE_FAILURES',
        env.LOGIN_ACCOUNT_FREE_FAILURES,
        10,
        1,
        1_000_000,
      ),
      accountWindowSeconds: 3600,
      accountMaxDelaySeconds: parseInteger(
        'LOGIN_ACCOUNT_MAX_DELAY_SECONDS',
        env.LOGIN_ACCOUNT_MAX_DELAY_SECONDS,
        300,
        1,
        86400,
      ),
    },
    uploads: {
      maxPerHour: parseInteger('UPLOADS_PER_HOUR', env.UPLOADS_PER_HOUR, 20, 1, 1_000_000),
      maxBytesPerDay: parseInteger(
        'UPLOAD_BYTES_PER_DAY',
        env.UPLOAD_BYTES_PER_DAY,
        40 * 1024 * 1024,
        1,
        Number.MAX_SAFE_INTEGER,
      ),
    },
    codes: {
      ttlSeconds: 10 * 60,
      resendSeconds: 60,
      maxAttempts: 5,
      maxSendsPerIpPerHour: parseInteger(
        'CODE_SENDS_PER_IP_PER_HOUR',
        env.CODE_SENDS_PER_IP_PER_HOUR,
        isTest ? 1000 : mode === 'demo' ? 200 : 30,
        1,
        1_000_000,
      ),
    },
    market: {
      feed: parseChoice('MARKET_FEED', env.MARKET_FEED, ['simulated', 'manual', 'off'] as const, 'simulated'),
      seed: parseInteger('MARKET_SEED', env.MARKET_SEED, 1, 0, 2 ** 31 - 1),
      backfill: parseChoice(
        'MARKET_BACKFILL',
        env.MARKET_BACKFILL,
        ['full', 'small', 'none'] as const,
        isTest ? 'small' : 'full',
      ),
      tapeRetentionDays: parseTapeDays(env.MARKET_TAPE_DAYS, parseDatabaseUrl(env.DATABASE_URL) !== null),
      publishMs: parseInteger('MARKET_PUBLISH_MS', env.MARKET_PUBLISH_MS, 500, 250, 1000),
      feedTickMs: 200,
    },
    redisUrl: parseRedisUrl(env.REDIS_URL),
    redisPrefix: env.REDIS_PREFIX?.trim() || 'app',
    leaderRetryMs: parseInteger('LEADER_RETRY_MS', env.LEADER_RETRY_MS, 1000, 50, 60_000),
  };
}

function parseRedisUrl(value: string | undefined): string | null {
  if (value === undefined || value.trim() === '') return null;
  const v = value.trim();
  let protocol: string;
  try {
    protocol = new URL(v).protocol;
  } catch {
    throw new ConfigError('REDIS_URL must be a redis:// or rediss:// URL');
  }
  if (protocol !== 'redis:' && protocol !== 'rediss:')
    throw new ConfigError('REDIS_URL must be a redis:// or rediss:// URL');
  return v;
}
