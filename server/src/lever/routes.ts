import type { FastifyInstance } from 'fastify';
import { announce } from '../cluster/engines';
import type { AppContext } from '../context';
import { route } from '../core/contract';
import { ok } from '../core/envelope';
import type { LeverEngine } from './service';

const engines = new WeakMap<AppContext, LeverEngine>();

/** The lever engine of an app (tests, bench). */
export function leverEngineOf(ctx: AppContext): LeverEngine | undefined {
  return engines.get(ctx);
}

/** Leveraged contracts (API.md "Leveraged contracts"; requests and answers in @app/contract). */
export function registerLeverRoutes(app: FastifyInstance, ctx: AppContext, engine: LeverEngine): void {
  engines.set(ctx, engine);
  // Triggers run on the engine node only (app/engines.ts); rows written here are announced to it.
  const announced = <V extends { id: number }>(view: V) => {
    announce(ctx, 'lever', view.id);
    return ok(view);
  };

  route(app, 'POST /api/lever/deal', async ({ user, input }) =>
    ok(await engine.deal(user.userId, input.currency_id, input.legal_id)),
  );

  route(app, 'POST /api/lever/submit', async ({ user, input }) =>
    announced(await engine.submit(user.userId, input)),
  );

  route(app, 'POST /api/lever/my_trade', async ({ user, input }) => {
    const list = await engine.list(user.userId, {
      status: input.status,
      currencyId: input.currency_id,
      page: input.page,
      limit: input.limit,
    });
    return ok({ message: list });
  });

  route(app, 'POST /api/lever/islocked', async ({ user, input }) =>
    ok(await engine.isLocked(user.userId, input.id)),
  );
  route(app, 'POST /api/lever/close', async ({ user, input }) =>
    ok(await engine.close(user.userId, input.id)),
  );
  route(app, 'POST /api/lever/cancel', async ({ user, input }) =>
    ok(await engine.cancel(user.userId, input.id)),
  );
  route(app, 'POST /api/lever/setstop', async ({ user, input }) =>
    announced(await engine.setStop(user.userId, input)),
  );
}
