import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { route } from '../core/contract';
import { ok } from '../core/envelope';
import { invitedUsers, payoutProfile, savePayoutProfile, submitRealName } from './profile';
import { changeLoginPassword, setFundPassword } from './security';

/** Account profile: fund password, password change, real name, payout profile, invitations. */
export function registerProfileRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, 'POST /api/user/fund_password', async ({ user: { userId }, input }) => {
    const result = await setFundPassword(ctx, userId, input);
    return ok(result === 'set' ? ('fund password set' as const) : ('fund password changed' as const));
  });

  route(app, 'POST /api/user/password', async ({ user: session, input }) => {
    await changeLoginPassword(ctx, session.userId, session.tokenHash, {
      ...input,
      re_password: input.re_password ?? '',
    });
    return ok('password changed' as const);
  });

  route(app, 'POST /api/user/real_name', async ({ user: { userId }, input }) => {
    await submitRealName(ctx, userId, input);
    return ok('submitted' as const);
  });

  route(app, 'POST /api/user/cash_info', async ({ user: { userId } }) => {
    return ok(await payoutProfile(ctx, userId));
  });

  route(app, 'POST /api/user/cash_save', async ({ user: { userId }, input }) => {
    return ok(await savePayoutProfile(ctx, userId, input));
  });

  route(app, 'GET /api/user/extension', async ({ user: { userId } }) => {
    return ok(await invitedUsers(ctx, userId));
  });
}
