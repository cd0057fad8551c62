// Trading server codes (server/src/core/error-codes.ts, section "Trading") shown translated
// (doc 1 §8; doc 2 §8). Imported once by this remote's pages.
import { msg } from '@lingui/core/macro';
import { registerApiErrorMessages } from '@app/shared';

export const tradingErrorMessages = {
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
};

registerApiErrorMessages(tradingErrorMessages);
