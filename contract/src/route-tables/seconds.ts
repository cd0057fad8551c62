import * as seconds from '../seconds';
import { user, type RouteKey, type RouteSpec } from '../route-kit';

/** Seconds contracts. One part of ROUTES (../routes.ts), loaded alone by the client (../client.ts). */
export const routes = {
  'GET /api/microtrade/payable_currencies': user('Stake currencies', {
    answer: seconds.payableCurrenciesAnswer,
  }),
  'GET /api/microtrade/seconds': user('Durations and profit ratios', {
    answer: seconds.secondsOptionsAnswer,
  }),
  'GET /api/microtrade/lists': user('The caller’s seconds orders', {
    request: seconds.secondsListQuery,
    answer: seconds.secondsListAnswer,
  }),
  'POST /api/microtrade/submit': user('Open a seconds contract', {
    request: seconds.secondsSubmitBody,
    answer: seconds.microOrderView,
  }),
} as const satisfies Record<RouteKey, RouteSpec>;
