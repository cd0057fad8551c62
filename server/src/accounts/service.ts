import { accounts } from '@app/contract';
import type { AppContext } from '../context';
import { issueToken, revocationCommitted, revokeAllTokens } from '../core/auth';
import { isoTime } from '../core/clock';
import { columnAs } from '../core/column';
import { AppError, badRequest, conflict, notFound, tooManyRequests, unauthorized } from '../core/errors';
import { supportUrlFor } from '../support';
import { checkCode, consumeCode, sendCode, type CodeDestination, type CodePurpose } from './codes';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords';
import {
  accountExists,
  countryCodeDigits,
  findUserByAccount,
  findUserById,
  findUserByInviteCode,
  insertUser,
  normalizeEmail,
  phoneAccountNumber,
  phoneDigits,
  setPassword,
  type UserRow,
} from './users';

/** 6 to 16 printable characters with at least one letter and one digit. */
export const PASSWORD_RULE = /^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7e]{6,16}$/;

export function checkNewPassword(password: string, repeat: string): void {
  if (!PASSWORD_RULE.test(password)) throw badRequest('password.rule', { field: 'password' });
  if (password !== repeat) throw badRequest('password.mismatch', { field: 're_password' });
}

// ---------------------------------------------------------------- login

export interface LoginInput {
  user_string: string;
  password: string;
  area_code_id?: number | undefined;
  country_code?: string | undefined;
}

/** The failure-counter key of a login: the resolved account, else the normalized spelling. */
function loginAccountKey(input: LoginInput, user: UserRow | undefined): string {
  if (user) return `user:${user.id}`;
  const value = input.user_string.trim();
  if (value.includes('@')) return `acct:${normalizeEmail(value)}`;
  return `acct:${phoneDigits(value).replace(/^\+/, '')}`;
}

/**
 * Checks the password and answers a new session token. Failures are limited per resolved account
 * (whatever spelling: `+`, country code in its own field, partial calling codes) and per client
 * address separately; see LoginGuard and API.md "Login limits".
 */
export async function login(ctx: AppContext, input: LoginInput, ip: string): Promise<string> {
  const { config, limits } = ctx;
  const user = await findUserByAccount(ctx.store.q, input.user_string, {
    countryCode: input.country_code,
    countryId: input.area_code_id,
  });
  const accountKey = loginAccountKey(input, user);
  // Count the attempt before the (slow) check so parallel guesses cannot slip past the limit.
  const wait = await limits.login.recordAttempt(accountKey, ip);
  if (wait > 0) throw tooManyRequests('login.rate_limited', wait);
  let valid = false;
  if (user) valid = await verifyPassword(input.password, user.password_hash);
  else await burnPasswordCheck(input.password, config.scrypt);
  if (!user || !valid) throw unauthorized('login.failed');

  await limits.login.succeeded(accountKey, ip);
  return issueToken(ctx.store.q, user.id, ctx.clock.now(), config.tokenTtlSeconds);
}

// ---------------------------------------------------------------- user info

/** The account as the contract answers it. */
export type UserInfo = accounts.UserInfoAnswer;

/** The review status column, checked against the contract once (where a row becomes an answer). */
const reviewStatusOf = (user: UserRow): accounts.ReviewStatus =>
  columnAs(accounts.reviewStatus, user.review_status, `users.review_status (user ${user.id})`);

async function requireUser(ctx: AppContext, userId: number): Promise<UserRow> {
  const user = await findUserById(ctx.store.q, userId);
  if (!user) throw notFound('account.not_found');
  return user;
}

export async function userInfo(ctx: AppContext, userId: number): Promise<UserInfo> {
  const user = await requireUser(ctx, userId);
  return {
    id: user.id,
    account_number: user.account_number,
    extension_code: user.extension_code,
    is_seller: user.is_seller === 1,
    email: user.email,
    phone: user.phone,
    area_code: user.area_code,
    review_status: reviewStatusOf(user),
    created_at: isoTime(user.created_at),
  };
}

/** The account centre as the contract answers it. */
export type UserCenter = accounts.UserCenterAnswer;

