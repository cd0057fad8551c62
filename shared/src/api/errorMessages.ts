// Every failure the client can show, translated by code (catalogue `apitip.<code>`): one entry
// per error code of the contract plus the client's own (`network`, `answer.malformed`). The
// table is typed by the union of codes, so a code without a translation is a compile error.
// Not exported from @app/shared: ./errors.ts reads it (a production build drops it, see there).
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ApiErrorCode } from './client';
import { networkFailureMessage } from './networkMessage';

export const apiErrorMessages = {
  network: networkFailureMessage,
  'answer.malformed': msg({
    id: 'apitip.answer.malformed',
    message: 'The server sent an answer this app cannot read',
  }),
  'validation.failed': msg({
    id: 'apitip.validation.failed',
    message: 'Please check the information you entered',
  }),
  'request.invalid_body': msg({
    id: 'apitip.request.invalid_body',
    message: 'The request could not be read',
  }),
  'request.too_large': msg({ id: 'apitip.request.too_large', message: 'The request body is too large' }),
  'request.unsupported_media_type': msg({
    id: 'apitip.request.unsupported_media_type',
    message: 'Unsupported content type',
  }),
  'request.malformed': msg({ id: 'apitip.request.malformed', message: 'The request could not be read' }),
  not_found: msg({ id: 'apitip.not_found', message: 'Not found' }),
  forbidden: msg({ id: 'apitip.forbidden', message: 'You are not allowed to do this' }),
  not_implemented: msg({ id: 'apitip.not_implemented', message: 'This is not available yet' }),
  rate_limited: msg({ id: 'apitip.rate_limited', message: 'Too many requests, please wait' }),
  internal: msg({ id: 'apitip.internal', message: 'Something went wrong, please try again' }),
  'contract.answer_mismatch': msg({
    id: 'apitip.contract.answer_mismatch',
    message: 'The server sent an answer this app cannot read',
  }),
  'session.invalid': msg({ id: 'apitip.session.invalid', message: 'Please log in again' }),
  'account.required': msg({ id: 'apitip.account.required', message: 'Please enter your account' }),
  'account.not_found': msg({ id: 'apitip.account.not_found', message: 'Account not found' }),
  'account.exists': msg({ id: 'apitip.account.exists', message: 'This account already exists' }),
  'email.invalid': msg({ id: 'apitip.email.invalid', message: 'Please enter a valid e-mail address' }),
  'phone.invalid': msg({ id: 'apitip.phone.invalid', message: 'Please enter a valid phone number' }),
  'country_code.invalid': msg({ id: 'apitip.country_code.invalid', message: 'Invalid country code' }),
  'password.required': msg({ id: 'apitip.password.required', message: 'Please enter your password' }),
  'password.rule': msg({
    id: 'apitip.password.rule',
    message: 'Password must be 6 to 16 characters with letters and digits',
  }),
  'password.mismatch': msg({ id: 'apitip.password.mismatch', message: 'The two passwords differ' }),
  'login.failed': msg({ id: 'apitip.login.failed', message: 'Wrong account or password' }),
  'login.rate_limited': msg({
    id: 'apitip.login.rate_limited',
    message: 'Too many login attempts, please try later',
  }),
  'invite.invalid': msg({ id: 'apitip.invite.invalid', message: 'Wrong invitation code' }),
  'code.required': msg({ id: 'apitip.code.required', message: 'Please enter the verification code' }),
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
  'code.send_limited': msg({
    id: 'apitip.code.send_limited',
    message: 'Too many codes requested, please try again later',
  }),
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
  'wallet.insufficient_balance': msg({
    id: 'apitip.wallet.insufficient_balance',
    message: 'Insufficient wallet balance',
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
  'upload.too_many_files': msg({
    id: 'apitip.upload.too_many_files',
    message: 'Please send one image at a time',
  }),
  'upload.quota_exceeded': msg({
    id: 'apitip.upload.quota_exceeded',
    message: 'Upload limit reached, please try again later',
  }),
  'upload.invalid': msg({ id: 'apitip.upload.invalid', message: 'Unknown upload' }),
  'upload.link_invalid': msg({
    id: 'apitip.upload.link_invalid',
    message: 'The image link is invalid or has expired',
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
  'market.symbol_not_found': msg({ id: 'apitip.market.symbol_not_found', message: 'Unknown trading pair' }),
  'withdraw.label_digits': msg({
    id: 'apitip.withdraw.label_digits',
    message: 'For this coin the tag must contain digits only',
  }),
  'fiat.currency_unsupported': msg({
    id: 'apitip.fiat.currency_unsupported',
    message: 'Only USDT can be bought',
  }),
  'fiat.amount_range': msg({
    id: 'apitip.fiat.amount_range',
    message: 'Please enter a correct purchase amount',
  }),
  'fiat.pay_way_unsupported': msg({
    id: 'apitip.fiat.pay_way_unsupported',
    message: 'This payment method is not supported',
  }),
  'fiat.rate_changed': msg({
    id: 'apitip.fiat.rate_changed',
    message: 'The price has changed, please check the new price',
  }),
  'fiat.no_merchant': msg({
    id: 'apitip.fiat.no_merchant',
    message: 'No merchant is available for this amount and payment method',
  }),
  'fiat.too_many_unfinished': msg({
    id: 'apitip.fiat.too_many_unfinished',
    message: 'You already have 3 unfinished orders, the most allowed: complete or cancel one first',
  }),
  'fiat.cancel_limit': msg({
    id: 'apitip.fiat.cancel_limit',
    message: 'You cancelled 3 orders today: buying is restricted until tomorrow',
  }),
  'fiat.order_not_found': msg({ id: 'apitip.fiat.order_not_found', message: 'Order not found' }),
  'fiat.order_state': msg({ id: 'apitip.fiat.order_state', message: 'The order has already been handled' }),
  'fiat.pic_required': msg({
    id: 'apitip.fiat.pic_required',
    message: 'Please upload the payment screenshot',
  }),
  'lockup.product_not_found': msg({ id: 'apitip.lockup.product_not_found', message: 'Product not found' }),
  'lockup.order_not_found': msg({ id: 'apitip.lockup.order_not_found', message: 'Order not found' }),
  'lockup.order_state': msg({
    id: 'apitip.lockup.order_state',
    message: 'The order is no longer in progress',
  }),
  'launch.amount_invalid': msg({
    id: 'apitip.launch.amount_invalid',
    message: 'Please enter a subscription quantity',
  }),
  'launch.below_minimum': msg({ id: 'apitip.launch.below_minimum', message: 'Below the minimum purchase' }),
  'launch.above_maximum': msg({ id: 'apitip.launch.above_maximum', message: 'Above the maximum purchase' }),
  'launch.sold_out': msg({ id: 'apitip.launch.sold_out', message: 'Not enough tokens left' }),
  'launch.not_open': msg({ id: 'apitip.launch.not_open', message: 'The subscription is not open' }),
  'launch.price_changed': msg({
    id: 'apitip.launch.price_changed',
    message: 'The price has changed, please try again',
  }),
  'launch.pay_currency_unsupported': msg({
    id: 'apitip.launch.pay_currency_unsupported',
    message: 'This currency cannot be used to pay',
  }),
  'launch.order_not_found': msg({ id: 'apitip.launch.order_not_found', message: 'Subscription not found' }),
  'launch.not_unlockable': msg({
    id: 'apitip.launch.not_unlockable',
    message: 'This subscription cannot be unlocked yet',
  }),
  'feedback.content_required': msg({
    id: 'apitip.feedback.content_required',
    message: 'Please describe your complaint',
  }),
  'feedback.too_long': msg({ id: 'apitip.feedback.too_long', message: 'At most 2000 characters' }),
  'feedback.not_found': msg({ id: 'apitip.feedback.not_found', message: 'Complaint not found' }),
  'chat.token_invalid': msg({ id: 'apitip.chat.token_invalid', message: 'Please log in again' }),
  'chat.text_required': msg({ id: 'apitip.chat.text_required', message: 'Please enter a message' }),
  'chat.too_long': msg({ id: 'apitip.chat.too_long', message: 'The message is too long' }),
  'trade.market_closed': msg({
    id: 'apitip.trade.market_closed',
    message: 'Non-trading time: this market is closed',
  }),
  'spot.pair_not_found': msg({
    id: 'apitip.spot.pair_not_found',
    message: 'This trading pair is not available for spot trading',
  }),
  'spot.price_invalid': msg({ id: 'apitip.spot.price_invalid', message: 'Please enter a valid price' }),
  'spot.number_invalid': msg({ id: 'apitip.spot.number_invalid', message: 'Please enter a valid quantity' }),
  'spot.mode_invalid': msg({ id: 'apitip.spot.mode_invalid', message: 'Unknown order type' }),
  'spot.limit_price_side': msg({
    id: 'apitip.spot.limit_price_side',
    message: 'A limit buy price must not be above the current price, a limit sell price not below it',
  }),
  'spot.depth_insufficient': msg({
    id: 'apitip.spot.depth_insufficient',
    message: 'Not enough depth in the order book for this quantity',
  }),
  'spot.no_market_price': msg({ id: 'apitip.spot.no_market_price', message: 'No market price yet' }),
  'spot.order_not_found': msg({ id: 'apitip.spot.order_not_found', message: 'Order not found' }),
  'spot.order_not_pending': msg({
    id: 'apitip.spot.order_not_pending',
    message: 'The order has already been filled or revoked',
  }),
  'lever.pair_not_found': msg({
    id: 'apitip.lever.pair_not_found',
    message: 'This contract is not available',
  }),
  'lever.type_invalid': msg({ id: 'apitip.lever.type_invalid', message: 'Please choose long or short' }),
  'lever.status_invalid': msg({ id: 'apitip.lever.status_invalid', message: 'Unknown order status' }),
  'lever.share_invalid': msg({
    id: 'apitip.lever.share_invalid',
    message: 'The number of hands must be a whole number within the allowed range',
  }),
  'lever.multiple_invalid': msg({
    id: 'apitip.lever.multiple_invalid',
    message: 'The multiple is not allowed',
  }),
  'lever.price_invalid': msg({ id: 'apitip.lever.price_invalid', message: 'Please enter a valid price' }),
  'lever.limit_price_side': msg({
    id: 'apitip.lever.limit_price_side',
    message: 'A limit buy price must not be above the current price, a limit sell price not below it',
  }),
  'lever.too_many_orders': msg({
    id: 'apitip.lever.too_many_orders',
    message: 'Maximum number of holdings or pending orders reached',
  }),
  'lever.no_market_price': msg({ id: 'apitip.lever.no_market_price', message: 'No market price yet' }),
  'lever.order_not_found': msg({ id: 'apitip.lever.order_not_found', message: 'Order not found' }),
  'lever.not_holding': msg({
    id: 'apitip.lever.not_holding',
    message: 'The position is not open (it may be closing or already closed)',
  }),
  'lever.not_pending': msg({ id: 'apitip.lever.not_pending', message: 'The order is no longer pending' }),
  'lever.stop_invalid': msg({
    id: 'apitip.lever.stop_invalid',
    message: 'Take-profit and stop-loss prices must be above 0',
  }),
  'lever.take_profit_side': msg({
    id: 'apitip.lever.take_profit_side',
    message:
      'Take-profit must not be below the open and current price for a long, nor above them for a short',
  }),
  'lever.stop_loss_side': msg({
    id: 'apitip.lever.stop_loss_side',
    message: 'Stop-loss must not be above the open and current price for a long, nor below them for a short',
  }),
  'seconds.pair_not_found': msg({
    id: 'apitip.seconds.pair_not_found',
    message: 'This trading pair is not available',
  }),
  'seconds.type_invalid': msg({ id: 'apitip.seconds.type_invalid', message: 'Please choose up or down' }),
  'seconds.seconds_invalid': msg({
    id: 'apitip.seconds.seconds_invalid',
    message: 'This duration is not available',
  }),
  'seconds.number_invalid': msg({
    id: 'apitip.seconds.number_invalid',
    message: 'Please enter a valid amount',
  }),
  'seconds.below_minimum': msg({
    id: 'apitip.seconds.below_minimum',
    message: 'The amount is below the minimum',
  }),
  'seconds.above_maximum': msg({
    id: 'apitip.seconds.above_maximum',
    message: 'The amount is above the maximum',
  }),
  'seconds.currency_invalid': msg({
    id: 'apitip.seconds.currency_invalid',
    message: 'This currency cannot be used for seconds contracts',
  }),
  'seconds.status_invalid': msg({ id: 'apitip.seconds.status_invalid', message: 'Unknown order status' }),
  'seconds.no_market_price': msg({ id: 'apitip.seconds.no_market_price', message: 'No market price yet' }),
} as const satisfies Record<ApiErrorCode, MessageDescriptor>;
