// The server's error codes of this slice (server/API.md, issue 6), translated in this remote's
// catalogue. Imported once by every page of the remote.
import { msg } from '@lingui/core/macro';
import { registerApiErrorMessages } from '@app/shared';

export const otcErrorMessages = {
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
};

registerApiErrorMessages(otcErrorMessages);
