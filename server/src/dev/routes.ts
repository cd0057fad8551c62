import type { FastifyInstance } from 'fastify';
import { findUserByAccount, readOutbox } from '../accounts';
import type { AppContext } from '../context';
import { expireAllTokens } from '../core/auth';
import { route } from '../core/contract';
import { ok } from '../core/envelope';
import { badRequest, notFound } from '../core/errors';
import type { Market } from '../market';
import { expireLaunch, expireLockup } from '../earn';
import { confirmOrder, expireFiatOrder } from '../otc';
import { creditDeposit } from '../wallet';

/**
 * Dev tools: registered only when APP_MODE is not production (there they are plain 404s).
 * All answer the usual envelope.
 */
export function registerDevRoutes(app: FastifyInstance, ctx: AppContext, market: Market): void {
  if (ctx.config.mode === 'production') return;
  const { store, clock } = ctx;

  const userOf = async (userString: string, countryCode?: string) => {
    const user = await findUserByAccount(store.q, userString, { countryCode });
    if (!user) throw notFound('account.not_found');
    return user;
  };

  /** Last codes sent to an email or phone, newest first. */
  route(app, 'GET /dev/outbox', async ({ input }) => ok(await readOutbox(ctx, input.to)));

  /** A deposit through the ledger (reason `deposit`). */
  route(app, 'POST /dev/credit', async ({ input }) => {
    const user = await userOf(input.user_string, input.country_code);
    const result = await creditDeposit(ctx, user.id, input.wallet, input.currency, input.amount, 'dev');
    return ok(result);
  });

  /** Makes every session of an account expire now (for end-to-end tests of the 999 flow). */
  route(app, 'POST /dev/session/expire', async ({ input }) => {
    const user = await userOf(input.user_string, input.country_code);
    const expired = await expireAllTokens(store.q, user.id, clock.now());
    ctx.hub.dropSessions(user.id);
    return ok({ expired });
  });

  /**
   * Pin an instrument's price: `{symbol: "BTC/USDT", price: "65000"}`, `price: null` releases it.
   * The price prints on the tape at once and the feed's next prints follow it until released.
   */
  route(app, 'POST /dev/market/price', async ({ input }) => {
    if (input.price !== null && !/^\d+(\.\d+)?$/.test(input.price)) {
      throw badRequest('validation.failed', { field: 'price' });
    }
    // Prices are made on the engine node: another node forwards the pin and answers at once.
    const instrument = market.instrument(input.symbol);
    if (!ctx.jobs.running && instrument) {
      ctx.bus.publish('market.pin', { ref: input.symbol, price: input.price });
      return ok({
        symbol: instrument.symbol,
        currency_id: instrument.id,
        price: input.price,
        last_price: market.lastPrice(instrument.id),
      });
    }
    return ok(await market.pin(input.symbol, input.price));
  });

  /**
   * Issue 6: moves one record's end into the past and runs the normal sweep, so tests see a lock
   * end (launch, lock-up) or a fiat timeout without waiting.
   */
  route(app, 'POST /dev/earn/expire', async ({ input }) => {
    if (input.kind === 'launch') return ok(await expireLaunch(ctx, input.id));
    if (input.kind === 'lockup') return ok(await expireLockup(ctx, input.id));
    return ok(await expireFiatOrder(ctx, input.id));
  });

  /** Issue 6: the merchant's confirmation of a fiat order, as the admin CLI `fiat confirm <id>`. */
  route(app, 'POST /dev/fiat/confirm', async ({ input }) => {
    const result = await confirmOrder(ctx, input.id);
    return ok({ id: result.id, status: result.status });
  });
}
