// Server failures are shown translated by code (catalogue apitip.*), falling back to the server text.
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { ApiError } from './client';

const byCode: Record<string, MessageDescriptor> = {
  'network.error': msg({ id: 'apitip.network.error', message: 'Network error, please try again' }),
  'network.bad_answer': msg({ id: 'apitip.network.bad_answer', message: 'The server answered unexpectedly' }),
  'session.invalid': msg({ id: 'apitip.session.invalid', message: 'Please log in again' }),
  'validation.failed': msg({
    id: 'apitip.validation.failed',
    message: 'Please check the information you entered',
  }),
  not_found: msg({ id: 'apitip.not_found', message: 'Not found' }),
  forbidden: msg({ id: 'apitip.forbidden', message: 'You are not allowed to do this' }),
  rate_limited: msg({ id: 'apitip.rate_limited', message: 'Too many requests, please wait' }),
  'login.failed': msg({ id: 'apitip.login.failed', message: 'Wrong account or password' }),
  'login.rate_limited': msg({
    id: 'apitip.login.rate_limited',
    message: 'Too many login attempts, please try later',
  }),
  'account.exists': msg({ id: 'apitip.account.exists', message: 'This account already exists' }),
  'account.not_found': msg({ id: 'apitip.account.not_found', message: 'Account not found' }),
  'account.locked': msg({ id: 'apitip.account.locked', message: 'This account is locked' }),
  'code.invalid': msg({ id: 'apitip.code.invalid', message: 'Wrong verification code' }),
  'code.expired': msg({ id: 'apitip.code.expired', message: 'The verification code has expired' }),
  'code.too_many_attempts': msg({
    id: 'apitip.code.too_many_attempts',
    message: 'Too many wrong codes, please request a new one',
  }),
  'code.resend_wait': msg({
    id: 'apitip.code.resend_wait',
    message: 'Please wait before requesting another code',
  }),
  'password.mismatch': msg({ id: 'apitip.password.mismatch', message: 'The two passwords differ' }),
  'password.rule': msg({
    id: 'apitip.password.rule',
    message: 'Password must be 6 to 16 characters with letters and digits',
  }),
  'invite.invalid': msg({ id: 'apitip.invite.invalid', message: 'Wrong invitation code' }),
  'email.invalid': msg({ id: 'apitip.email.invalid', message: 'Please enter a valid e-mail address' }),
  'phone.invalid': msg({ id: 'apitip.phone.invalid', message: 'Please enter a valid phone number' }),
  'wallet.insufficient_balance': msg({
    id: 'apitip.wallet.insufficient_balance',
    message: 'Insufficient wallet balance',
  }),
  'account.required': msg({ id: 'apitip.account.required', message: 'Please enter your account' }),
  'password.required': msg({ id: 'apitip.password.required', message: 'Please enter your password' }),
  'country_code.invalid': msg({ id: 'apitip.country_code.invalid', message: 'Invalid country code' }),
  'code.required': msg({ id: 'apitip.code.required', message: 'Please enter the verification code' }),
  'code.send_limited': msg({
    id: 'apitip.code.send_limited',
    message: 'Too many codes requested, please try again later',
  }),
};

/** The translated text for a failure, by code; unknown codes fall back to the server's text. */
export function apiErrorMessage(i18n: I18n, error: unknown): string {
  if (error instanceof ApiError) {
    const descriptor = byCode[error.code];
    if (descriptor) return i18n._(descriptor);
    return error.message || i18n._(byCode['network.bad_answer'] as MessageDescriptor);
  }
  return i18n._(byCode['network.error'] as MessageDescriptor);
}

export const knownApiErrorCodes = Object.keys(byCode);
