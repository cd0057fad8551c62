import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { ok } from '../core/envelope';
import { optionalId, optionalText, parseInput, positiveId, text } from '../core/validation';
import { pageInput, userOf } from '../lever/common';
import { SpotEngine, type Side } from './service';

const engines = new WeakMap<AppContext, SpotEngine>();

/** The spot engine of an app (tests, bench). */
export function spotEngineOf(ctx: AppContext): SpotEngine | undefined {
  return engines.get(ctx);
}

const smallInt = (code: string) =>
  z.preprocess(
    (v) =>
      typeof v === 'string' && /^\d{1,3}$/.test(v.trim()) ? Number(v.trim()) : v === '' ? undefined : v,
    z.number({ error: code }).int({ error: code }).optional(),
  );

const orderBody = z.object({
  legal_id: optionalId(),
  currency_id: positiveId('spot.pair_not_found'),
  price: optionalText(z.string().trim().max(40)),
  num: optionalText(z.string({ error: 'spot.number_invalid' }).trim().max(40)),
  mode: smallInt('spot.mode_invalid'),
  trade_type: smallInt('spot.pair_not_found'),
});

const dealBody = z.object({ legal_id: optionalId(), currency_id: positiveId('spot.pair_not_found') });
const listBody = z.object({ ...pageInput, currency_id: optionalId() });
const delBody = z.object({
  id: positiveId('spot.order_not_found'),
  type: text(
    z
      .string({ error: 'validation.failed' })
      .trim()
      .toLowerCase()
      .pipe(z.enum(['in', 'out', '1', '2', 'buy', 'sell'])),
  ),
});

function sideOf(type: string): Side {
  return type === 'out' || type === '1' || type === 'sell' ? 'out' : 'in';
}

/** Spot: orders, revoke, lists, deal info (API.md "Spot"). */
export function registerSpotRoutes(app: FastifyInstance, ctx: AppContext): SpotEngine {
  const engine = new SpotEngine(ctx);
  engines.set(ctx, engine);
  app.addHook('onClose', async () => engine.stop());

  for (const side of ['in', 'out'] as const) {
    app.post(`/api/transaction/${side}`, async (request) => {
      const userId = userOf(ctx, request);
      return ok(engine.place(userId, side, parseInput(orderBody, request.body)));
    });
  }

  app.post('/api/transaction/deal', async (request) => {
    const userId = userOf(ctx, request);
    const input = parseInput(dealBody, request.body);
    return ok(engine.deal(userId, input.currency_id, input.legal_id));
  });

  const lists = [
    ['/api/transaction_in', 0, 'in'],
    ['/api/transaction_out', 0, 'out'],
    ['/api/transaction_complete', 1, undefined],
  ] as const;
  for (const [path, status, side] of lists) {
    app.post(path, async (request) => {
      const userId = userOf(ctx, request);
      const input = parseInput(listBody, request.body);
      return ok(
        engine.list(userId, {
          status,
          side,
          currencyId: input.currency_id,
          page: input.page,
          limit: input.limit,
        }),
      );
    });
  }

  app.post('/api/transaction_del', async (request) => {
    const userId = userOf(ctx, request);
    const input = parseInput(delBody, request.body);
    engine.revoke(userId, input.id, sideOf(input.type));
    return ok('revoked');
  });

  return engine;
}
