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
  'wallet.invalid_amount': msg({ id: 'apitip.wallet.invalid_amount', message: 'Invalid amount' }),
  'wallet.invalid_type': msg({ id: 'apitip.wallet.invalid_type', message: 'Unknown wallet type' }),
  'wallet.currency_not_found': msg({ id: 'apitip.wallet.currency_not_found', message: 'Unknown currency' }),
  'wallet.same_wallet': msg({
    id: 'apitip.wallet.same_wallet',
    message: 'Cannot transfer to the same account',
  }),
  'withdraw.address_invalid': msg({
    id: 'apitip.withdraw.address_invalid',
    message: 'The address must not contain spaces',
  }),
  'withdraw.label_invalid': msg({
    id: 'apitip.withdraw.label_invalid',
    message: 'The label may contain letters and digits only',
  }),
  'withdraw.address_exists': msg({
    id: 'apitip.withdraw.address_exists',
    message: 'This address has already been added',
  }),
  'withdraw.address_not_found': msg({
    id: 'apitip.withdraw.address_not_found',
    message: 'Withdrawal address not found',
  }),
  'withdraw.address_limit': msg({
    id: 'apitip.withdraw.address_limit',
    message: 'Too many withdrawal addresses',
  }),
  'withdraw.below_minimum': msg({
    id: 'apitip.withdraw.below_minimum',
    message: 'The amount is below the minimum withdrawal',
  }),
  'withdraw.above_maximum': msg({
    id: 'apitip.withdraw.above_maximum',
    message: 'The amount is above the maximum withdrawal',
  }),
  'withdraw.not_found': msg({ id: 'apitip.withdraw.not_found', message: 'Withdrawal not found' }),
  'withdraw.invalid_state': msg({
    id: 'apitip.withdraw.invalid_state',
    message: 'The withdrawal cannot change to this state',
  }),
  'fund_password.rule': msg({
    id: 'apitip.fund_password.rule',
    message: 'The fund password must be 6 digits',
  }),
  'fund_password.not_set': msg({
    id: 'apitip.fund_password.not_set',
    message: 'Please set a fund password first',
  }),
  'fund_password.wrong': msg({ id: 'apitip.fund_password.wrong', message: 'Wrong fund password' }),
  'fund_password.old_required': msg({
    id: 'apitip.fund_password.old_required',
    message: 'Please enter the current fund password',
  }),
  'fund_password.rate_limited': msg({
    id: 'apitip.fund_password.rate_limited',
    message: 'Too many wrong passwords, please try again later',
  }),
  'password.wrong_old': msg({ id: 'apitip.password.wrong_old', message: 'The current password is wrong' }),
  'upload.required': msg({ id: 'apitip.upload.required', message: 'Please choose a file' }),
  'upload.invalid_type': msg({
    id: 'apitip.upload.invalid_type',
    message: 'Only jpg and png images are accepted',
  }),
  'upload.too_large': msg({ id: 'apitip.upload.too_large', message: 'The image must not exceed 4 MB' }),
  'upload.invalid': msg({ id: 'apitip.upload.invalid', message: 'Unknown upload' }),
  'upload.link_invalid': msg({
    id: 'apitip.upload.link_invalid',
    message: 'The image link is invalid or has expired',
  }),
  'upload.too_many_files': msg({
    id: 'apitip.upload.too_many_files',
    message: 'Please send one image at a time',
  }),
  'upload.quota_exceeded': msg({
    id: 'apitip.upload.quota_exceeded',
    message: 'Upload limit reached, please try again later',
  }),
  'request.too_large': msg({ id: 'apitip.request.too_large', message: 'The request body is too large' }),
  'request.malformed': msg({ id: 'apitip.request.malformed', message: 'The request could not be read' }),
  'contract.answer_mismatch': msg({
    id: 'apitip.contract.answer_mismatch',
    message: 'The server sent an answer this app cannot read',
  }),
  'request.invalid_body': msg({
    id: 'apitip.request.invalid_body',
    message: 'The request could not be read',
  }),
  not_implemented: msg({ id: 'apitip.not_implemented', message: 'This is not available yet' }),
  internal: msg({ id: 'apitip.internal', message: 'Something went wrong, please try again' }),
  'socket.invalid_subscription': msg({
    id: 'apitip.socket.invalid_subscription',
    message: 'Live updates could not be started',
  }),
  'socket.unknown_channel': msg({
    id: 'apitip.socket.unknown_channel',
    message: 'Live updates could not be started',
  }),
  'socket.too_many_subscriptions': msg({
    id: 'apitip.socket.too_many_subscriptions',
    message: 'Too many live updates open, please reload the page',
  }),
  'news.not_found': msg({ id: 'apitip.news.not_found', message: 'Article not found' }),
  'market.symbol_not_found': msg({ id: 'apitip.market.symbol_not_found', message: 'Unknown trading pair' }),
  'request.unsupported_media_type': msg({
    id: 'apitip.request.unsupported_media_type',
    message: 'Unsupported content type',
  }),
  'kyc.incomplete': msg({ id: 'apitip.kyc.incomplete', message: 'please fill in complete information' }),
  'kyc.name_invalid': msg({ id: 'apitip.kyc.name_invalid', message: 'The name must not contain digits' }),
  'kyc.card_id_invalid': msg({
    id: 'apitip.kyc.card_id_invalid',
    message: 'The ID number must not contain Chinese characters',
  }),
  'kyc.card_id_used': msg({
    id: 'apitip.kyc.card_id_used',
    message: 'This ID number has already been verified',
  }),
  'kyc.already_submitted': msg({
    id: 'apitip.kyc.already_submitted',
    message: 'Your identity is already under review or verified',
  }),
  'kyc.invalid_state': msg({
    id: 'apitip.kyc.invalid_state',
    message: 'The identity submission cannot change to this state',
  }),
  'cash.bank_account_required': msg({
    id: 'apitip.cash.bank_account_required',
    message: 'Please enter the bank account',
  }),
};

/**
 * A remote adds the codes of its own domain (trading, otc, ...) with descriptors from its own
 * catalogue, so domain messages stay in the remote that owns them.
 */
export function registerApiErrorMessages(messages: Record<string, MessageDescriptor>): void {
  for (const [code, descriptor] of Object.entries(messages)) byCode[code] ??= descriptor;
}

/** The translated text for a failure, by code; unknown codes fall back to the server's text. */
export function apiErrorMessage(i18n: I18n, error: unknown): string {
  if (error instanceof ApiError) {
    const descriptor = byCode[error.code];
    if (descriptor) return i18n._(descriptor);
    return error.message || i18n._(byCode['network.bad_answer'] as MessageDescriptor);
  }
  return i18n._(byCode['network.error'] as MessageDescriptor);
}

/** Codes known at load time (the shared ones); remotes may register more. */
export const knownApiErrorCodes = Object.keys(byCode);
