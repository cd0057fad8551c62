import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { route } from '../core/contract';
import { headerLang } from '../core/request';
import { ok } from '../core/envelope';
import { launchInfo, launchPrice, subscribe, subscriptions, unlock, UPLIST_PAGE, upstart } from './launch';
import { buyProduct, cancelLockup, listProducts, LOCKUP_LIST_MAX, myOrders } from './lockup';

const WHITEPAPER = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>BEF white paper</title>
<style>body{margin:0;font-family:system-ui,sans-serif;background:#0b1f24;color:#e6f4f2;line-height:1.55}
main{max-width:40rem;margin:0 auto;padding:1.5rem}h1{font-size:1.5rem}h2{font-size:1.1rem;color:#5fd3c5}</style></head>
<body><main><h1>BEF white paper (summary)</h1>
<h2>Purpose</h2><p>BEF is the utility token of the exchange: trading-fee discounts, priority in launch sales and listing votes.</p>
<h2>Supply</h2><p>10,000,000 BEF offered in this launch at 0.05 USDT, payable in USDT, BTC or ETH at the market rate.</p>
<h2>Lock-up</h2><p>Subscribed tokens stay locked for 7 days, then can be unlocked to the coin wallet.</p>
<h2>Phases</h2><p>Warm-up, subscription, ended, results published.</p></main></body></html>`;

/** Lock-up mining (/api/zhiya/*) and launch subscriptions (spec doc 2; contract in @app/contract). */
export function registerEarnRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Lock-up mining
  route(app, 'GET /api/zhiya/list', async () => ok(await listProducts(ctx)));

  route(app, 'POST /api/zhiya/buy', async ({ user, input }) =>
    ok(await buyProduct(ctx, user.userId, input.id)),
  );

  route(app, 'GET /api/zhiya/myorder', async ({ user, input }) =>
    ok(await myOrders(ctx, user.userId, input.page ?? 1, Math.min(input.limit ?? 10, LOCKUP_LIST_MAX))),
  );

  route(app, 'POST /api/zhiya/quxiao', async ({ user, input }) =>
    ok(await cancelLockup(ctx, user.userId, input.id)),
  );

  // Launch subscriptions
  route(app, 'GET /api/iepn', async ({ request }) => ok(await launchInfo(ctx, headerLang(request))));

  route(app, 'GET /api/user/upstart', async ({ user, request }) =>
    ok(await upstart(ctx, user.userId, headerLang(request))),
  );

  route(app, 'POST /api/bi/price', async ({ input }) => ok(await launchPrice(ctx, input.c_id)));

  route(app, 'POST /api/user/up_order', async ({ user, input }) =>
    ok(await subscribe(ctx, user.userId, input)),
  );

  route(app, 'POST /api/user/uplists', async ({ user, input }) =>
    ok(await subscriptions(ctx, user.userId, input.page ?? 1, input.limit ?? UPLIST_PAGE)),
  );

  route(app, 'POST /api/user/unlock', async ({ user, input }) =>
    ok(await unlock(ctx, user.userId, input.id)),
  );

  route(app, 'GET /api/earn/whitepaper', ({ reply }) =>
    reply.header('content-type', 'text/html; charset=utf-8').send(WHITEPAPER),
  );
}
