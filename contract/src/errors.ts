/**
 * Every error code the server answers, with its HTTP status and English text. Clients translate
 * by code (catalogue `apitip.<code>`), falling back to the text. Keys are stable: never rename one.
 *
 * `status` is the status the server answers the code with when it raises it itself. A code named
 * as the issue message of a request schema (for example `spot.pair_not_found` for a malformed
 * id) answers 400, like every request validation failure. `socket.*` codes only travel in
 * socket acknowledgements (`{ok:false, code}`).
 */
export const ERRORS = {
  // Request shape
  'validation.failed': { status: 400, message: 'Invalid request data' },
  'request.invalid_body': { status: 400, message: 'The request body could not be read' },
  'request.too_large': { status: 413, message: 'The request body is too large' },
  'request.unsupported_media_type': { status: 415, message: 'Unsupported content type' },
  'request.malformed': { status: 400, message: 'The request could not be read' },
  not_found: { status: 404, message: 'Not found' },
  forbidden: { status: 403, message: 'Forbidden' },
  not_implemented: { status: 501, message: 'Not implemented yet' },
  rate_limited: { status: 429, message: 'Too many requests, please slow down' },
  internal: { status: 500, message: 'Internal server error' },
  'contract.answer_mismatch': { status: 500, message: 'The answer does not match its contract' },

  // Session
  'session.invalid': { status: 401, message: 'session expired' },

  // Accounts
  'account.required': { status: 400, message: 'Please enter your account' },
  'account.not_found': { status: 404, message: 'Account not found' },
  'account.exists': { status: 409, message: 'An account with this email or phone number already exists' },
  'email.invalid': { status: 400, message: 'Please enter a valid email address' },
  'phone.invalid': { status: 400, message: 'Please enter a valid phone number (5 to 15 digits)' },
  'country_code.invalid': { status: 400, message: 'Invalid country code' },
  'password.required': { status: 400, message: 'Please enter your password' },
  'password.rule': {
    status: 400,
    message: 'The password must be 6 to 16 characters long and contain letters and digits',
  },
  'password.mismatch': { status: 400, message: 'The two passwords do not match' },
  'login.failed': { status: 401, message: 'Wrong account or password' },
  'login.rate_limited': { status: 429, message: 'Too many failed login attempts, please try again later' },
  'invite.invalid': { status: 400, message: 'Invalid invitation code' },

  // Verification codes
  'code.required': { status: 400, message: 'Please enter the verification code' },
  'code.invalid': { status: 400, message: 'Wrong verification code' },
  'code.expired': { status: 400, message: 'The verification code has expired, please request a new one' },
  'code.too_many_attempts': {
    status: 400,
    message: 'Too many wrong attempts, please request a new verification code',
  },
  'code.resend_wait': { status: 429, message: 'Please wait before requesting another code' },
  'code.send_limited': { status: 429, message: 'Too many codes requested, please try again later' },

  // Socket acknowledgements ({ok:false, code})
  'socket.invalid_subscription': { status: 400, message: 'Invalid subscription' },
  'socket.unknown_channel': { status: 400, message: 'Unknown channel' },
  'socket.too_many_subscriptions': { status: 400, message: 'Too many subscriptions on this connection' },

  // Content
  'news.not_found': { status: 404, message: 'Article not found' },

  // Wallet
  'wallet.insufficient_balance': { status: 400, message: 'Insufficient wallet balance' },
  'wallet.invalid_amount': { status: 400, message: 'Invalid amount' },
  'wallet.invalid_type': { status: 400, message: 'Unknown wallet type' },
  'wallet.currency_not_found': { status: 404, message: 'Unknown currency' },
  'wallet.same_wallet': { status: 400, message: 'Cannot transfer to the same wallet' },
  'withdraw.address_invalid': { status: 400, message: 'The address must not contain spaces' },
  'withdraw.label_invalid': { status: 400, message: 'The label may contain letters and digits only' },
  'withdraw.address_exists': { status: 409, message: 'This address has already been added' },
  'withdraw.address_not_found': { status: 404, message: 'Withdrawal address not found' },
  'withdraw.address_limit': { status: 400, message: 'Too many withdrawal addresses' },
  'withdraw.below_minimum': { status: 400, message: 'The amount is below the minimum withdrawal' },
  'withdraw.above_maximum': { status: 400, message: 'The amount is above the maximum withdrawal' },
  'withdraw.not_found': { status: 404, message: 'Withdrawal not found' },
  'withdraw.invalid_state': { status: 409, message: 'The withdrawal cannot change to this state' },

  // Fund password and login password change
  'fund_password.rule': { status: 400, message: 'The fund password must be 6 digits' },
  'fund_password.not_set': { status: 400, message: 'Please set a fund password first' },
  'fund_password.wrong': { status: 400, message: 'Wrong fund password' },
  'fund_password.old_required': { status: 400, message: 'Please enter the current fund password' },
  'fund_password.rate_limited': { status: 429, message: 'Too many wrong passwords, please try again later' },
  'password.wrong_old': { status: 400, message: 'The current password is wrong' },

  // Uploads
  'upload.required': { status: 400, message: 'Please choose a file' },
  'upload.invalid_type': { status: 415, message: 'Only jpg and png images are accepted' },
  'upload.too_large': { status: 413, message: 'The image must not exceed 4 MB' },
  'upload.too_many_files': { status: 400, message: 'Please send one image at a time' },
  'upload.quota_exceeded': { status: 429, message: 'Upload limit reached, please try again later' },
  'upload.invalid': { status: 404, message: 'Unknown upload' },
  'upload.link_invalid': { status: 403, message: 'The image link is invalid or has expired' },

  // Identity verification (KYC) and payout profile
  'kyc.incomplete': { status: 400, message: 'please fill in complete information' },
  'kyc.name_invalid': { status: 400, message: 'The name must not contain digits' },
  'kyc.card_id_invalid': { status: 400, message: 'The ID number must not contain Chinese characters' },
  'kyc.card_id_used': { status: 409, message: 'This ID number has already been verified' },
  'kyc.already_submitted': { status: 409, message: 'Your identity is already under review or verified' },
  'kyc.invalid_state': { status: 409, message: 'The identity submission cannot change to this state' },
  'cash.bank_account_required': { status: 400, message: 'Please enter the bank account' },

  // Market
  'market.symbol_not_found': { status: 404, message: 'Unknown trading pair' },

  // Wallet and accounts (issue 4)
  'withdraw.label_digits': { status: 400, message: 'For this coin the tag must contain digits only' },

  // Fiat purchase, lock-up mining, launch subscriptions, feedback, support chat (issue 6)
  'fiat.currency_unsupported': { status: 400, message: 'Only USDT can be bought with fiat' },
  'fiat.amount_range': { status: 400, message: 'Please enter a correct purchase amount' },
  'fiat.pay_way_unsupported': { status: 400, message: 'This payment method is not supported' },
  'fiat.rate_changed': { status: 409, message: 'The rate has changed, please check the new rate' },
  'fiat.no_merchant': { status: 409, message: 'No merchant is available for this amount and payment method' },
  'fiat.too_many_unfinished': {
    status: 409,
    message: 'You already have 3 unfinished orders; complete or cancel one first',
  },
  'fiat.cancel_limit': {
    status: 429,
    message: 'You have cancelled 3 orders today; buying is restricted until tomorrow',
  },
  'fiat.order_not_found': { status: 404, message: 'Order not found' },
  'fiat.order_state': { status: 409, message: 'This order has already been handled' },
  'fiat.pic_required': { status: 400, message: 'Please upload the payment screenshot' },
  'lockup.product_not_found': { status: 404, message: 'Lock-up product not found' },
  'lockup.order_not_found': { status: 404, message: 'Lock-up order not found' },
  'lockup.order_state': { status: 409, message: 'This lock-up order is not in progress' },
  'launch.amount_invalid': { status: 400, message: 'Please enter a subscription quantity' },
  'launch.below_minimum': { status: 400, message: 'The quantity is below the minimum purchase' },
  'launch.above_maximum': { status: 400, message: 'The quantity is above the maximum purchase' },
  'launch.sold_out': { status: 409, message: 'Not enough tokens left for this subscription' },
  'launch.not_open': { status: 409, message: 'The subscription is not open' },
  'launch.price_changed': { status: 409, message: 'The price has changed, please try again' },
  'launch.pay_currency_unsupported': { status: 400, message: 'This currency cannot be used to subscribe' },
  'launch.order_not_found': { status: 404, message: 'Subscription not found' },
  'launch.not_unlockable': { status: 409, message: 'This subscription cannot be unlocked yet' },
  'feedback.content_required': { status: 400, message: 'Please describe your complaint' },
  'feedback.too_long': { status: 400, message: 'The description is too long' },
  'feedback.not_found': { status: 404, message: 'Complaint not found' },
  'chat.token_invalid': { status: 401, message: 'Please log in again to chat with support' },
  'chat.text_required': { status: 400, message: 'Please enter a message' },
  'chat.too_long': { status: 400, message: 'The message is too long' },

  // Trading (issue 5): spot, leveraged contracts, seconds contracts
  'trade.market_closed': { status: 409, message: 'Non-trading time: this market is closed' },
  'spot.pair_not_found': { status: 404, message: 'This trading pair is not available for spot trading' },
  'spot.price_invalid': { status: 400, message: 'Please enter a valid price' },
  'spot.number_invalid': { status: 400, message: 'Please enter a valid quantity' },
  'spot.mode_invalid': { status: 400, message: 'Unknown order type' },
  'spot.limit_price_side': {
    status: 400,
    message: 'A limit buy price must not be above the current price, a limit sell price not below it',
  },
  'spot.depth_insufficient': { status: 400, message: 'Not enough depth in the order book for this quantity' },
  'spot.no_market_price': { status: 409, message: 'No market price yet' },
  'spot.order_not_found': { status: 404, message: 'Order not found' },
  'spot.order_not_pending': { status: 409, message: 'The order has already been filled or revoked' },
  'lever.pair_not_found': { status: 404, message: 'This contract is not available' },
  'lever.type_invalid': { status: 400, message: 'Please choose long or short' },
  'lever.status_invalid': { status: 400, message: 'Unknown order status' },
  'lever.share_invalid': {
    status: 400,
    message: 'The number of hands must be a whole number within the allowed range',
  },
  'lever.multiple_invalid': { status: 400, message: 'The multiple is not allowed' },
  'lever.price_invalid': { status: 400, message: 'Please enter a valid price' },
  'lever.limit_price_side': {
    status: 400,
    message: 'A limit buy price must not be above the current price, a limit sell price not below it',
  },
  'lever.too_many_orders': { status: 400, message: 'Maximum number of holdings or pending orders reached' },
  'lever.no_market_price': { status: 409, message: 'No market price yet' },
  'lever.order_not_found': { status: 404, message: 'Order not found' },
  'lever.not_holding': {
    status: 409,
    message: 'The position is not open (it may be closing or already closed)',
  },
  'lever.not_pending': { status: 409, message: 'The order is no longer pending' },
  'lever.stop_invalid': { status: 400, message: 'Take-profit and stop-loss prices must be above 0' },
  'lever.take_profit_side': {
    status: 400,
    message:
      'Take-profit must not be below the open and current price for a long, nor above them for a short',
  },
  'lever.stop_loss_side': {
    status: 400,
    message: 'Stop-loss must not be above the open and current price for a long, nor below them for a short',
  },
  'seconds.pair_not_found': { status: 404, message: 'This trading pair is not available' },
  'seconds.type_invalid': { status: 400, message: 'Please choose up or down' },
  'seconds.seconds_invalid': { status: 400, message: 'This duration is not available' },
  'seconds.number_invalid': { status: 400, message: 'Please enter a valid amount' },
  'seconds.below_minimum': { status: 400, message: 'The amount is below the minimum' },
  'seconds.above_maximum': { status: 400, message: 'The amount is above the maximum' },
  'seconds.currency_invalid': { status: 400, message: 'This currency cannot be used for seconds contracts' },
  'seconds.status_invalid': { status: 400, message: 'Unknown order status' },
  'seconds.no_market_price': { status: 409, message: 'No market price yet' },
} as const satisfies Record<string, { status: number; message: string }>;

/** One error code of the server: a union of string literals (a missing translation is a type error). */
export type ErrorCode = keyof typeof ERRORS;

/** Code -> English text. */
export const ERROR_CODES = Object.fromEntries(
  Object.entries(ERRORS).map(([code, { message }]) => [code, message]),
) as { readonly [K in ErrorCode]: (typeof ERRORS)[K]['message'] };

/** Every code, in catalogue order. */
export const ERROR_CODE_LIST = Object.keys(ERRORS) as ErrorCode[];

export function isErrorCode(value: string): value is ErrorCode {
  return Object.prototype.hasOwnProperty.call(ERRORS, value);
}

/** The HTTP status of a code (see the note on ERRORS). */
export function errorStatus(code: ErrorCode): number {
  return ERRORS[code].status;
}
