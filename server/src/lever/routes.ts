import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { route } from '../core/contract';
import { ok } from '../core/envelope';
import { LeverEngine } from './service';

const engines = new WeakMap<AppContext, LeverEngine>();

/** The lever engine of an app (tests, bench). */
export function leverEngineOf(ctx: AppContext): LeverEngine | undefined {
  return engines.get(ctx);
}

/** Leveraged contracts (API.md "Leveraged contracts"; requests and answers in @app/contract). */
export function registerLeverRoutes(app: FastifyInstance, ctx: AppContext): LeverEngine {
  const engine = new LeverEngine(ctx);
  engines.set(ctx, engine);
  app.addHook('onClose', async () => engine.stop());

  route(app, 'POST /api/lever/deal', ({ user, input }) =>
    ok(engine.deal(user.userId, input.currency_id, input.legal_id)),
  );

  route(app, 'POST /api/lever/submit', ({ user, input }) => ok(engine.submit(user.userId, input)));

  route(app, 'POST /api/lever/my_trade', ({ user, input }) => {
    const list = engine.list(user.userId, {
      status: input.status,
      currencyId: input.currency_id,
      page: input.page,
      limit: input.limit,
    });
    return ok({ message: list });
  });

  route(app, 'POST /api/lever/islocked', ({ user, input }) => ok(engine.isLocked(user.userId, input.id)));
  route(app, 'POST /api/lever/close', ({ user, input }) => ok(engine.close(user.userId, input.id)));
  route(app, 'POST /api/lever/cancel', ({ user, input }) => ok(engine.cancel(user.userId, input.id)));
  route(app, 'POST /api/lever/setstop', ({ user, input }) => ok(engine.setStop(user.userId, input)));

  return engine;
}
