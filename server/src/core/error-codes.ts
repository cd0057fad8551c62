/**
 * Every error code the server answers, with its English text. Clients translate by code
 * (catalogue `apitip.<code>`), falling back to the text. Keys are stable: never rename one.
 */
export const ERROR_CODES = {
  // Request shape
  'validation.failed': 'Invalid request data',
  'request.invalid_body': 'The request body could not be read',
  'request.too_large': 'The request body is too large',
  'request.unsupported_media_type': 'Unsupported content type',
  not_found: 'Not found',
  forbidden: 'Forbidden',
  not_implemented: 'Not implemented yet',
  rate_limited: 'Too many requests, please slow down',
  internal: 'Internal server error',

  // Session
  'session.invalid': 'session expired',

  // Accounts
  'account.required': 'Please enter your account',
  'account.not_found': 'Account not found',
  'account.exists': 'An account with this email or phone number already exists',
  'email.invalid': 'Please enter a valid email address',
  'phone.invalid': 'Please enter a valid phone number (5 to 15 digits)',
  'country_code.invalid': 'Invalid country code',
  'password.required': 'Please enter your password',
  'password.rule': 'The password must be 6 to 16 characters long and contain letters and digits',
  'password.mismatch': 'The two passwords do not match',
  'login.failed': 'Wrong account or password',
  'login.rate_limited': 'Too many failed login attempts, please try again later',
  'invite.invalid': 'Invalid invitation code',

  // Verification codes
  'code.required': 'Please enter the verification code',
  'code.invalid': 'Wrong verification code',
  'code.expired': 'The verification code has expired, please request a new one',
  'code.too_many_attempts': 'Too many wrong attempts, please request a new verification code',
  'code.resend_wait': 'Please wait before requesting another code',
  'code.send_limited': 'Too many codes requested, please try again later',

  // Socket acknowledgements ({ok:false, code})
  'socket.invalid_subscription': 'Invalid subscription',
  'socket.unknown_channel': 'Unknown channel',
  'socket.too_many_subscriptions': 'Too many subscriptions on this connection',

  // Content
  'news.not_found': 'Article not found',

  // Wallet
  'wallet.insufficient_balance': 'Insufficient wallet balance',
  'wallet.invalid_amount': 'Invalid amount',
  'wallet.invalid_type': 'Unknown wallet type',
  'wallet.currency_not_found': 'Unknown currency',

  // Market
  'market.symbol_not_found': 'Unknown trading pair',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export function isErrorCode(value: string): value is ErrorCode {
  return Object.prototype.hasOwnProperty.call(ERROR_CODES, value);
}
