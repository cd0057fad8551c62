import * as dev from '../dev';
import { open, type RouteKey, type RouteSpec } from '../route-kit';

/** Dev tools (404 in production). One part of ROUTES (../routes.ts), loaded alone by the client (../client.ts). */
export const routes = {
  'GET /dev/outbox': open('Codes sent to an address', {
    request: dev.outboxQuery,
    answer: dev.outboxAnswer,
    dev: true,
  }),
  'POST /dev/credit': open('A ledger deposit', {
    request: dev.devCreditBody,
    answer: dev.devCreditAnswer,
    dev: true,
  }),
  'POST /dev/session/expire': open('Expire every session of an account', {
    request: dev.devExpireBody,
    answer: dev.devExpireAnswer,
    dev: true,
  }),
  'POST /dev/market/price': open('Pin or release an instrument’s price', {
    request: dev.devMarketPriceBody,
    answer: dev.devPinAnswer,
    dev: true,
  }),
  'POST /dev/earn/expire': open('Move a launch, lock-up or fiat order’s end into the past', {
    request: dev.devEarnExpireBody,
    answer: dev.devEarnExpireAnswer,
    dev: true,
  }),
  'POST /dev/fiat/confirm': open('The merchant’s confirmation of a fiat order', {
    request: dev.devFiatConfirmBody,
    answer: dev.devFiatConfirmAnswer,
    dev: true,
  }),
} as const satisfies Record<RouteKey, RouteSpec>;
