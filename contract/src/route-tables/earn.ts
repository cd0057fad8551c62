import { z } from 'zod';
import * as earn from '../earn';
import { open, user, type RouteKey, type RouteSpec } from '../route-kit';

/** Lock-up mining and launch subscriptions. One part of ROUTES (../routes.ts), loaded alone by the client (../client.ts). */
export const routes = {
  // lock-up mining
  'GET /api/zhiya/list': user('Lock-up products', { answer: earn.lockupProductsAnswer }),
  'POST /api/zhiya/buy': user('Buy a lock-up product', {
    request: earn.lockupBuyBody,
    alsoQuery: true,
    answer: earn.lockupBuyAnswer,
  }),
  'GET /api/zhiya/myorder': user('The caller’s lock-up orders', {
    request: earn.earnPageInput,
    answer: z.array(earn.lockupOrderView),
  }),
  'POST /api/zhiya/quxiao': user('Cancel a lock-up order', {
    request: earn.lockupCancelBody,
    alsoQuery: true,
    answer: earn.lockupCancelAnswer,
  }),

  // launch subscriptions
  'GET /api/iepn': open('The launch project', { answer: earn.launchInfoAnswer }),
  'GET /api/user/upstart': user('The launch project with the caller’s balances', {
    answer: earn.upstartAnswer,
  }),
  'POST /api/bi/price': open('The token’s price in a pay currency', {
    request: earn.launchPriceInput,
    alsoQuery: true,
    answer: earn.launchPriceAnswer,
  }),
  'POST /api/user/up_order': user('Subscribe', {
    request: earn.launchOrderBody,
    answer: earn.launchOrderAnswer,
  }),
  'POST /api/user/uplists': user('The caller’s subscriptions', {
    request: earn.earnPageInput,
    alsoQuery: true,
    answer: z.array(earn.subscriptionView),
  }),
  'POST /api/user/unlock': user('Unlock a subscription', {
    request: earn.launchUnlockBody,
    alsoQuery: true,
    answer: earn.launchUnlockAnswer,
  }),
  'GET /api/earn/whitepaper': open('The token’s white paper', {
    answer: null,
    produces: 'text/html',
    addition: true,
  }),
} as const satisfies Record<RouteKey, RouteSpec>;
