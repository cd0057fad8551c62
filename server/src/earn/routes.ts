import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { requireSession } from '../core/auth';
import { headerLang } from '../core/request';
import { ok } from '../core/envelope';
import { optionalId, parseInput, positiveId, text } from '../core/validation';
import { startSweeper } from '../otc/sweeper';
import {
  launchInfo,
  launchPrice,
  subscribe,
  subscriptions,
  sweepLaunch,
  unlock,
  UPLIST_PAGE,
  upstart,
} from './launch';
import { buyProduct, cancelLockup, listProducts, LOCKUP_LIST_MAX, myOrders, sweepLockup } from './lockup';

const idBody = (error: string) => z.object({ id: positiveId(error) });
const pageInput = z.object({ page: optionalId(), limit: optionalId() });
const priceInput = z.object({ c_id: positiveId('launch.pay_currency_unsupported') });
const orderBody = z.object({
  amount: text(
    z.string({ error: 'launch.amount_invalid' }).trim().min(1, { error: 'launch.amount_invalid' }).max(40),
  ),
  buymoney: text(z.string().trim().min(1).max(40)),
  c_id: positiveId('launch.pay_currency_unsupported'),
});

const WHITEPAPER = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>BEF white paper</title>
<style>body{margin:0;font-family:system-ui,sans-serif;background:#0b1f24;color:#e6f4f2;line-height:1.55}
main{max-width:40rem;margin:0 auto;padding:1.5rem}h1{font-size:1.5rem}h2{font-size:1.1rem;color:#5fd3c5}</style></head>
<body><main><h1>BEF white paper (summary)</h1>
<h2>Purpose</h2><p>BEF is the utility token of the exchange: trading-fee discounts, priority in launch sales and listing votes.</p>
<h2>Supply</h2><p>10,000,000 BEF offered in this launch at 0.05 USDT, payable in USDT, BTC or ETH at the market rate.</p>
<h2>Lock-up</h2><p>Subscribed tokens stay locked for 7 days, then can be unlocked to the coin wallet.</p>
<h2>Phases</h2><p>Warm-up, subscription, ended, results published.</p></main></body></html>`;

/** Lock-up mining (/api/zhiya/*) and launch subscriptions (spec doc 2). */
export function registerEarnRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, clock } = ctx;
  const session = (request: FastifyRequest) => requireSession(db, request, clock.now());
  const input = (request: FastifyRequest) => ({
    ...(request.query as object),
    ...(request.body !== null && typeof request.body === 'object' ? request.body : {}),
  });

  startSweeper(app, ctx, 'lockup-maturity', (now) => sweepLockup(ctx, now));
  startSweeper(app, ctx, 'launch-unlockable', (now) => sweepLaunch(ctx, now));

  // Lock-up mining
  app.get('/api/zhiya/list', async (request) => {
    session(request);
    return ok(listProducts(ctx));
  });

  app.post('/api/zhiya/buy', async (request) => {
    const { userId } = session(request);
    return ok(buyProduct(ctx, userId, parseInput(idBody('lockup.product_not_found'), input(request)).id));
  });

  app.get('/api/zhiya/myorder', async (request) => {
    const { userId } = session(request);
    const { page, limit } = parseInput(pageInput, request.query);
    return ok(myOrders(ctx, userId, page ?? 1, Math.min(limit ?? 10, LOCKUP_LIST_MAX)));
  });

  app.post('/api/zhiya/quxiao', async (request) => {
    const { userId } = session(request);
    return ok(cancelLockup(ctx, userId, parseInput(idBody('lockup.order_not_found'), input(request)).id));
  });

  // Launch subscriptions
  app.get('/api/iepn', async (request) => ok(launchInfo(ctx, headerLang(request))));

  app.get('/api/user/upstart', async (request) => {
    const { userId } = session(request);
    return ok(upstart(ctx, userId, headerLang(request)));
  });

  app.post('/api/bi/price', async (request) =>
    ok(launchPrice(ctx, parseInput(priceInput, input(request)).c_id)),
  );

  app.post('/api/user/up_order', async (request) => {
    const { userId } = session(request);
    return ok(subscribe(ctx, userId, parseInput(orderBody, request.body)));
  });

  app.post('/api/user/uplists', async (request) => {
    const { userId } = session(request);
    const { page, limit } = parseInput(pageInput, input(request));
    return ok(subscriptions(ctx, userId, page ?? 1, limit ?? UPLIST_PAGE));
  });

  app.post('/api/user/unlock', async (request) => {
    const { userId } = session(request);
    return ok(unlock(ctx, userId, parseInput(idBody('launch.order_not_found'), input(request)).id));
  });

  app.get('/api/earn/whitepaper', async (_request, reply) =>
    reply.header('content-type', 'text/html; charset=utf-8').send(WHITEPAPER),
  );
}
