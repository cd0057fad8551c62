import crypto from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { buildApp, type BuildOptions, type BuiltApp } from '../app';
import { ManualClock } from '../core/clock';
import { loadConfig, type AppConfig } from '../core/config';

/** An answer as the client sees it. */
export interface Answer {
  type: string;
  message: unknown;
  code?: string;
  wait?: number;
  field?: string;
}

export interface ApiResult {
  status: number;
  body: Answer;
  headers: Headers;
}

export interface RequestOptions {
  token?: string;
  headers?: Record<string, string>;
  /** Sent as X-Forwarded-For (the server trusts loopback proxies), to act as another client IP. */
  ip?: string;
}

export interface TestServer extends BuiltApp {
  clock: ManualClock;
  config: AppConfig;
  baseUrl: string;
  get(pathAndQuery: string, options?: RequestOptions): Promise<ApiResult>;
  post(path: string, body?: unknown, options?: RequestOptions): Promise<ApiResult>;
  socket(): Promise<Socket>;
  stop(): Promise<void>;
}

/** 2025-01-15 12:00 UTC: tests start from a fixed time and move it on purpose. */
export const TEST_START = Date.UTC(2025, 0, 15, 12, 0, 0);

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * With TEST_DATABASE_URL (scripts/with-postgres.mjs sets it): a PostgreSQL database for one test
 * server. A fresh one (dropped on stop), or, when the test names its DB_FILE (a restart on the
 * same data), one derived from that path that outlives the server (the throwaway cluster goes).
 */
export async function testDatabase(
  env: Record<string, string> = {},
): Promise<{ url: string; drop(): Promise<void> } | null> {
  const adminUrl = process.env.TEST_DATABASE_URL?.trim();
  if (!adminUrl || env.DATABASE_URL !== undefined) return null;
  const named = env.DB_FILE;
  const name = named
    ? `t_${crypto.createHash('sha256').update(named).digest('hex').slice(0, 24)}`
    : `t_${crypto.randomBytes(12).toString('hex')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  } catch (error) {
    // 42P04: already there (the second start of a restart test).
    if (!named || (error as { code?: string }).code !== '42P04') throw error;
  }
  return {
    url: url.toString(),
    drop: async () => {
      if (!named) await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * Starts the real app on port 0 with a fresh SQLite file in the temp folder, or (TEST_DATABASE_URL
 * set) a fresh PostgreSQL database.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: Omit<BuildOptions, 'clock'> = {},
): Promise<TestServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trading-server-test-'));
  const database = await testDatabase(env);
  const config = loadConfig({
    APP_MODE: 'test',
    LOG_LEVEL: 'silent',
    DB_FILE: path.join(dir, 'app.db'),
    // Small market history whatever the mode, so every test server starts fast.
    MARKET_BACKFILL: 'small',
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
  const clock = new ManualClock(TEST_START);
  let built: BuiltApp;
  try {
    built = await buildApp(config, { ...options, clock });
  } catch (error) {
    await database?.drop();
    throw error;
  }
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = built.app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const sockets: Socket[] = [];

  const request = async (
    method: 'GET' | 'POST',
    url: string,
    body: unknown,
    options: RequestOptions = {},
  ) => {
    const headers: Record<string, string> = { lang: 'en', ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.ip) headers['x-forwarded-for'] = options.ip;
    let payload: string | undefined;
    if (method === 'POST' && body !== undefined) {
      headers['content-type'] ??= 'application/json';
      payload = typeof body === 'string' ? body : JSON.stringify(body);
    }
    const separator = url.includes('?') ? '&' : '?';
    const response = await fetch(`${baseUrl}${url}${separator}_t=${Date.now()}`, {
      method,
      headers,
      body: payload,
    });
    const text = await response.text();
    let parsed: Answer;
    try {
      parsed = JSON.parse(text) as Answer;
    } catch {
      parsed = { type: 'raw', message: text };
    }
    return { status: response.status, body: parsed, headers: response.headers };
  };

  return {
    ...built,
    clock,
    config,
    baseUrl,
    get: (url, options) => request('GET', url, undefined, options),
    post: (url, body, options) => request('POST', url, body ?? {}, options),
    socket: () =>
      new Promise<Socket>((resolve, reject) => {
        const socket = connectSocket(baseUrl, {
          path: '/socket.io',
          transports: ['websocket'],
          forceNew: true,
          reconnection: false,
        });
        sockets.push(socket);
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', reject);
      }),
    async stop() {
      for (const s of sockets) s.disconnect();
      await built.close();
      await database?.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The newest code the outbox holds for an address. */
export async function latestCode(server: TestServer, to: string): Promise<string> {
  const res = await server.get(`/dev/outbox?to=${encodeURIComponent(to)}`);
  const list = res.body.message as Array<{ code: string }>;
  const first = list[0];
  if (!first) throw new Error(`No code sent to ${to}`);
  return first.code;
}

/** Registers an email account through the real flow (code by outbox) and returns its token. */
export async function registerEmailUser(
  server: TestServer,
  email: string,
  password = 'Passw0rd',
  extra: Record<string, unknown> = {},
): Promise<string> {
  const sent = await server.post('/api/sms_mail', { user_string: email, lang: 'en' });
  if (sent.status !== 200) throw new Error(`sms_mail failed: ${JSON.stringify(sent.body)}`);
  const code = await latestCode(server, email);
  const reg = await server.post('/api/user/register', {
    type: 'email',
    country_code: '1',
    user_string: email,
    code,
    password,
    re_password: password,
    ...extra,
  });
  if (reg.status !== 200) throw new Error(`register failed: ${JSON.stringify(reg.body)}`);
  return login(server, email, password);
}

export async function login(
  server: TestServer,
  userString: string,
  password: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const res = await server.post('/api/user/login', { user_string: userString, password, type: 1, ...extra });
  if (res.status !== 200 || typeof res.body.message !== 'string')
    throw new Error(`login failed: ${JSON.stringify(res.body)}`);
  return res.body.message;
}
