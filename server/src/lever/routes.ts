import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { ok } from '../core/envelope';
import { optionalId, optionalText, parseInput, positiveId } from '../core/validation';
import { pageInput, userOf } from './common';
import { LeverEngine, type LeverStatus } from './service';

const engines = new WeakMap<AppContext, LeverEngine>();

/** The lever engine of an app (tests, bench). */
export function leverEngineOf(ctx: AppContext): LeverEngine | undefined {
  return engines.get(ctx);
}

/** An optional small integer (number or digits); anything else is `code`. */
const smallInt = (code: string) =>
  z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v.trim() === ''
          ? undefined
          : /^\d{1,6}$/.test(v.trim())
            ? Number(v.trim())
            : v
        : v,
    z.number({ error: code }).int({ error: code }).nonnegative({ error: code }).optional(),
  );

const pairBody = z.object({ currency_id: positiveId('lever.pair_not_found'), legal_id: optionalId() });

const submitBody = z.object({
  legal_id: optionalId(),
  currency_id: positiveId('lever.pair_not_found'),
  multiple: smallInt('lever.multiple_invalid'),
  share: optionalText(
    z.string({ error: 'lever.share_invalid' }).trim().max(20, { error: 'lever.share_invalid' }),
  ),
  type: smallInt('lever.type_invalid'),
  status: smallInt('lever.status_invalid'),
  target_price: optionalText(
    z.string({ error: 'lever.price_invalid' }).trim().max(40, { error: 'lever.price_invalid' }),
  ),
  trade_type: optionalText(z.string().trim().max(5)),
});

const myTradeBody = z.object({
  status: z.preprocess(
    (v) => (typeof v === 'string' && /^\d$/.test(v.trim()) ? Number(v.trim()) : v),
    z.union([z.literal(0), z.literal(1), z.literal(3), z.literal(4)], { error: 'lever.status_invalid' }),
  ),
  legal_id: optionalId(),
  currency_id: optionalId(),
  ...pageInput,
});

const idBody = z.object({ id: positiveId('lever.order_not_found') });

const stopBody = z.object({
  id: positiveId('lever.order_not_found'),
  target_profit_price: optionalText(
    z.string({ error: 'lever.stop_invalid' }).trim().max(40, { error: 'lever.stop_invalid' }),
  ),
  stop_loss_price: optionalText(
    z.string({ error: 'lever.stop_invalid' }).trim().max(40, { error: 'lever.stop_invalid' }),
  ),
});

/** Leveraged contracts (API.md "Leveraged contracts"). */
export function registerLeverRoutes(app: FastifyInstance, ctx: AppContext): LeverEngine {
  const engine = new LeverEngine(ctx);
  engines.set(ctx, engine);
  app.addHook('onClose', async () => engine.stop());

  app.post('/api/lever/deal', async (request) => {
    const userId = userOf(ctx, request);
    const input = parseInput(pairBody, request.body);
    return ok(engine.deal(userId, input.currency_id, input.legal_id));
  });

  app.post('/api/lever/submit', async (request) => {
    const userId = userOf(ctx, request);
    const input = parseInput(submitBody, request.body);
    return ok(engine.submit(userId, input));
  });

  app.post('/api/lever/my_trade', async (request) => {
    const userId = userOf(ctx, request);
    const input = parseInput(myTradeBody, request.body);
    const list = engine.list(userId, {
      status: input.status as LeverStatus,
      currencyId: input.currency_id,
      page: input.page,
      limit: input.limit,
    });
    return ok({ message: list });
  });

  app.post('/api/lever/islocked', async (request) => {
    const userId = userOf(ctx, request);
    return ok(engine.isLocked(userId, parseInput(idBody, request.body).id));
  });

  app.post('/api/lever/close', async (request) => {
    const userId = userOf(ctx, request);
    return ok(engine.close(userId, parseInput(idBody, request.body).id));
  });

  app.post('/api/lever/cancel', async (request) => {
    const userId = userOf(ctx, request);
    return ok(engine.cancel(userId, parseInput(idBody, request.body).id));
  });

  app.post('/api/lever/setstop', async (request) => {
    const userId = userOf(ctx, request);
    return ok(engine.setStop(userId, parseInput(stopBody, request.body)));
  });

  return engine;
}
