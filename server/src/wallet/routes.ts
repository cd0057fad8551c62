import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { route } from '../core/contract';
import { ok } from '../core/envelope';
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

/** Wallets: list, transfer, fund log, deposits, withdrawal address book and withdrawals. */
export function registerWalletRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, 'POST /api/wallet/list', async ({ user }) => ok(await walletList(ctx, user.userId)));

  route(app, 'POST /api/wallet/transfer', async ({ user, input }) =>
    ok(await transfer(ctx, user.userId, input)),
  );

  route(app, 'POST /api/wallet/legal_log', async ({ user, input }) =>
    ok(await fundLog(ctx, user.userId, { ...input, page: input.page ?? 1 })),
  );

  route(app, 'GET /api/wallet/deposit_address', async ({ user, input }) =>
    ok(await depositAddress(ctx, user.userId, input.currency_id)),
  );

  route(app, 'GET /api/charge_mention/log', async ({ user, input }) =>
    ok({ data: await chargeMentionLog(ctx, user.userId, Math.min(input.limit ?? 1000, 1000)) }),
  );

  route(app, 'POST /api/wallet/address/add', async ({ user, input }) =>
    ok(await addAddress(ctx, user.userId, input)),
  );

  route(app, 'GET /api/wallet/address/list', async ({ user, input }) =>
    ok(await listAddresses(ctx, user.userId, input.currency_id)),
  );

  route(app, 'POST /api/wallet/address/delete', async ({ user, input }) => {
    await deleteAddress(ctx, user.userId, input.id);
    return ok('deleted' as const);
  });

  route(app, 'GET /api/wallet/withdraw_info', async ({ user, input }) =>
    ok(await withdrawInfo(ctx, user.userId, input.currency_id)),
  );

  route(app, 'POST /api/wallet/withdraw', async ({ user, input }) =>
    ok(await applyWithdrawal(ctx, user.userId, input)),
  );

  route(app, 'GET /api/wallet/withdrawals', async ({ user, input }) =>
    ok(await listWithdrawals(ctx, user.userId, Math.min(input.limit ?? 100, 1000))),
  );
}
