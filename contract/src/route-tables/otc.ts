import { z } from 'zod';
import * as otc from '../otc';
import { open, user, type RouteKey, type RouteSpec } from '../route-kit';

/** Fiat purchases. One part of ROUTES (../routes.ts), loaded alone by the client (../client.ts). */
export const routes = {
  'GET /api/legalInfo': user('Fiat purchase terms', {
    request: otc.legalInfoQuery,
    answer: otc.legalInfoAnswer,
  }),
  'POST /api/wallet/buy_legal': user('Buy USDT with fiat; answers the order id', {
    request: otc.buyLegalBody,
    answer: otc.buyLegalAnswer,
  }),
  'GET /api/legal_buy/detail': user('A fiat order', {
    request: otc.fiatIdInput,
    answer: otc.fiatOrderDetail,
  }),
  'POST /api/legal_buy/cancel': user('Cancel a fiat order', {
    request: otc.fiatIdInput,
    answer: otc.fiatCancelAnswer,
  }),
  'POST /api/legal_buy/payed': user('Mark a fiat order paid', {
    request: otc.fiatPaidBody,
    answer: otc.fiatPaidAnswer,
  }),
  'GET /api/legal_buy/log': user('The caller’s fiat orders', {
    request: otc.fiatLogQuery,
    answer: z.array(otc.fiatOrderSummary),
  }),
  'GET /api/legal/code/:merchant/:way': open('A merchant’s payment QR code', {
    params: otc.merchantCodeParams,
    answer: null,
    produces: 'image/png',
    addition: true,
  }),
} as const satisfies Record<RouteKey, RouteSpec>;
