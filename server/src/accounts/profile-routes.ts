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

  route(app, 'POST /api/user/real_name', ({ user: { userId }, input }) => {
    submitRealName(ctx, userId, input);
    return ok('submitted' as const);
  });

  route(app, 'POST /api/user/cash_info', ({ user: { userId } }) => {
    return ok(payoutProfile(ctx, userId));
  });

  route(app, 'POST /api/user/cash_save', ({ user: { userId }, input }) => {
    return ok(savePayoutProfile(ctx, userId, input));
  });

  route(app, 'GET /api/user/extension', ({ user: { userId } }) => {
    return ok(invitedUsers(ctx, userId));
  });
}
