import * as spot from '../spot';
import { text, user, type RouteKey, type RouteSpec } from '../route-kit';

const spotList = (summary: string) =>
  user(summary, { request: spot.spotListBody, answer: spot.spotListAnswer });

/** Spot orders. One part of ROUTES (../routes.ts), loaded alone by the client (../client.ts). */
export const routes = {
  'POST /api/transaction/in': user('Spot buy', { request: spot.spotOrderBody, answer: spot.spotOrderView }),
  'POST /api/transaction/out': user('Spot sell', { request: spot.spotOrderBody, answer: spot.spotOrderView }),
  'POST /api/transaction/deal': user('Spot pair info, balances and book', {
    request: spot.spotDealBody,
    answer: spot.spotDealAnswer,
  }),
  'POST /api/transaction_in': spotList('Pending spot buys'),
  'POST /api/transaction_out': spotList('Pending spot sells'),
  'POST /api/transaction_complete': spotList('Completed spot orders'),
  'POST /api/transaction_del': user('Revoke a pending spot order', {
    request: spot.spotRevokeBody,
    answer: text('revoked'),
  }),
} as const satisfies Record<RouteKey, RouteSpec>;
