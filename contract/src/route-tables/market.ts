import { z } from 'zod';
import * as market from '../market';
import { open, type RouteKey, type RouteSpec } from '../route-kit';

/** Quotes, candles, trades and the order book. One part of ROUTES (../routes.ts), loaded alone by the client (../client.ts). */
export const routes = {
  'GET /api/currency/quotation_new': open('Crypto quotes (the USDT market)', {
    answer: market.quotationAnswer,
  }),
  'POST /api/futureslist': open('Metals (cm) or futures (ne) quotes', {
    request: market.futuresListBody,
    answer: z.array(market.futuresQuote),
  }),
  'GET /api/currency/new_timeshar': open('Chart candles (outside the envelope)', {
    request: market.klineInput,
    answer: market.klineAnswer,
    envelope: false,
  }),
  'POST /api/futuresKline': open('Chart candles of any instrument (outside the envelope)', {
    request: market.klineInput,
    answer: market.klineAnswer,
    envelope: false,
  }),
  'POST /api/futuresMinuts': open('Today’s 1-minute series', {
    request: market.minutesBody,
    answer: market.minutesAnswer,
  }),
  'GET /api/currency/new_tradehistory': open('Recent tape trades, newest first', {
    request: market.pairQuery,
    answer: z.array(market.tradeView),
  }),
  'GET /api/currency/depth': open('Order book snapshot', {
    request: market.pairQuery,
    answer: market.depthView,
    addition: true,
  }),
  'GET /api/assets/coin/:file': open('A coin logo', {
    params: market.logoParams,
    answer: null,
    produces: 'image/svg+xml',
    addition: true,
  }),
} as const satisfies Record<RouteKey, RouteSpec>;
