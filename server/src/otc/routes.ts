import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import { z } from 'zod';
import type { AppContext } from '../context';
import { requireSession } from '../core/auth';
import { ok } from '../core/envelope';
import { notFound } from '../core/errors';
import { optionalId, optionalText, parseInput, positiveId, text } from '../core/validation';
import {
  buyLegal,
  cancelOrder,
  FIAT_LOG_MAX,
  legalInfo,
  markPaid,
  merchantPng,
  orderDetail,
  orderLog,
  sweepFiat,
} from './service';
import { startSweeper } from './sweeper';

const infoQuery = z.object({ currency: optionalId() });
const buyBody = z.object({
  acc: text(z.string({ error: 'fiat.amount_range' }).trim().min(1, { error: 'fiat.amount_range' }).max(30)),
  rate: text(z.string().trim().min(1).max(30)),
  pay_way: text(z.string({ error: 'fiat.pay_way_unsupported' }).trim().max(10)),
});
const idInput = z.object({ id: positiveId('fiat.order_not_found') });
const paidBody = z.object({
  id: positiveId('fiat.order_not_found'),
  pic: optionalText(z.string().trim().max(2000)),
});
const logQuery = z.object({ limit: optionalId() });
const codeParams = z.object({
  merchant: z.string().regex(/^\d{1,6}$/),
  way: z.enum(['alipay.png', 'wechat.png']),
});

/** An upload reference: its id, or a URL of ours that names it (`/api/upload/<id>?...`). */
function uploadIdOf(pic: string | undefined): string | undefined {
  if (!pic) return undefined;
  const match = /(?:^|\/api\/upload\/)(upl_[A-Za-z0-9_-]{32})(?:$|\?)/.exec(pic);
  return match?.[1] ?? pic;
}

/** Fiat purchase of USDT from matched merchants (spec doc 2 §2-§9). */
export function registerFiatRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, clock } = ctx;
  const session = (request: Parameters<typeof requireSession>[1]) => requireSession(db, request, clock.now());

  startSweeper(app, ctx, 'fiat-timeout', (now) => sweepFiat(ctx, now));

  app.get('/api/legalInfo', async (request) => {
    const { userId } = session(request);
    const { currency } = parseInput(infoQuery, request.query);
    return ok(legalInfo(ctx, userId, currency ?? 3));
  });

  app.post('/api/wallet/buy_legal', async (request) => {
    const { userId } = session(request);
    return ok(buyLegal(ctx, userId, parseInput(buyBody, request.body)));
  });

  app.get('/api/legal_buy/detail', async (request) => {
    const { userId } = session(request);
    return ok(orderDetail(ctx, userId, parseInput(idInput, request.query).id));
  });

  app.post('/api/legal_buy/cancel', async (request) => {
    const { userId } = session(request);
    return ok(cancelOrder(ctx, userId, parseInput(idInput, request.body).id));
  });

  app.post('/api/legal_buy/payed', async (request) => {
    const { userId } = session(request);
    const input = parseInput(paidBody, request.body);
    return ok(markPaid(ctx, userId, input.id, uploadIdOf(input.pic)));
  });

  app.get('/api/legal_buy/log', async (request) => {
    const { userId } = session(request);
    const { limit } = parseInput(logQuery, request.query);
    return ok(orderLog(ctx, userId, limit ?? FIAT_LOG_MAX));
  });

  // The merchants' payment-code pictures: real QR codes of the demo payment account (generated,
  // public, no user content), so a phone's scanner reads what the order page shows as text.
  app.get('/api/legal/code/:merchant/:way', async (request, reply) => {
    const params = parseInput(codeParams, request.params);
    const way = params.way === 'alipay.png' ? 'alipay' : 'wechat';
    const seed = merchantPng(ctx, Number(params.merchant), way);
    if (!seed) throw notFound();
    return reply
      .header('content-type', 'image/png')
      .header('cache-control', 'public, max-age=3600')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(await QRCode.toBuffer(seed, { type: 'png', margin: 2, scale: 6 }));
  });
}
