import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { requireSession } from '../core/auth';
import { ok } from '../core/envelope';
import { optionalId, optionalText, parseInput, positiveId, text } from '../core/validation';
import { chargeMentionLog, depositAddress } from './deposits';
import { fundLog, transfer, walletList } from './wallets';
import {
  addAddress,
  applyWithdrawal,
  deleteAddress,
  listAddresses,
  listWithdrawals,
  withdrawInfo,
} from './withdrawals';

const field = (max: number) => text(z.string().trim().min(1).max(max));
const amount = () =>
  text(
    z
      .string({ error: 'wallet.invalid_amount' })
      .trim()
      .min(1, { error: 'wallet.invalid_amount' })
      .max(40, { error: 'wallet.invalid_amount' }),
  );

const transferBody = z.object({
  currency_id: field(10),
  number: amount(),
  from_field: text(z.string({ error: 'wallet.invalid_type' }).trim().max(10)),
  to_field: text(z.string({ error: 'wallet.invalid_type' }).trim().max(10)),
});

const currencyQuery = z.object({ currency_id: field(10) });
const optionalCurrencyQuery = z.object({ currency_id: optionalText(z.string().trim().max(10)) });
const limitQuery = z.object({ limit: optionalId() });

const legalLogBody = z.object({
  page: optionalId(),
  limit: optionalId(),
  type: text(z.string({ error: 'wallet.invalid_type' }).trim().max(10)),
  currency: field(10),
});

// Address and label are not trimmed: a space anywhere is refused by the rules.
const addressBody = z.object({
  currency_id: field(10),
  address: text(
    z
      .string({ error: 'withdraw.address_invalid' })
      .min(1, { error: 'withdraw.address_invalid' })
      .max(128, { error: 'withdraw.address_invalid' }),
  ),
  label: optionalText(z.string().max(32, { error: 'withdraw.label_invalid' })),
  remark: optionalText(z.string().max(100)),
});

const idBody = z.object({ id: positiveId() });

const withdrawBody = z.object({
  currency_id: field(10),
  address_id: positiveId(),
  number: amount(),
  fund_password: text(
    z
      .string({ error: 'fund_password.rule' })
      .min(1, { error: 'fund_password.rule' })
      .max(32, { error: 'fund_password.rule' }),
  ),
});

/** Wallets: list, transfer, fund log, deposits, withdrawal address book and withdrawals. */
export function registerWalletRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, clock } = ctx;
  const user = (request: Parameters<typeof requireSession>[1]) =>
    requireSession(db, request, clock.now()).userId;

  app.post('/api/wallet/list', async (request) => ok(walletList(ctx, user(request))));

  app.post('/api/wallet/transfer', async (request) => {
    const userId = user(request);
    return ok(transfer(ctx, userId, parseInput(transferBody, request.body)));
  });

  app.post('/api/wallet/legal_log', async (request) => {
    const userId = user(request);
    const input = parseInput(legalLogBody, request.body);
    return ok(fundLog(ctx, userId, { ...input, page: input.page ?? 1 }));
  });

  app.get('/api/wallet/deposit_address', async (request) => {
    const userId = user(request);
    return ok(depositAddress(ctx, userId, parseInput(currencyQuery, request.query).currency_id));
  });

  app.get('/api/charge_mention/log', async (request) => {
    const userId = user(request);
    const { limit } = parseInput(limitQuery, request.query);
    return ok({ data: chargeMentionLog(ctx, userId, Math.min(limit ?? 1000, 1000)) });
  });

  app.post('/api/wallet/address/add', async (request) => {
    const userId = user(request);
    return ok(addAddress(ctx, userId, parseInput(addressBody, request.body)));
  });

  app.get('/api/wallet/address/list', async (request) => {
    const userId = user(request);
    return ok(listAddresses(ctx, userId, parseInput(optionalCurrencyQuery, request.query).currency_id));
  });

  app.post('/api/wallet/address/delete', async (request) => {
    const userId = user(request);
    deleteAddress(ctx, userId, parseInput(idBody, request.body).id);
    return ok('deleted');
  });

  app.get('/api/wallet/withdraw_info', async (request) => {
    const userId = user(request);
    return ok(withdrawInfo(ctx, userId, parseInput(currencyQuery, request.query).currency_id));
  });

  app.post('/api/wallet/withdraw', async (request) => {
    const userId = user(request);
    return ok(await applyWithdrawal(ctx, userId, parseInput(withdrawBody, request.body)));
  });

  app.get('/api/wallet/withdrawals', async (request) => {
    const userId = user(request);
    const { limit } = parseInput(limitQuery, request.query);
    return ok(listWithdrawals(ctx, userId, Math.min(limit ?? 100, 1000)));
  });
}
