import * as accounts from '../accounts';
import { open, text, user, type RouteKey, type RouteSpec } from '../route-kit';

/** Log-in, registration, password resets and the account profile. One part of ROUTES (../routes.ts), loaded alone by the client (../client.ts). */
export const routes = {
  // accounts
  'POST /api/user/login': open('Log in; answers the session token', {
    request: accounts.loginBody,
    answer: accounts.loginAnswer,
  }),
  'POST /api/user/logout': user('Revoke the presented token', {
    answer: text('logged out'),
    addition: true,
  }),
  'GET /api/user/info': user('The account', { answer: accounts.userInfoAnswer }),
  'GET /api/user/center': user('The account centre', { answer: accounts.userCenterAnswer }),
  'POST /api/sms_mail': open('Send an email code (register or forget)', {
    request: accounts.smsMailBody,
    answer: text('code sent'),
  }),
  'POST /api/sms_send': open('Send an SMS code (register or forget)', {
    request: accounts.smsSendBody,
    answer: text('code sent'),
  }),
  'POST /api/user/register': open('Register', {
    request: accounts.registerBody,
    answer: text('registered'),
  }),
  'POST /api/user/check_email': open('Check a password-reset email code', {
    request: accounts.checkEmailBody,
    answer: text('code valid'),
  }),
  'POST /api/user/check_mobile': open('Check a password-reset SMS code', {
    request: accounts.checkMobileBody,
    answer: text('code valid'),
  }),
  'POST /api/user/forget': open('Reset the password with a code', {
    request: accounts.forgetBody,
    answer: text('password reset'),
  }),

  // account profile
  'POST /api/user/fund_password': user('Set or change the fund password', {
    request: accounts.fundPasswordBody,
    answer: text('fund password set', 'fund password changed'),
    addition: true,
  }),
  'POST /api/user/password': user('Change the login password', {
    request: accounts.passwordBody,
    answer: text('password changed'),
    addition: true,
  }),
  'POST /api/user/real_name': user('Submit identity verification', {
    request: accounts.realNameBody,
    answer: text('submitted'),
  }),
  'POST /api/user/cash_info': user('The payout profile', { answer: accounts.payoutProfileAnswer }),
  'POST /api/user/cash_save': user('Save the payout profile', {
    request: accounts.cashBody,
    answer: accounts.payoutProfile,
  }),
  'GET /api/user/extension': user('Users invited by the caller', { answer: accounts.invitedUsersAnswer }),
} as const satisfies Record<RouteKey, RouteSpec>;
