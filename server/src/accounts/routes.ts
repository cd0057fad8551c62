import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { requireSession, revokeToken } from '../core/auth';
import { ok } from '../core/envelope';
import { badRequest } from '../core/errors';
import { clientIp, headerLang } from '../core/request';
import { normalizeLang, optionalId, optionalText, parseInput, text } from '../core/validation';
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
import { COUNTRY_CODE_PATTERN, countryCodeDigits, PHONE_PATTERN, phoneDigits } from './users';

// ---------------------------------------------------------------- field schemas

const account = () =>
  text(z.string({ error: 'account.required' }).trim().min(1, { error: 'account.required' }).max(254));

const email = () =>
  text(
    z
      .string({ error: 'email.invalid' })
      .trim()
      .max(254, { error: 'email.invalid' })
      .pipe(z.email({ error: 'email.invalid' })),
  );

const phone = () =>
  text(
    z
      .string({ error: 'phone.invalid' })
      .transform(phoneDigits)
      .pipe(z.string().regex(PHONE_PATTERN, { error: 'phone.invalid' })),
  );

const countryCode = () =>
  optionalText(
    z
      .string()
      .transform(countryCodeDigits)
      .pipe(z.string().regex(COUNTRY_CODE_PATTERN, { error: 'country_code.invalid' })),
  );

const code = () =>
  text(
    z
      .string({ error: 'code.required' })
      .trim()
      .min(1, { error: 'code.required' })
      .max(16, { error: 'code.invalid' }),
  );

const password = () =>
  text(
    z
      .string({ error: 'password.required' })
      .min(1, { error: 'password.required' })
      .max(128, { error: 'password.rule' }),
  );

const lang = () => optionalText(z.string().max(10));
const purposeType = () => optionalText(z.string().max(20));

// ---------------------------------------------------------------- bodies

const loginBody = z.object({
  user_string: account(),
  password: password(),
  type: z.unknown().optional(),
  area_code_id: optionalId(),
  country_code: countryCode(),
});

const smsMailBody = z.object({ user_string: email(), lang: lang(), type: purposeType() });
const smsSendBody = z.object({
  user_string: phone(),
  country_code: countryCode(),
  lang: lang(),
  type: purposeType(),
});

const registerBody = z.object({
  type: z.enum(['email', 'mobile'], { error: 'validation.failed' }),
  country_code: countryCode(),
  user_string: account(),
  code: code(),
  password: password(),
  re_password: optionalText(z.string().max(128)),
  extension_code: optionalText(z.string().trim().max(16)),
});

const checkEmailBody = z.object({ user_string: email(), email_code: code() });
const checkMobileBody = z.object({
  user_string: account(),
  country_code: countryCode(),
  mobile_code: code(),
});

const forgetBody = z.object({
  country_code: countryCode(),
  account: account(),
  password: password(),
  repassword: optionalText(z.string().max(128)),
  code: code(),
});

function purposeOf(type: string | undefined): 'forget' | 'register' {
  return type?.toLowerCase() === 'forget' ? 'forget' : 'register';
}

/** Accounts: login/logout, codes, registration, password reset, user info and centre. */
export function registerAccountRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, clock } = ctx;

  app.post('/api/user/login', async (request) => {
    const input = parseInput(loginBody, request.body);
    return ok(await login(ctx, input, clientIp(request)));
  });

  app.post('/api/user/logout', async (request) => {
    const session = requireSession(db, request, clock.now());
    revokeToken(db, session.tokenHash, clock.now());
    ctx.hub.dropSessions(session.userId, session.tokenHash);
    return ok('logged out');
  });

  app.get('/api/user/info', async (request) => {
    const session = requireSession(db, request, clock.now());
    return ok(userInfo(ctx, session.userId));
  });

  app.get('/api/user/center', async (request) => {
    const session = requireSession(db, request, clock.now());
    return ok(userCenter(ctx, session.userId));
  });

  app.post('/api/sms_mail', async (request) => {
    const input = parseInput(smsMailBody, request.body);
    const language = normalizeLang(input.lang) ?? headerLang(request);
    requestCode(ctx, emailDestination(input.user_string), purposeOf(input.type), language, clientIp(request));
    return ok('code sent');
  });

  app.post('/api/sms_send', async (request) => {
    const input = parseInput(smsSendBody, request.body);
    const language = normalizeLang(input.lang) ?? headerLang(request);
    const dest = phoneDestination(input.country_code ?? '1', input.user_string);
    requestCode(ctx, dest, purposeOf(input.type), language, clientIp(request));
    return ok('code sent');
  });

  app.post('/api/user/register', async (request) => {
    const input = parseInput(registerBody, request.body);
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
    return ok('registered');
  });

  app.post('/api/user/check_email', async (request) => {
    const input = parseInput(checkEmailBody, request.body);
    checkForgetCode(ctx, input.user_string, input.email_code);
    return ok('code valid');
  });

  app.post('/api/user/check_mobile', async (request) => {
    const input = parseInput(checkMobileBody, request.body);
    if (input.user_string.includes('@')) throw badRequest('phone.invalid', { field: 'user_string' });
    checkForgetCode(ctx, input.user_string, input.mobile_code, input.country_code);
    return ok('code valid');
  });

  app.post('/api/user/forget', async (request) => {
    const input = parseInput(forgetBody, request.body);
    await resetPassword(ctx, {
      account: input.account,
      country_code: input.country_code,
      password: input.password,
      repassword: input.repassword ?? '',
      code: input.code,
    });
    return ok('password reset');
  });
}
