import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import type { AppContext } from '../context';
import { route } from '../core/contract';
import { ok } from '../core/envelope';
import { notFound } from '../core/errors';
import {
  buyLegal,
  cancelOrder,
  FIAT_LOG_MAX,
  legalInfo,
  markPaid,
  merchantPng,
  orderDetail,
  orderLog,
} from './service';

/** An upload reference: its id, or a URL of ours that names it (`/api/upload/<id>?...`). */
function uploadIdOf(pic: string | undefined): string | undefined {
  if (!pic) return undefined;
  const match = /(?:^|\/api\/upload\/)(upl_[A-Za-z0-9_-]{32})(?:$|\?)/.exec(pic);
  return match?.[1] ?? pic;
}

/** Fiat purchase of USDT from matched merchants (spec doc 2 §2-§9). */
export function registerFiatRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, 'GET /api/legalInfo', async ({ user, input }) =>
    ok(await legalInfo(ctx, user.userId, input.currency ?? 3)),
  );

  route(app, 'POST /api/wallet/buy_legal', async ({ user, input }) =>
    ok(await buyLegal(ctx, user.userId, input)),
  );

  route(app, 'GET /api/legal_buy/detail', async ({ user, input }) =>
    ok(await orderDetail(ctx, user.userId, input.id)),
  );

  route(app, 'POST /api/legal_buy/cancel', async ({ user, input }) =>
    ok(await cancelOrder(ctx, user.userId, input.id)),
  );

  route(app, 'POST /api/legal_buy/payed', async ({ user, input }) =>
    ok(await markPaid(ctx, user.userId, input.id, uploadIdOf(input.pic))),
  );

  route(app, 'GET /api/legal_buy/log', async ({ user, input }) =>
    ok(await orderLog(ctx, user.userId, input.limit ?? FIAT_LOG_MAX)),
  );

  // The merchants' payment-code pictures: real QR codes of the demo payment account (generated,
  // public, no user content), so a phone's scanner reads what the order page shows as text.
  route(app, 'GET /api/legal/code/:merchant/:way', async ({ params, reply }) => {
    const way = params.way === 'alipay.png' ? 'alipay' : 'wechat';
    const seed = await merchantPng(ctx, Number(params.merchant), way);
    if (!seed) throw notFound();
    return reply
      .header('content-type', 'image/png')
      .header('cache-control', 'public, max-age=3600')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(await QRCode.toBuffer(seed, { type: 'png', margin: 2, scale: 6 }));
  });
}
