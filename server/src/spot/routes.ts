import type { FastifyInstance } from 'fastify';
import { announce } from '../cluster/engines';
import type { AppContext } from '../context';
import { route } from '../core/contract';
import { ok } from '../core/envelope';
import type { SpotEngine, Side } from './service';

const engines = new WeakMap<AppContext, SpotEngine>();

/** The spot engine of an app (tests, bench). */
export function spotEngineOf(ctx: AppContext): SpotEngine | undefined {
  return engines.get(ctx);
}

function sideOf(type: string): Side {
  return type === 'out' || type === '1' || type === 'sell' ? 'out' : 'in';
}

/** Spot: orders, revoke, lists, deal info (API.md "Spot"; requests and answers in @app/contract). */
export function registerSpotRoutes(app: FastifyInstance, ctx: AppContext, engine: SpotEngine): void {
  engines.set(ctx, engine);
  // Limit orders are watched on the engine node only (app/engines.ts); those placed here are announced to it.
  const announced = <V extends { id: number }>(view: V) => {
    announce(ctx, 'spot', view.id);
    return ok(view);
  };

  route(app, 'POST /api/transaction/in', async ({ user, input }) =>
    announced(await engine.place(user.userId, 'in', input)),
  );
  route(app, 'POST /api/transaction/out', async ({ user, input }) =>
    announced(await engine.place(user.userId, 'out', input)),
  );

  route(app, 'POST /api/transaction/deal', async ({ user, input }) =>
    ok(await engine.deal(user.userId, input.currency_id, input.legal_id)),
  );

  const lists = [
    ['POST /api/transaction_in', 0, 'in'],
    ['POST /api/transaction_out', 0, 'out'],
    ['POST /api/transaction_complete', 1, undefined],
  ] as const;
  for (const [key, status, side] of lists) {
    route(app, key, async ({ user, input }) =>
      ok(
        await engine.list(user.userId, {
          status,
          side,
          currencyId: input.currency_id,
          page: input.page,
          limit: input.limit,
        }),
      ),
    );
  }

  route(app, 'POST /api/transaction_del', async ({ user, input }) => {
    await engine.revoke(user.userId, input.id, sideOf(input.type));
    return ok('revoked' as const);
  });
}
