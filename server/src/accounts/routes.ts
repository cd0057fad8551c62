import { accounts } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { revokeToken } from '../core/auth';
import { route } from '../core/contract';
import { ok } from '../core/envelope';
import { badRequest } from '../core/errors';
import { clientIp, headerLang } from '../core/request';
import { normalizeLang, parseInput } from '../core/validation';
import {
  emailDestination,
  login,
  phoneDestination,
  register,
  requestCode,
  resetPassword,
  checkForgetCode,
  userCenter,
  userInfo,
} from './service';

// Request and answer schemas: @app/contract `accounts`.
const { email, phone } = accounts;

function purposeOf(type: string | undefined): 'forget' | 'register' {
  return type?.toLowerCase() === 'forget' ? 'forget' : 'register';
}

/** Accounts: login/logout, codes, registration, password reset, user info and centre. */
export function registerAccountRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { store, clock } = ctx;

  route(app, 'POST /api/user/login', async ({ input, request }) => {
    return ok(await login(ctx, input, clientIp(request)));
  });

  route(app, 'POST /api/user/logout', async ({ user: session }) => {
    await revokeToken(store.q, session.tokenHash, clock.now());
    ctx.hub.dropSessions(session.userId, session.tokenHash);
    return ok('logged out' as const);
  });

  route(app, 'GET /api/user/info', async ({ user: session }) => {
    return ok(await userInfo(ctx, session.userId));
  });

  route(app, 'GET /api/user/center', async ({ user: session }) => {
    return ok(await userCenter(ctx, session.userId));
  });

  route(app, 'POST /api/sms_mail', async ({ input, request }) => {
    const language = normalizeLang(input.lang) ?? headerLang(request);
    await requestCode(
      ctx,
      emailDestination(input.user_string),
      purposeOf(input.type),
      language,
      clientIp(request),
    );
    return ok('code sent' as const);
  });

  route(app, 'POST /api/sms_send', async ({ input, request }) => {
    const language = normalizeLang(input.lang) ?? headerLang(request);
    const dest = phoneDestination(input.country_code ?? '1', input.user_string);
    await requestCode(ctx, dest, purposeOf(input.type), language, clientIp(request));
    return ok('code sent' as const);
  });

  route(app, 'POST /api/user/register', async ({ input }) => {
    let userString = input.user_string;
    if (input.type === 'email') {
      userString = parseInput(z.object({ user_string: email() }), { user_string: userString }).user_string;
    } else {
      userString = parseInput(z.object({ user_string: phone() }), { user_string: userString }).user_string;
    }
    await register(ctx, {
      type: input.type,
      user_string: userString,
      country_code: input.country_code,
      code: input.code,
      password: input.password,
      re_password: input.re_password ?? '',
      extension_code: input.extension_code,
    });
    return ok('registered' as const);
  });

  route(app, 'POST /api/user/check_email', async ({ input }) => {
    await checkForgetCode(ctx, input.user_string, input.email_code);
    return ok('code valid' as const);
  });

  route(app, 'POST /api/user/check_mobile', async ({ input }) => {
    if (input.user_string.includes('@')) throw badRequest('phone.invalid', { field: 'user_string' });
    await checkForgetCode(ctx, input.user_string, input.mobile_code, input.country_code);
    return ok('code valid' as const);
  });

  route(app, 'POST /api/user/forget', async ({ input }) => {
    await resetPassword(ctx, {
      account: input.account,
      country_code: input.country_code,
      password: input.password,
      repassword: input.repassword ?? '',
      code: input.code,
    });
    return ok('password reset' as const);
  });
}
