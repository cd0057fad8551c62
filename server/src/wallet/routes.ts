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
  route(app, 'POST /api/wallet/list', ({ user }) => ok(walletList(ctx, user.userId)));

  route(app, 'POST /api/wallet/transfer', ({ user, input }) => ok(transfer(ctx, user.userId, input)));

  route(app, 'POST /api/wallet/legal_log', ({ user, input }) =>
    ok(fundLog(ctx, user.userId, { ...input, page: input.page ?? 1 })),
  );

  route(app, 'GET /api/wallet/deposit_address', ({ user, input }) =>
    ok(depositAddress(ctx, user.userId, input.currency_id)),
  );

  route(app, 'GET /api/charge_mention/log', ({ user, input }) =>
    ok({ data: chargeMentionLog(ctx, user.userId, Math.min(input.limit ?? 1000, 1000)) }),
  );

  route(app, 'POST /api/wallet/address/add', ({ user, input }) => ok(addAddress(ctx, user.userId, input)));

  route(app, 'GET /api/wallet/address/list', ({ user, input }) =>
    ok(listAddresses(ctx, user.userId, input.currency_id)),
  );

  route(app, 'POST /api/wallet/address/delete', ({ user, input }) => {
    deleteAddress(ctx, user.userId, input.id);
    return ok('deleted' as const);
  });

  route(app, 'GET /api/wallet/withdraw_info', ({ user, input }) =>
    ok(withdrawInfo(ctx, user.userId, input.currency_id)),
  );

  route(app, 'POST /api/wallet/withdraw', async ({ user, input }) =>
    ok(await applyWithdrawal(ctx, user.userId, input)),
  );

  route(app, 'GET /api/wallet/withdrawals', ({ user, input }) =>
    ok(listWithdrawals(ctx, user.userId, Math.min(input.limit ?? 100, 1000))),
  );
}
