import { z } from 'zod';
import * as lever from '../lever';
import { user, type RouteKey, type RouteSpec } from '../route-kit';

/** Leveraged contracts. One part of ROUTES (../routes.ts), loaded alone by the client (../client.ts). */
export const routes = {
  'POST /api/lever/deal': user('Contract info and balances', {
    request: lever.leverPairBody,
    answer: lever.leverDealAnswer,
  }),
  'POST /api/lever/submit': user('Open a position or place a limit order', {
    request: lever.leverSubmitBody,
    answer: lever.leverOrderView,
  }),
  'POST /api/lever/my_trade': user('The caller’s contracts by status', {
    request: lever.leverMyTradeBody,
    answer: lever.leverMyTradeAnswer,
  }),
  'POST /api/lever/islocked': user('1 when the order cannot be acted on any more', {
    request: lever.leverIdBody,
    answer: z.union([z.literal(0), z.literal(1)]),
  }),
  'POST /api/lever/close': user('Close a position', {
    request: lever.leverIdBody,
    answer: lever.leverOrderView,
  }),
  'POST /api/lever/cancel': user('Revoke a pending order', {
    request: lever.leverIdBody,
    answer: lever.leverOrderView,
  }),
  'POST /api/lever/setstop': user('Set take-profit and stop-loss', {
    request: lever.leverStopBody,
    answer: lever.leverOrderView,
  }),
} as const satisfies Record<RouteKey, RouteSpec>;
