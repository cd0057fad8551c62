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
  'request.malformed': 'The request could not be read',
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
  'wallet.same_wallet': 'Cannot transfer to the same wallet',
  'withdraw.address_invalid': 'The address must not contain spaces',
  'withdraw.label_invalid': 'The label may contain letters and digits only',
  'withdraw.address_exists': 'This address has already been added',
  'withdraw.address_not_found': 'Withdrawal address not found',
  'withdraw.address_limit': 'Too many withdrawal addresses',
  'withdraw.below_minimum': 'The amount is below the minimum withdrawal',
  'withdraw.above_maximum': 'The amount is above the maximum withdrawal',
  'withdraw.not_found': 'Withdrawal not found',
  'withdraw.invalid_state': 'The withdrawal cannot change to this state',

  // Fund password and login password change
  'fund_password.rule': 'The fund password must be 6 digits',
  'fund_password.not_set': 'Please set a fund password first',
  'fund_password.wrong': 'Wrong fund password',
  'fund_password.old_required': 'Please enter the current fund password',
  'fund_password.rate_limited': 'Too many wrong passwords, please try again later',
  'password.wrong_old': 'The current password is wrong',

  // Uploads
  'upload.required': 'Please choose a file',
  'upload.invalid_type': 'Only jpg and png images are accepted',
  'upload.too_large': 'The image must not exceed 4 MB',
  'upload.invalid': 'Unknown upload',
  'upload.link_invalid': 'The image link is invalid or has expired',
  'upload.too_many_files': 'Please send one image at a time',
  'upload.quota_exceeded': 'Upload limit reached, please try again later',

  // Identity verification (KYC) and payout profile
  'kyc.incomplete': 'please fill in complete information',
  'kyc.name_invalid': 'The name must not contain digits',
  'kyc.card_id_invalid': 'The ID number must not contain Chinese characters',
  'kyc.card_id_used': 'This ID number has already been verified',
  'kyc.already_submitted': 'Your identity is already under review or verified',
  'kyc.invalid_state': 'The identity submission cannot change to this state',
  'cash.bank_account_required': 'Please enter the bank account',

  // Market
  'market.symbol_not_found': 'Unknown trading pair',

  // Wallet and accounts (issue 4)
  'withdraw.label_digits': 'For this coin the tag must contain digits only',

  // Fiat purchase, lock-up mining, launch subscriptions, feedback, support chat (issue 6)
  'fiat.currency_unsupported': 'Only USDT can be bought with fiat',
  'fiat.amount_range': 'Please enter a correct purchase amount',
  'fiat.pay_way_unsupported': 'This payment method is not supported',
  'fiat.rate_changed': 'The rate has changed, please check the new rate',
  'fiat.no_merchant': 'No merchant is available for this amount and payment method',
  'fiat.too_many_unfinished': 'You already have 3 unfinished orders; complete or cancel one first',
  'fiat.cancel_limit': 'You have cancelled 3 orders today; buying is restricted until tomorrow',
  'fiat.order_not_found': 'Order not found',
  'fiat.order_state': 'This order has already been handled',
  'fiat.pic_required': 'Please upload the payment screenshot',
  'lockup.product_not_found': 'Lock-up product not found',
  'lockup.order_not_found': 'Lock-up order not found',
  'lockup.order_state': 'This lock-up order is not in progress',
  'launch.amount_invalid': 'Please enter a subscription quantity',
  'launch.below_minimum': 'The quantity is below the minimum purchase',
  'launch.above_maximum': 'The quantity is above the maximum purchase',
  'launch.sold_out': 'Not enough tokens left for this subscription',
  'launch.not_open': 'The subscription is not open',
  'launch.price_changed': 'The price has changed, please try again',
  'launch.pay_currency_unsupported': 'This currency cannot be used to subscribe',
  'launch.order_not_found': 'Subscription not found',
  'launch.not_unlockable': 'This subscription cannot be unlocked yet',
  'feedback.content_required': 'Please describe your complaint',
  'feedback.too_long': 'The description is too long',
  'feedback.not_found': 'Complaint not found',
  'chat.token_invalid': 'Please log in again to chat with support',
  'chat.text_required': 'Please enter a message',
  'chat.too_long': 'The message is too long',

  // Trading (issue 5): spot, leveraged contracts, seconds contracts
  'trade.market_closed': 'Non-trading time: this market is closed',
  'spot.pair_not_found': 'This trading pair is not available for spot trading',
  'spot.price_invalid': 'Please enter a valid price',
  'spot.number_invalid': 'Please enter a valid quantity',
  'spot.mode_invalid': 'Unknown order type',
  'spot.limit_price_side':
    'A limit buy price must not be above the current price, a limit sell price not below it',
  'spot.depth_insufficient': 'Not enough depth in the order book for this quantity',
  'spot.no_market_price': 'No market price yet',
  'spot.order_not_found': 'Order not found',
  'spot.order_not_pending': 'The order has already been filled or revoked',
  'lever.pair_not_found': 'This contract is not available',
  'lever.type_invalid': 'Please choose long or short',
  'lever.status_invalid': 'Unknown order status',
  'lever.share_invalid': 'The number of hands must be a whole number within the allowed range',
  'lever.multiple_invalid': 'The multiple is not allowed',
  'lever.price_invalid': 'Please enter a valid price',
  'lever.limit_price_side':
    'A limit buy price must not be above the current price, a limit sell price not below it',
  'lever.too_many_orders': 'Maximum number of holdings or pending orders reached',
  'lever.no_market_price': 'No market price yet',
  'lever.order_not_found': 'Order not found',
  'lever.not_holding': 'The position is not open (it may be closing or already closed)',
  'lever.not_pending': 'The order is no longer pending',
  'lever.stop_invalid': 'Take-profit and stop-loss prices must be above 0',
  'lever.take_profit_side':
    'Take-profit must not be below the open and current price for a long, nor above them for a short',
  'lever.stop_loss_side':
    'Stop-loss must not be above the open and current price for a long, nor below them for a short',
  'seconds.pair_not_found': 'This trading pair is not available',
  'seconds.type_invalid': 'Please choose up or down',
  'seconds.seconds_invalid': 'This duration is not available',
  'seconds.number_invalid': 'Please enter a valid amount',
  'seconds.below_minimum': 'The amount is below the minimum',
  'seconds.above_maximum': 'The amount is above the maximum',
  'seconds.currency_invalid': 'This currency cannot be used for seconds contracts',
  'seconds.status_invalid': 'Unknown order status',
  'seconds.no_market_price': 'No market price yet',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export function isErrorCode(value: string): value is ErrorCode {
  return Object.prototype.hasOwnProperty.call(ERROR_CODES, value);
}
