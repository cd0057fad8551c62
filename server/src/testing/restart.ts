import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type BuiltApp } from '../app';
import { ManualClock } from '../core/clock';
import { loadConfig, type AppConfig } from '../core/config';
import { testDatabase, type ApiResult, type Answer, type RequestOptions } from './harness';

/** A server that can be stopped and started again on the same database (tests only). */
export interface RestartableServer {
  clock: ManualClock;
  config: AppConfig;
  built: BuiltApp;
  get(url: string, options?: RequestOptions): Promise<ApiResult>;
  post(url: string, body?: unknown, options?: RequestOptions): Promise<ApiResult>;
  /** Closes the app (the database file stays), lets `downMs` pass, builds and listens again. */
  restart(downMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export async function startRestartable(start: number): Promise<RestartableServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trading-restart-test-'));
  const file = path.join(dir, 'app.db');
  // On PostgreSQL (TEST_DATABASE_URL) a database named after the file: it outlives each restart.
  const database = await testDatabase({ DB_FILE: file });
  const config = loadConfig({
    APP_MODE: 'test',
    LOG_LEVEL: 'silent',
    DB_FILE: file,
    ...(database ? { DATABASE_URL: database.url } : {}),
    MARKET_BACKFILL: 'none',
    MARKET_FEED: 'manual',
    TOKEN_TTL_SECONDS: '31536000',
  });
  const clock = new ManualClock(start);
  let baseUrl = '';
  const up = async () => {
    const built = await buildApp(config, { clock });
    await built.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
    return built;
  };
  const request = async (
    method: 'GET' | 'POST',
    url: string,
    body: unknown,
    options: RequestOptions = {},
  ) => {
    const headers: Record<string, string> = { lang: 'en', ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (method === 'POST') headers['content-type'] = 'application/json';
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers,
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
    });
    return { status: response.status, body: (await response.json()) as Answer, headers: response.headers };
  };
  const server: RestartableServer = {
    clock,
    config,
    built: await up(),
    get: (url, options) => request('GET', url, undefined, options),
    post: (url, body, options) => request('POST', url, body, options),
    async restart(downMs = 0) {
      await server.built.close();
      clock.advance(downMs);
      server.built = await up();
    },
    async stop() {
      await server.built.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return server;
}
