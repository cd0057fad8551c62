import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { ok } from '../core/envelope';
import { optionalId, optionalText, parseInput } from '../core/validation';
import { pageInput, userOf } from '../lever/common';
import { SECONDS_OPTIONS, SecondsEngine } from './service';

const engines = new WeakMap<AppContext, SecondsEngine>();

/** The seconds engine of an app (tests, bench). */
export function secondsEngineOf(ctx: AppContext): SecondsEngine | undefined {
  return engines.get(ctx);
}

const int = (code: string) =>
  z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v.trim() === ''
          ? undefined
          : /^\d{1,9}$/.test(v.trim())
            ? Number(v.trim())
            : v
        : v,
    z.number({ error: code }).int({ error: code }).nonnegative({ error: code }).optional(),
  );

const listQuery = z.object({
  status: z.preprocess(
    (v) => (typeof v === 'string' && /^\d$/.test(v.trim()) ? Number(v.trim()) : v),
    z.union([z.literal(1), z.literal(3)], { error: 'seconds.status_invalid' }),
  ),
  ...pageInput,
  match_id: optionalId(),
  currency_id: optionalId(),
  legal_id: optionalId(),
});

const submitBody = z.object({
  match_id: int('seconds.pair_not_found'),
  symbol: optionalText(z.string().trim().max(30)),
  currency_id: int('seconds.currency_invalid'),
  type: int('seconds.type_invalid'),
  seconds: int('seconds.seconds_invalid'),
  number: optionalText(
    z.string({ error: 'seconds.number_invalid' }).trim().max(40, { error: 'seconds.number_invalid' }),
  ),
  trade_type: optionalText(z.string().trim().max(5)),
});

/** Seconds contracts (API.md "Seconds contracts"). */
export function registerSecondsRoutes(app: FastifyInstance, ctx: AppContext): SecondsEngine {
  const engine = new SecondsEngine(ctx);
  engines.set(ctx, engine);
  app.addHook('onClose', async () => engine.stop());

  app.get('/api/microtrade/payable_currencies', async (request) =>
    ok(engine.payableCurrencies(userOf(ctx, request))),
  );

  app.get('/api/microtrade/seconds', async (request) => {
    userOf(ctx, request);
    return ok(SECONDS_OPTIONS.map((o) => ({ ...o })));
  });

  app.get('/api/microtrade/lists', async (request) => {
    const userId = userOf(ctx, request);
    const input = parseInput(listQuery, request.query);
    let instrumentId: number | undefined;
    if (input.match_id !== undefined)
      instrumentId = ctx.market.instruments.find((i) => i.matchId === input.match_id)?.id ?? -1;
    else if (input.currency_id !== undefined) instrumentId = input.currency_id;
    return ok(
      engine.list(userId, { status: input.status, instrumentId, page: input.page, limit: input.limit }),
    );
  });

  app.post('/api/microtrade/submit', async (request) => {
    const userId = userOf(ctx, request);
    return ok(engine.submit(userId, parseInput(submitBody, request.body)));
  });

  return engine;
}
