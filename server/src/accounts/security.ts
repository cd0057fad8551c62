import type { AppContext } from '../context';
import { badRequest, notFound, tooManyRequests } from '../core/errors';
import { hashPassword, verifyPassword } from './passwords';
import { checkNewPassword } from './service';

/** Wrong fund or current passwords allowed per user per window (login window, 15 min). */
export const MAX_SECRET_FAILURES = 5;

export const FUND_PASSWORD_RULE = /^\d{6}$/;

async function secretRow(ctx: AppContext, userId: number) {
  const row = await ctx.store.q
    .selectFrom('users')
    .select(['password_hash', 'fund_password_hash'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound('account.not_found');
  return row;
}

/** Per-user queues: secret checks of one user run one at a time (owner = the limiter). */
const queues = new WeakMap<object, Map<string, Promise<unknown>>>();

function runExclusive<T>(owner: object, key: string, task: () => Promise<T>): Promise<T> {
  let map = queues.get(owner);
  if (!map) {
    map = new Map();
    queues.set(owner, map);
  }
  const queue = map;
  const previous = queue.get(key) ?? Promise.resolve();
  const next = previous.then(task, task);
  const tail = next.catch(() => undefined);
  queue.set(key, tail);
  void tail.then(() => {
    if (queue.get(key) === tail) queue.delete(key);
  });
  return next;
}

/**
 * Checks a secret of the user. Checks of one user are serialized, so parallel guesses cannot slip
 * past the failure limit while legitimate parallel requests simply wait their turn. A wrong secret
 * counts one failure; at MAX_SECRET_FAILURES in the window the answer is 429 with `wait`.
 */
async function checkSecret(
  ctx: AppContext,
  userId: number,
  candidate: string,
  stored: string,
  wrongCode: 'fund_password.wrong' | 'password.wrong_old',
  field: string,
): Promise<void> {
  const key = `user:${userId}`;
  const limiter = ctx.limits.secretFailuresByUser;
  await runExclusive(limiter, key, async () => {
    // Counted before the check (atomically, on every node); taken back when refused or right.
    const attempt = await limiter.add(key);
    const wait = attempt.wait(MAX_SECRET_FAILURES);
    if (wait > 0) {
      await attempt.undo();
      throw tooManyRequests('fund_password.rate_limited', wait);
    }
    if (await verifyPassword(candidate, stored)) await attempt.undo();
    else throw badRequest(wrongCode, { field });
  });
}

export async function hasFundPassword(ctx: AppContext, userId: number): Promise<boolean> {
  return (await secretRow(ctx, userId)).fund_password_hash !== null;
}

/** Verifies the fund password (withdrawals). `fund_password.not_set` when none was set. */
export async function verifyFundPassword(ctx: AppContext, userId: number, password: string): Promise<void> {
  const stored = (await secretRow(ctx, userId)).fund_password_hash;
  if (stored === null) throw badRequest('fund_password.not_set', { field: 'fund_password' });
  await checkSecret(ctx, userId, password, stored, 'fund_password.wrong', 'fund_password');
}

/** Sets the fund password (first time) or changes it (the old one is then required). */
export async function setFundPassword(
  ctx: AppContext,
  userId: number,
  input: { password: string; old_password?: string | undefined },
): Promise<'set' | 'changed'> {
  if (!FUND_PASSWORD_RULE.test(input.password)) throw badRequest('fund_password.rule', { field: 'password' });
  const stored = (await secretRow(ctx, userId)).fund_password_hash;
  if (stored !== null) {
    if (!input.old_password) throw badRequest('fund_password.old_required', { field: 'old_password' });
    await checkSecret(ctx, userId, input.old_password, stored, 'fund_password.wrong', 'old_password');
  }
  const hash = await hashPassword(input.password, ctx.config.scrypt);
  // Conditional write: only if it is still the one checked.
  const result = await ctx.store.q
    .updateTable('users')
    .set({ fund_password_hash: hash, updated_at: ctx.clock.now() })
    .where('id', '=', userId)
    .where('fund_password_hash', stored === null ? 'is' : '=', stored)
    .executeTakeFirst();
  // Someone else changed it during the check: make the caller try again with the current one.
  if (Number(result.numUpdatedRows) === 0) throw badRequest('fund_password.wrong', { field: 'old_password' });
  return stored === null ? 'set' : 'changed';
}

/**
 * Changes the login password (old one required) and revokes every other session of the user;
 * the calling session stays valid. Answers how many sessions were revoked.
 */
export async function changeLoginPassword(
  ctx: AppContext,
  userId: number,
  currentTokenHash: string,
  input: { old_password: string; password: string; re_password: string },
): Promise<number> {
  checkNewPassword(input.password, input.re_password);
  const stored = (await secretRow(ctx, userId)).password_hash;
  await checkSecret(ctx, userId, input.old_password, stored, 'password.wrong_old', 'old_password');
  const hash = await hashPassword(input.password, ctx.config.scrypt);
  const now = ctx.clock.now();
  const revoked = await ctx.store.tx(async (q) => {
    await q
      .updateTable('users')
      .set({ password_hash: hash, updated_at: now })
      .where('id', '=', userId)
      .execute();
    const others = await q
      .updateTable('auth_tokens')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('token_hash', '!=', currentTokenHash)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('token_hash')
      .execute();
    return others.map((t) => t.token_hash);
  });
  for (const tokenHash of revoked) ctx.hub.dropSessions(userId, tokenHash);
  // The calling session stays, but chat tokens are bound to the password: they end now.
  ctx.hub.sessionsChanged(userId);
  return revoked.length;
}
