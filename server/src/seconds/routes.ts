import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { route } from '../core/contract';
import { ok } from '../core/envelope';
import { SECONDS_OPTIONS, SecondsEngine } from './service';

const engines = new WeakMap<AppContext, SecondsEngine>();

/** The seconds engine of an app (tests, bench). */
export function secondsEngineOf(ctx: AppContext): SecondsEngine | undefined {
  return engines.get(ctx);
}

/** Seconds contracts (API.md "Seconds contracts"; requests and answers in @app/contract). */
export function registerSecondsRoutes(app: FastifyInstance, ctx: AppContext): SecondsEngine {
  const engine = new SecondsEngine(ctx);
  engines.set(ctx, engine);
  app.addHook('onClose', async () => engine.stop());

  route(app, 'GET /api/microtrade/payable_currencies', ({ user }) =>
    ok(engine.payableCurrencies(user.userId)),
  );

  route(app, 'GET /api/microtrade/seconds', () => ok(SECONDS_OPTIONS.map((o) => ({ ...o }))));

  route(app, 'GET /api/microtrade/lists', ({ user, input }) => {
    let instrumentId: number | undefined;
    if (input.match_id !== undefined)
      instrumentId = ctx.market.instruments.find((i) => i.matchId === input.match_id)?.id ?? -1;
    else if (input.currency_id !== undefined) instrumentId = input.currency_id;
    return ok(
      engine.list(user.userId, { status: input.status, instrumentId, page: input.page, limit: input.limit }),
    );
  });

  route(app, 'POST /api/microtrade/submit', ({ user, input }) => ok(engine.submit(user.userId, input)));

  return engine;
}
