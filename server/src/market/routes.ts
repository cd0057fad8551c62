import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { ok } from '../core/envelope';
import { badRequest, notFound } from '../core/errors';
import { optionalId, optionalText, parseInput, text } from '../core/validation';
import { FUTURES_MARKETS, type Instrument, instrumentById, instrumentBySymbol } from './instruments';
import { coinLogoSvg } from './logos';
import { PERIODS, type Period } from './time';

/** Candles answered when `from` is absent (the newest up to `to`), and the most any answer holds. */
export const DEFAULT_CANDLES = 300;
export const MAX_CANDLES = 1500;
export const DEFAULT_TRADES = 20;
export const MAX_TRADES = 50;

/** Blank -> undefined; digits -> number. */
const digits = (v: unknown) => {
  if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return undefined;
  return typeof v === 'string' && /^\d{1,16}$/.test(v.trim()) ? Number(v.trim()) : v;
};

/** Epoch seconds (the convention); a 13-digit value is taken as milliseconds. Becomes ms. */
const epoch = z.preprocess(
  digits,
  z
    .number()
    .int()
    .nonnegative()
    .max(1e13)
    .transform((v) => (v >= 1e11 ? v : v * 1000))
    .optional(),
);

const period = text(z.string().trim().toLowerCase().pipe(z.enum(PERIODS)));
const symbol = text(z.string().trim().min(1).max(30));

const klineInput = z.object({ symbol, period, from: epoch, to: epoch });
const futuresListBody = z.object({
  marke: text(
    z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.enum(['cm', 'ne'])),
  ),
});
const minutesBody = z.object({ symbol });
const pairQuery = z.object({
  currency_id: optionalId(),
  legal_id: optionalId(),
  symbol: optionalText(z.string().trim().max(30)),
  limit: optionalId(),
});
const logoParams = z.object({ file: z.string().regex(/^[A-Za-z0-9]{1,12}\.svg$/) });

function bySymbol(value: string): Instrument {
  const instrument = instrumentBySymbol(value);
  if (!instrument) throw notFound('market.symbol_not_found');
  return instrument;
}

/** An instrument from `currency_id` (+ optional `legal_id`, which must be its quote currency) or `symbol`. */
function byPair(input: z.output<typeof pairQuery>): Instrument {
  if (input.currency_id === undefined && input.symbol === undefined) {
    throw badRequest(
      'validation.failed',
      { field: 'currency_id' },
      'Invalid request data: currency_id: required',
    );
  }
  const instrument =
    input.currency_id !== undefined
      ? instrumentById(input.currency_id)
      : instrumentBySymbol(input.symbol ?? '');
  if (!instrument || (input.legal_id !== undefined && input.legal_id !== instrument.legalId)) {
    throw notFound('market.symbol_not_found');
  }
  return instrument;
}

/** Market calls (spec §7): quotes, futures lists, charts, trades, depth; coin logos. */
export function registerMarketRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { market } = ctx;

  const klineAnswer = (input: z.output<typeof klineInput>) => {
    const instrument = bySymbol(input.symbol);
    if (input.from !== undefined && input.to !== undefined && input.from > input.to) {
      throw badRequest('validation.failed', { field: 'from' }, 'Invalid request data: from: after to');
    }
    const data = market.candles(instrument.id, input.period as Period, {
      from: input.from,
      to: input.to,
      limit: input.from === undefined ? DEFAULT_CANDLES : MAX_CANDLES,
    });
    return { code: 1, data };
  };

  /** All crypto quotes, grouped by quote currency: one entry, the USDT market. Works with or without a token. */
  app.get('/api/currency/quotation_new', async () =>
    ok([{ id: 3, name: 'USDT', legal_id: 3, legal_name: 'USDT', quotation: market.cryptoQuotes() }]),
  );

  /** marke `cm`: precious metals; `ne`: futures. */
  app.post('/api/futureslist', async (request) => {
    const { marke } = parseInput(futuresListBody, request.body);
    return ok(market.futuresQuotes(FUTURES_MARKETS[marke]));
  });

  /** Chart candles: `{code: 1, data: [{time (ms), open, high, low, close, volume}]}` (outside the envelope, per spec). */
  app.get('/api/currency/new_timeshar', async (request) =>
    klineAnswer(parseInput(klineInput, request.query)),
  );

  app.post('/api/futuresKline', async (request) => klineAnswer(parseInput(klineInput, request.body)));

  /** Today's 1-minute series (the latest Shanghai day that traded). */
  app.post('/api/futuresMinuts', async (request) => {
    const input = parseInput(minutesBody, request.body);
    const instrument = bySymbol(input.symbol);
    return ok({
      Data: market.dayMinutes(instrument.id).map((c) => ({
        Date: c.time,
        Open: c.open,
        Close: c.close,
        High: c.high,
        Low: c.low,
        Volume: c.volume,
        Amount: c.amount,
      })),
    });
  });

  app.get('/api/currency/new_tradehistory', async (request) => {
    const input = parseInput(pairQuery, request.query);
    const instrument = byPair(input);
    return ok(market.recentTrades(instrument.id, Math.min(input.limit ?? DEFAULT_TRADES, MAX_TRADES)));
  });

  /** Addition (not in the spec's table): an order book snapshot. */
  app.get('/api/currency/depth', async (request) => {
    const instrument = byPair(parseInput(pairQuery, request.query));
    return ok(market.depth(instrument.id));
  });

  app.get('/api/assets/coin/:file', async (request, reply) => {
    const { file } = parseInput(logoParams, request.params);
    const svg = coinLogoSvg(file.replace(/\.svg$/, ''));
    if (!svg) throw notFound();
    return reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(svg);
  });
}
