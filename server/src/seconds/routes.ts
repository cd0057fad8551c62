import type { FastifyInstance } from 'fastify';
import { announce } from '../cluster/engines';
import type { AppContext } from '../context';
import { route } from '../core/contract';
import { ok } from '../core/envelope';
import { SECONDS_OPTIONS, type SecondsEngine } from './service';

const engines = new WeakMap<AppContext, SecondsEngine>();

/** The seconds engine of an app (tests, bench). */
export function secondsEngineOf(ctx: AppContext): SecondsEngine | undefined {
  return engines.get(ctx);
}

/** Seconds contracts (API.md "Seconds contracts"; requests and answers in @app/contract). */
export function registerSecondsRoutes(app: FastifyInstance, ctx: AppContext, engine: SecondsEngine): void {
  engines.set(ctx, engine);
  // Settlement runs on the engine node only (app/engines.ts); contracts opened here are announced to it.

  route(app, 'GET /api/microtrade/payable_currencies', async ({ user }) =>
    ok(await engine.payableCurrencies(user.userId)),
  );

  route(app, 'GET /api/microtrade/seconds', () => ok(SECONDS_OPTIONS.map((o) => ({ ...o }))));

  route(app, 'GET /api/microtrade/lists', async ({ user, input }) => {
    let instrumentId: number | undefined;
    if (input.match_id !== undefined)
      instrumentId = ctx.prices.instruments.find((i) => i.matchId === input.match_id)?.id ?? -1;
    else if (input.currency_id !== undefined) instrumentId = input.currency_id;
    return ok(
      await engine.list(user.userId, {
        status: input.status,
        instrumentId,
        page: input.page,
        limit: input.limit,
      }),
    );
  });

  route(app, 'POST /api/microtrade/submit', async ({ user, input }) => {
    const view = await engine.submit(user.userId, input);
    announce(ctx, 'seconds', view.id);
    return ok(view);
  });
}
