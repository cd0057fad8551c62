import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { requireSession } from '../core/auth';
import { ok } from '../core/envelope';
import { optionalText, parseInput, text } from '../core/validation';
import { invitedUsers, PAYOUT_FIELDS, payoutProfile, savePayoutProfile, submitRealName } from './profile';
import { changeLoginPassword, setFundPassword } from './security';

const fundPasswordBody = z.object({
  password: text(z.string({ error: 'fund_password.rule' }).max(32, { error: 'fund_password.rule' })),
  old_password: optionalText(z.string().max(32)),
});

const passwordBody = z.object({
  old_password: text(
    z.string({ error: 'password.required' }).min(1, { error: 'password.required' }).max(128),
  ),
  password: text(z.string({ error: 'password.rule' }).max(128, { error: 'password.rule' })),
  re_password: optionalText(z.string().max(128)),
});

const short = (max: number) => optionalText(z.string().trim().max(max));

const realNameBody = z.object({
  name: short(64),
  card_id: short(40),
  card_type: short(8),
  countryname: short(64),
  adress: short(200),
  front_pic: short(64),
  reverse_pic: short(64),
  hand_pic: short(64),
});

const cashBody = z.object(
  Object.fromEntries(PAYOUT_FIELDS.map((f) => [f, short(128)])) as Record<
    (typeof PAYOUT_FIELDS)[number],
    ReturnType<typeof short>
  >,
);

/** Account profile: fund password, password change, real name, payout profile, invitations. */
export function registerProfileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, clock } = ctx;

  app.post('/api/user/fund_password', async (request) => {
    const { userId } = requireSession(db, request, clock.now());
    const result = await setFundPassword(ctx, userId, parseInput(fundPasswordBody, request.body));
    return ok(result === 'set' ? 'fund password set' : 'fund password changed');
  });

  app.post('/api/user/password', async (request) => {
    const session = requireSession(db, request, clock.now());
    const input = parseInput(passwordBody, request.body);
    await changeLoginPassword(ctx, session.userId, session.tokenHash, {
      ...input,
      re_password: input.re_password ?? '',
    });
    return ok('password changed');
  });

  app.post('/api/user/real_name', async (request) => {
    const { userId } = requireSession(db, request, clock.now());
    submitRealName(ctx, userId, parseInput(realNameBody, request.body));
    return ok('submitted');
  });

  app.post('/api/user/cash_info', async (request) => {
    const { userId } = requireSession(db, request, clock.now());
    return ok(payoutProfile(ctx, userId));
  });

  app.post('/api/user/cash_save', async (request) => {
    const { userId } = requireSession(db, request, clock.now());
    return ok(savePayoutProfile(ctx, userId, parseInput(cashBody, request.body)));
  });

  app.get('/api/user/extension', async (request) => {
    const { userId } = requireSession(db, request, clock.now());
    return ok(invitedUsers(ctx, userId));
  });
}
