import type { market as contract } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../core/contract';
import { ok } from '../core/envelope';
import { badRequest, notFound } from '../core/errors';
import { FUTURES_MARKETS, type Instrument, instrumentById, instrumentBySymbol } from './instruments';
import type { Market } from './engine';
import { coinLogoSvg } from './logos';
import type { Period } from './time';

/** Candles answered when `from` is absent (the newest up to `to`), and the most any answer holds. */
export const DEFAULT_CANDLES = 300;
export const MAX_CANDLES = 1500;
export const DEFAULT_TRADES = 20;
export const MAX_TRADES = 50;

function bySymbol(value: string): Instrument {
  const instrument = instrumentBySymbol(value);
  if (!instrument) throw notFound('market.symbol_not_found');
  return instrument;
}

/** An instrument from `currency_id` (+ optional `legal_id`, which must be its quote currency) or `symbol`. */
function byPair(input: contract.PairQuery): Instrument {
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
export function registerMarketRoutes(app: FastifyInstance, market: Market): void {
  const klineAnswer = async (input: contract.KlineInput) => {
    const instrument = bySymbol(input.symbol);
    if (input.from !== undefined && input.to !== undefined && input.from > input.to) {
      throw badRequest('validation.failed', { field: 'from' }, 'Invalid request data: from: after to');
    }
    const data = await market.candles(instrument.id, input.period as Period, {
      from: input.from,
      to: input.to,
      limit: input.from === undefined ? DEFAULT_CANDLES : MAX_CANDLES,
    });
    return { code: 1 as const, data };
  };

  /** All crypto quotes, grouped by quote currency: one entry, the USDT market. Works with or without a token. */
  route(app, 'GET /api/currency/quotation_new', () =>
    ok([{ id: 3, name: 'USDT', legal_id: 3, legal_name: 'USDT', quotation: market.cryptoQuotes() }]),
  );

  /** marke `cm`: precious metals; `ne`: futures. */
  route(app, 'POST /api/futureslist', ({ input }) => ok(market.futuresQuotes(FUTURES_MARKETS[input.marke])));

  /** Chart candles: `{code: 1, data: [{time (ms), open, high, low, close, volume}]}` (outside the envelope, per spec). */
  route(app, 'GET /api/currency/new_timeshar', ({ input }) => klineAnswer(input));
  route(app, 'POST /api/futuresKline', ({ input }) => klineAnswer(input));

  /** Today's 1-minute series (the latest Shanghai day that traded). */
  route(app, 'POST /api/futuresMinuts', async ({ input }) => {
    const instrument = bySymbol(input.symbol);
    return ok({
      Data: (await market.dayMinutes(instrument.id)).map((c) => ({
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

  route(app, 'GET /api/currency/new_tradehistory', ({ input }) => {
    const instrument = byPair(input);
    return ok(market.recentTrades(instrument.id, Math.min(input.limit ?? DEFAULT_TRADES, MAX_TRADES)));
  });

  /** Addition (not in the spec's table): an order book snapshot. */
  route(app, 'GET /api/currency/depth', ({ input }) => {
    const instrument = byPair(input);
    return ok(market.depth(instrument.id));
  });

  route(app, 'GET /api/assets/coin/:file', ({ params, reply }) => {
    const svg = coinLogoSvg(params.file.replace(/\.svg$/, ''));
    if (!svg) throw notFound();
    return reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(svg);
  });
}
