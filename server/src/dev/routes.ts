import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { findUserByAccount } from '../accounts/users';
import { readOutbox } from '../accounts/codes';
import type { AppContext } from '../context';
import { expireAllTokens } from '../core/auth';
import { ok } from '../core/envelope';
import { badRequest, notFound } from '../core/errors';
import { optionalText, parseInput, positiveId, text } from '../core/validation';
import { creditDeposit } from '../wallet/service';
import { expireLaunch } from '../earn/launch';
import { expireLockup } from '../earn/lockup';
import { confirmOrder, expireFiatOrder } from '../otc/service';

const outboxQuery = z.object({ to: text(z.string().trim().min(1).max(254)) });

const creditBody = z.object({
  user_string: text(z.string().trim().min(1, { error: 'account.required' }).max(254)),
  country_code: optionalText(z.string().max(5)),
  wallet: text(z.string().trim().max(10)),
  currency: text(z.string().trim().min(1).max(10)),
  amount: text(z.string().trim().max(40)),
});

const expireBody = z.object({
  user_string: text(z.string().trim().min(1, { error: 'account.required' }).max(254)),
  country_code: optionalText(z.string().max(5)),
});

const earnExpireBody = z.object({
  kind: z.enum(['launch', 'lockup', 'fiat']),
  id: positiveId(),
});

const fiatConfirmBody = z.object({ id: positiveId() });

const marketPriceBody = z.object({
  symbol: text(z.string().trim().min(1).max(30)),
  price: z.union([text(z.string().trim().max(40)), z.null()]),
});

/**
 * Dev tools: registered only when APP_MODE is not production (there they are plain 404s).
 * All answer the usual envelope.
 */
export function registerDevRoutes(app: FastifyInstance, ctx: AppContext): void {
  if (ctx.config.mode === 'production') return;
  const { db, clock } = ctx;

  const userOf = (userString: string, countryCode?: string) => {
    const user = findUserByAccount(db, userString, { countryCode });
    if (!user) throw notFound('account.not_found');
    return user;
  };

  /** Last codes sent to an email or phone, newest first. */
  app.get('/dev/outbox', async (request) => {
    const { to } = parseInput(outboxQuery, request.query);
    return ok(readOutbox(ctx, to));
  });

  /** A deposit through the ledger (reason `deposit`). */
  app.post('/dev/credit', async (request) => {
    const input = parseInput(creditBody, request.body);
    const user = userOf(input.user_string, input.country_code);
    const result = creditDeposit(ctx, user.id, input.wallet, input.currency, input.amount, 'dev');
    return ok(result);
  });

  /** Makes every session of an account expire now (for end-to-end tests of the 999 flow). */
  app.post('/dev/session/expire', async (request) => {
    const input = parseInput(expireBody, request.body);
    const user = userOf(input.user_string, input.country_code);
    const expired = expireAllTokens(db, user.id, clock.now());
    ctx.hub.dropSessions(user.id);
    return ok({ expired });
  });

  /**
   * Pin an instrument's price: `{symbol: "BTC/USDT", price: "65000"}`, `price: null` releases it.
   * The price prints on the tape at once and the feed's next prints follow it until released.
   */
  app.post('/dev/market/price', async (request) => {
    const input = parseInput(marketPriceBody, request.body);
    if (input.price !== null && !/^\d+(\.\d+)?$/.test(input.price)) {
      throw badRequest('validation.failed', { field: 'price' });
    }
    return ok(ctx.market.pin(input.symbol, input.price));
  });

  /**
   * Issue 6: moves one record's end into the past and runs the normal sweep, so tests see a lock
   * end (launch, lock-up) or a fiat timeout without waiting.
   */
  app.post('/dev/earn/expire', async (request) => {
    const input = parseInput(earnExpireBody, request.body);
    if (input.kind === 'launch') return ok(expireLaunch(ctx, input.id));
    if (input.kind === 'lockup') return ok(expireLockup(ctx, input.id));
    return ok(expireFiatOrder(ctx, input.id));
  });

  /** Issue 6: the merchant's confirmation of a fiat order, as the admin CLI `fiat confirm <id>`. */
  app.post('/dev/fiat/confirm', async (request) => {
    const { id } = parseInput(fiatConfirmBody, request.body);
    const result = confirmOrder(ctx, id);
    return ok({ id: result.id, status: result.status });
  });
}
