import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './core/clock';
import type { AppConfig } from './core/config';
import type { Store } from './db';
import type { PricePort } from './market';
import type { WindowCounter } from './core/rate-limit';
import type { Hub } from './realtime/hub';
import type { LoginGuard } from './accounts/login-guard';
import type { Bus } from './cluster/bus';
import type { EngineJobs } from './cluster/jobs';

/** What every domain's routes and services get: built once in app.ts. */
export interface AppContext {
  config: AppConfig;
  /** The data layer (server/src/db): SQLite (DB_FILE) or PostgreSQL (DATABASE_URL). */
  store: Store;
  clock: Clock;
  hub: Hub;
  /** Prices as the domains see them (`lastPrice`, `priceAt`, `onTick`, ...): the market engine's narrow port. */
  prices: PricePort;
  log: FastifyBaseLogger;
  /** Messages to the other API nodes (cluster/bus.ts; goes nowhere on a node alone). */
  bus: Bus;
  /** Work that runs on the engine node only: feed, triggers, timers, sweepers (cluster/jobs.ts). */
  jobs: EngineJobs;
  limits: {
    /** Failed logins per resolved account and per client address (rules in LoginGuard). */
    login: LoginGuard;
    /** Code sends per client IP (1 hour window). */
    codeSendsByIp: WindowCounter;
    /** Wrong fund passwords (and wrong current login passwords) per user (15 min window). */
    secretFailuresByUser: WindowCounter;
  };
}
