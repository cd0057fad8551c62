import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import type { Server } from 'socket.io';
import { registerProfileRoutes } from './accounts/profile-routes';
import { LoginGuard } from './accounts/login-guard';
import { registerAccountRoutes } from './accounts/routes';
import type { AppContext } from './context';
import { systemClock, type Clock } from './core/clock';
import type { AppConfig } from './core/config';
import { SESSION_EXPIRED, type ErrorAnswer } from './core/envelope';
import { ERROR_CODES, type ErrorCode } from './core/error-codes';
import { forgetSessions, onSessionsRevoked } from './core/auth';
import { installContract } from './core/contract';
import { registerDocs } from './core/docs';
import { AppError, badRequest, SessionError } from './core/errors';
import { parseJsonBody, trustFunction } from './core/request';
import { initStore } from './database';
import type { Store } from './db';
import { openCluster, type ClusterParts } from './app/cluster';
import { buildEngines } from './app/engines';
import { Lifecycle } from './app/lifecycle';
import { redisLeaseStore } from './cluster/redis-rate';
import { tickRelay } from './cluster/relay';
import { registerDevRoutes } from './dev/routes';
import { createMarket, type Market } from './market/engine';
import { registerMarketRoutes } from './market/routes';
import { createHub, type Hub } from './realtime/hub';
import { registerEarnRoutes } from './earn/routes';
import { registerFiatRoutes } from './otc/routes';
import { registerLeverRoutes } from './lever/routes';
import { registerSecondsRoutes } from './seconds/routes';
import { installCors } from './security/cors';
import { installSecurityHeaders } from './security/headers';
import { registerSpotRoutes } from './spot/routes';
import { registerSupportRoutes } from './support/routes';
import { registerUploadRoutes } from './uploads/routes';
import { registerWalletRoutes } from './wallet/routes';

export interface BuildOptions {
  /** Injected time source (tests pass a ManualClock). */
  clock?: Clock;
  /** Where the log goes instead of standard output (tests read it). */
  logStream?: NodeJS.WritableStream;
}

export interface BuiltApp {
  app: FastifyInstance;
  io: Server;
  hub: Hub;
  market: Market;
  /** The data layer (server/src/db): SQLite (DB_FILE) or PostgreSQL (DATABASE_URL). */
  store: Store;
  clock: Clock;
  ctx: AppContext;
  /** Redis, the bus, the leadership and the engine jobs (all local on a node alone). */
  cluster: ClusterParts;
  close(): Promise<void>;
}

function sendError(
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  extra: { wait?: number; field?: string } = {},
  message?: string,
) {
  const body: ErrorAnswer = { type: 'error', message: message ?? ERROR_CODES[code], code };
  if (extra.wait !== undefined) {
    body.wait = extra.wait;
    void reply.header('retry-after', String(extra.wait));
  }
  if (extra.field !== undefined) body.field = extra.field;
  return reply.status(status).send(body);
}

/** Headers of the answers given before any route (and helmet) ran: malformed URLs and heads. */
const BARE_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
} as const;

/**
 * Fastify logs two lines a request (received, then completed); at the production default level
 * (info) that doubles the log's cost. One line is written when the answer has gone, with what
 * both said.
 */
class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = {
      method: request.method,
      url: request.url,
      ip: request.ip,
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}

