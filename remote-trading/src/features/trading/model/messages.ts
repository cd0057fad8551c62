// The spec's message keys of the trade screens (doc 1 §5, §8), with explicit ids.
import { msg } from '@lingui/core/macro';

export const tradeMessages = {
  nonTrading: msg({ id: 'trade.nonTrading', message: 'Non-trading time: orders cannot be placed now' }),
  inprice: msg({ id: 'lay.inprice', message: 'Please enter the buy price' }),
  outprice: msg({ id: 'lay.outprice', message: 'Please enter the sell price' }),
  innumber: msg({ id: 'lay.innumber', message: 'Please enter the buy quantity' }),
  outnumber: msg({ id: 'lay.outnumber', message: 'Please enter the sell quantity' }),
  pprice: msg({ id: 'lever.pprice', message: 'Please enter a price' }),
  phand: msg({ id: 'lever.phand', message: 'Please enter the number of hands' }),
  ptimes: msg({ id: 'lever.ptimes', message: 'Please choose a multiple' }),
  openNum: msg({ id: 'footer.openNum', message: 'Please enter the amount' }),
  thanzone: msg({ id: 'lever.thanzone', message: 'The price must be greater than 0' }),
  microSuccess: msg({ id: 'miscro.success', message: 'Order placed' }),
  submitted: msg({ id: 'trade.submitted', message: 'Order submitted' }),
  revoked: msg({ id: 'trade.revoked', message: 'Order revoked' }),
  closed: msg({ id: 'lever.closed', message: 'Position closed' }),
  stopsSet: msg({ id: 'lever.stopsSet', message: 'Take-profit and stop-loss saved' }),
  locked: msg({ id: 'lever.locked', message: 'This position is being processed, please try again shortly' }),
  settling: msg({ id: 'miscro.settling', message: 'Settling…' }),
  settled: msg({ id: 'miscro.settled', message: 'Settled' }),
};
