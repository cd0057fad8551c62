import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './core/clock';
import type { AppConfig } from './core/config';
import type { Db } from './core/db';
import type { Market } from './market/engine';
import type { SlidingWindowCounter } from './core/rate-limit';
import type { Hub } from './realtime/hub';

/** What every domain's routes and services get: built once in app.ts. */
export interface AppContext {
  config: AppConfig;
  db: Db;
  clock: Clock;
  hub: Hub;
  /** The market engine: quotes, candles, depth and the price tape (`lastPrice`, `priceAt`, `onTick`). */
  market: Market;
  log: FastifyBaseLogger;
  limits: {
    /** Failed logins per account key (15 min window). */
    loginByAccount: SlidingWindowCounter;
    /** Failed logins per client IP (15 min window). */
    loginByIp: SlidingWindowCounter;
    /** Code sends per client IP (1 hour window). */
    codeSendsByIp: SlidingWindowCounter;
    /** Wrong fund passwords (and wrong current login passwords) per user (15 min window). */
    secretFailuresByUser: SlidingWindowCounter;
  };
}