/** Builds the whole server (HTTP + socket.io + database) without listening. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<BuiltApp> {
  const clock = options.clock ?? systemClock;
  // Migrations and seed steps (db/migrations) run before anything else is built.
  const store = await initStore(config, clock);

  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, ...(options.logStream ? { stream: options.logStream } : {}) },
    logController: new AccessLog(),
    // Only the direct peer, and only a listed one (TRUST_PROXY): see trustFunction.
    trustProxy: trustFunction(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Route parameters (upload ids, ...) are short; a longer one is no route of ours.
    routerOptions: { maxParamLength: 200 },
    // Malformed URLs (bad or overlong percent-encoding) and overlong parameters: the usual
    // error envelope instead of Fastify's own body (the server keeps serving).
    frameworkErrors: (error, _request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      // No route ran, so neither did helmet: the answer carries the essential headers itself.
      void reply.headers(BARE_SECURITY_HEADERS);
      void sendError(reply, tooLong ? 404 : 400, tooLong ? 'not_found' : 'request.malformed');
    },
    // What Node's HTTP parser refuses (a head over Node's 16 KB maxHeaderSize, broken headers, NUL bytes, junk request lines):
    // a 400 in the error envelope, then the connection closes.
    clientErrorHandler: (error, socket) => {
      if ((error as NodeJS.ErrnoException).code === 'ECONNRESET' || socket.destroyed) return;
      const body = JSON.stringify({
        type: 'error',
        message: ERROR_CODES['request.malformed'],
        code: 'request.malformed',
      } satisfies ErrorAnswer);
      if (socket.writable) {
        socket.write(
          [
            'HTTP/1.1 400 Bad Request',
            'Content-Type: application/json; charset=utf-8',
            `Content-Length: ${Buffer.byteLength(body)}`,
            ...Object.entries(BARE_SECURITY_HEADERS).map(([name, value]) => `${name}: ${value}`),
            'Connection: close',
            '',
            body,
          ].join('\r\n'),
        );
      }
      socket.destroy(error);
    },
  });

  // Every part is recorded as it is built and stopped in reverse order (app/lifecycle.ts).
  const lifecycle = new Lifecycle(app.log);
  lifecycle.started('store', () => store.close());
  try {
    return await assemble(config, clock, store, app, lifecycle);
  } catch (error) {
    await lifecycle.stopAll();
    throw error;
  }
}

async function assemble(
  config: AppConfig,
  clock: Clock,
  store: Store,
  app: FastifyInstance,
  lifecycle: Lifecycle,
): Promise<BuiltApp> {
  const cluster = await openCluster({
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
    databaseUrl: store.dialect === 'postgres' ? config.databaseUrl : null,
    leaderRetryMs: config.leaderRetryMs,
    clock,
    log: app.log,
  });
  lifecycle.started('cluster', () => cluster.close());
  // Stopped before the cluster: requests in flight still reach Redis while they drain.
  lifecycle.started('http', () => app.close());

  // Bodies: JSON (an empty body counts as {}) and classic form posts.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const raw = typeof body === 'string' ? body : body.toString('utf8');
    if (raw.trim() === '') return done(null, {});
    try {
      done(null, parseJsonBody(raw));
    } catch {
      done(new AppError('request.invalid_body', 400), undefined);
    }
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      const raw = typeof body === 'string' ? body : body.toString('utf8');
      done(null, Object.fromEntries(new URLSearchParams(raw)));
    },
  );

  // helmet's headers, computed once (security/headers.ts).
  installSecurityHeaders(app);
  installCors(app, {
    origins: config.allowedOrigins,
    methods: ['GET', 'POST', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'lang'],
    maxAge: 600,
  });
  await app.register(rateLimit, {
    max: config.requestsPerMinute,
    timeWindow: 60_000,
    // Shared by every node when REDIS_URL is set, counted in leases (no round trip per request:
    // cluster/redis-rate.ts); a Redis outage lets requests through.
    ...(cluster.redis
      ? { store: redisLeaseStore(cluster.redis, `${config.redisPrefix}:rate:`), skipOnError: true }
      : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError('rate_limited', context.statusCode === 403 ? 403 : 429, {
        wait: Math.max(1, Math.ceil(context.ttl / 1000)),
      }),
  });

  // Multipart only for /api/upload; limits there (one file, 4 MB), never attached to the body.
  await app.register(multipart, { limits: { fileSize: 4 * 1024 * 1024, files: 1, fields: 10, parts: 12 } });

  const hub = createHub(app.server, {
    store,
    clock,
    allowedOrigins: config.allowedOrigins,
    adapter: cluster.socketAdapter,
  });
  lifecycle.started('hub', () => hub.close());
  // Back-fills history on first start, then runs the feed and the channel publisher (MARKET_FEED).
  const market = await createMarket({
    store,
    clock,
    hub,
    config: config.market,
    log: app.log,
    publicOrigin: config.publicOrigin,
  });
  lifecycle.started('market', () => market.stop());
  // The feed, publisher and pruner run on the engine node; the other nodes apply the trades it
  // relays (their prices, candles and depth stay live) and forward dev pins to it.
  cluster.jobs.add('market-feed', { start: () => market.startFeed(), stop: () => market.stopFeed() });
  if (cluster.redis) {
    cluster.jobs.add('market-ticks', tickRelay(market, cluster.bus));
    cluster.bus.subscribe('market.ticks', (trades) => market.applyRemote(trades));
    // Only the engine node writes history; the others load it once written.
    market.onFilled(() => cluster.bus.publish('market.filled', {}));
    cluster.bus.subscribe('market.filled', () => {
      market.reload().catch((error: unknown) => app.log.error({ err: error }, 'market reload failed'));
    });
    cluster.bus.subscribe('market.pin', ({ ref, price }) => {
      if (!cluster.jobs.running) return;
      market.pin(ref, price).catch((error: unknown) => app.log.error({ err: error }, 'relayed pin failed'));
    });
  }
  // A session revoked on one node is dropped from every node's session cache at once.
  const stopRevocations = onSessionsRevoked((revoked) => cluster.bus.publish('sessions.revoked', revoked));
  lifecycle.started('session revocations', () => void stopRevocations());
  cluster.bus.subscribe('sessions.revoked', forgetSessions);
  const ctx: AppContext = {
    config,
    store,
    clock,
    hub,
    prices: market,
    log: app.log,
    bus: cluster.bus,
    jobs: cluster.jobs,
    limits: {
      login: new LoginGuard(clock, config.login, cluster.limits),
      codeSendsByIp: cluster.limits.counter('code-sends-ip', 3600 * 1000),
      secretFailuresByUser: cluster.limits.counter('secret-failures-user', 15 * 60 * 1000),
    },
  };

  app.setErrorHandler((error: unknown, request, reply) => {
    if (error instanceof SessionError) return reply.status(401).send(SESSION_EXPIRED);
    if (error instanceof AppError)
      return sendError(reply, error.statusCode, error.code, error.extra, error.message);
    const status =
      typeof error === 'object' && error !== null && 'statusCode' in error ? Number(error.statusCode) : 500;
    if (status === 413) return sendError(reply, 413, 'request.too_large');
    if (status === 415) return sendError(reply, 415, 'request.unsupported_media_type');
    if (status === 429) return sendError(reply, 429, 'rate_limited');
    if (status >= 400 && status < 500) return sendError(reply, 400, 'request.invalid_body');
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 500, 'internal');
  });
  app.setNotFoundHandler((_request, reply) => sendError(reply, 404, 'not_found'));

  // A query string that cannot be decoded (bad percent-encoding, invalid or overlong UTF-8) or
  // any %00 in the URL: 400 before a route sees a half-decoded value.
  // Only a URL with a percent sign can be either: the others pass without a look.
  app.addHook('onRequest', (request, _reply, done) => {
    const url = request.raw.url ?? '';
    if (!url.includes('%')) return done();
    if (url.includes('%00')) return done(badRequest('request.malformed'));
    const query = url.indexOf('?');
    if (query < 0) return done();
    try {
      decodeURIComponent(url.slice(query + 1).replace(/\+/g, ' '));
    } catch {
      return done(badRequest('request.malformed'));
    }
    done();
  });

  // The wire contract (@app/contract): request validation, auth, answer checks, then the docs.
  installContract(app, { q: store.q, clock, mode: config.mode });
  if (config.mode !== 'production') await registerDocs(app, config.publicOrigin);

  // The engine node's work after the market feed: sweepers, then trigger engines (app/engines.ts).
  const engines = buildEngines(app, ctx);

  registerAccountRoutes(app, ctx);
  registerSupportRoutes(app, ctx);
  registerMarketRoutes(app, market);
  registerProfileRoutes(app, ctx);
  registerWalletRoutes(app, ctx);
  registerUploadRoutes(app, ctx);
  registerFiatRoutes(app, ctx);
  registerEarnRoutes(app, ctx);
  registerSpotRoutes(app, ctx, engines.spot);
  registerLeverRoutes(app, ctx, engines.lever);
  registerSecondsRoutes(app, ctx, engines.seconds);
  registerDevRoutes(app, ctx, market);

  await app.ready();

  // The engine jobs the routes added (sweepers, ...) start when this node leads: at once on SQLite.
  await cluster.leadership.start();
  await cluster.jobs.settled();
  lifecycle.started('engine jobs', async () => {
    await cluster.leadership.stop();
    await cluster.jobs.settled();
  });

  return {
    app,
    io: hub.io,
    hub,
    market,
    store,
    clock,
    ctx,
    cluster,
    close: () => lifecycle.stopAll(),
  };
}