export async function userCenter(ctx: AppContext, userId: number): Promise<UserCenter> {
  const user = await requireUser(ctx, userId);
  const extra = await ctx.store.q
    .selectFrom('users')
    .select(['review_reason', 'fund_password_hash'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    review_status: reviewStatusOf(user),
    review_reason: extra.review_reason,
    fund_password_set: extra.fund_password_hash !== null,
    is_seller: user.is_seller === 1,
    kefu_url: { mobile: supportUrlFor(ctx.config, 'mobile', user.id, user.account_number) },
    account_number: user.account_number,
    id: user.id,
  };
}

// ---------------------------------------------------------------- verification codes

export function emailDestination(email: string): CodeDestination {
  return { to: normalizeEmail(email), channel: 'email' };
}

export function phoneDestination(countryCode: string, phone: string): CodeDestination {
  const national = phoneDigits(phone);
  return { to: phoneAccountNumber(countryCodeDigits(countryCode), national), channel: 'sms', national };
}

/**
 * Sends a code for registering or for a password reset. The answer is the same whether the
 * account exists or not: a registration code for an existing account and a reset code for an
 * unknown one are simply never delivered (the register step itself still says `account.exists`).
 */
export async function requestCode(
  ctx: AppContext,
  dest: CodeDestination,
  purpose: CodePurpose,
  lang: string,
  ip: string,
): Promise<void> {
  const exists = await accountExists(ctx.store.q, dest.to);
  const deliver = purpose === 'register' ? !exists : exists;
  await sendCode(ctx, dest, purpose, lang, ip, deliver);
}

// ---------------------------------------------------------------- registration

export interface RegisterInput {
  type: 'email' | 'mobile';
  user_string: string;
  country_code?: string | undefined;
  code: string;
  password: string;
  re_password: string;
  extension_code?: string | undefined;
}

export interface Registered {
  id: number;
  account_number: string;
}

export async function register(ctx: AppContext, input: RegisterInput): Promise<Registered> {
  const { store, clock } = ctx;
  checkNewPassword(input.password, input.re_password);
  const dest =
    input.type === 'email'
      ? emailDestination(input.user_string)
      : phoneDestination(input.country_code ?? '1', input.user_string);

  let inviterId: number | null = null;
  if (input.extension_code) {
    const inviter = await findUserByInviteCode(store.q, input.extension_code);
    if (!inviter) throw badRequest('invite.invalid', { field: 'extension_code' });
    inviterId = inviter.id;
  }
  if (await accountExists(store.q, dest.to)) throw conflict('account.exists');
  const codeId = await checkCode(ctx, dest.to, 'register', input.code);

  const passwordHash = await hashPassword(input.password, ctx.config.scrypt);
  // After the await, the code and the account are settled in one transaction (no double use).
  // The code is consumed by a conditional write (one winner); the account's uniqueness is the
  // database's (a parallel registration of the same address fails on account_number).
  const id = await store.tx(async (q) => {
    if (await accountExists(q, dest.to)) throw conflict('account.exists');
    if (!(await consumeCode(q, codeId, clock.now()))) throw badRequest('code.invalid', { field: 'code' });
    return insertUser(
      q,
      input.type === 'email'
        ? { email: dest.to, passwordHash, inviterId }
        : {
            phone: dest.national,
            areaCode: countryCodeDigits(input.country_code ?? '1'),
            passwordHash,
            inviterId,
          },
      clock.now(),
    );
  });
  return { id, account_number: dest.to };
}

// ---------------------------------------------------------------- forgotten password

/**
 * The reset-code destination of an account as typed by the user: the account's own address, or,
 * for an unknown account, the address as typed (where the undelivered code of `requestCode` was
 * stored), so an unknown account answers exactly like a wrong code.
 */
export async function forgetDestination(
  ctx: AppContext,
  account: string,
  countryCode?: string,
): Promise<{ user: UserRow | undefined; dest: CodeDestination }> {
  const user = await findUserByAccount(ctx.store.q, account, { countryCode });
  if (user?.email) return { user, dest: emailDestination(user.email) };
  if (user?.phone && user.area_code) return { user, dest: phoneDestination(user.area_code, user.phone) };
  if (account.includes('@')) return { user: undefined, dest: emailDestination(account) };
  return { user: undefined, dest: phoneDestination(countryCode ?? '1', account) };
}

/** Verifies a reset code without consuming it (wrong tries still count). */
export async function checkForgetCode(
  ctx: AppContext,
  account: string,
  code: string,
  countryCode?: string,
): Promise<void> {
  const { dest } = await forgetDestination(ctx, account, countryCode);
  await checkCode(ctx, dest.to, 'forget', code);
}

export interface ForgetInput {
  account: string;
  country_code?: string | undefined;
  password: string;
  repassword: string;
  code: string;
}

/** Consumes the code, sets the new password and revokes every session of the account. */
export async function resetPassword(ctx: AppContext, input: ForgetInput): Promise<number> {
  const { store, clock } = ctx;
  if (!PASSWORD_RULE.test(input.password)) throw badRequest('password.rule', { field: 'password' });
  if (input.password !== input.repassword) throw badRequest('password.mismatch', { field: 'repassword' });
  const { user, dest } = await forgetDestination(ctx, input.account, input.country_code);
  const codeId = await checkCode(ctx, dest.to, 'forget', input.code);
  // An unknown account's code was never delivered: answered like a wrong code.
  if (!user) throw badRequest('code.invalid', { field: 'code' });
  const passwordHash = await hashPassword(input.password, ctx.config.scrypt);
  await store.tx(async (q) => {
    const now = clock.now();
    if (!(await consumeCode(q, codeId, now))) throw new AppError('code.invalid', 400, { field: 'code' });
    await setPassword(q, user.id, passwordHash, now);
    await revokeAllTokens(q, user.id, now);
  });
  revocationCommitted({ userId: user.id });
  ctx.hub.dropSessions(user.id);
  await ctx.limits.login.resetAccount(`user:${user.id}`);
  return user.id;
}
