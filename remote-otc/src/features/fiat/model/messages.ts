// Texts of the fiat purchase screens (doc 2 §8), translated where shown.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { FiatOrderStatus, PayWay } from '../api/fiatApi';
import type { BuyProblem } from './fiat';

export const payWayLabel: Record<PayWay, MessageDescriptor> = {
  bank: msg({ id: 'fiat.payway.bank', message: 'Bank card' }),
  alipay: msg({ id: 'fiat.payway.alipay', message: 'Alipay' }),
  wechat: msg({ id: 'fiat.payway.wechat', message: 'WeChat Pay' }),
};

export const buyProblemMessage: Record<BuyProblem, MessageDescriptor> = {
  amount: msg({ id: 'fiat.buy.amount_invalid', message: 'Please enter a correct purchase amount' }),
  alipay: msg({ id: 'fiat.buy.alipay_unsupported', message: 'Alipay transfer is not supported' }),
  wechat: msg({ id: 'fiat.buy.wechat_unsupported', message: 'WeChat payment is not supported' }),
  bank: msg({ id: 'fiat.buy.bank_unsupported', message: 'Bank card transfer is not supported' }),
};

export const orderStatusLabel: Record<FiatOrderStatus, MessageDescriptor> = {
  [-1]: msg({ id: 'fiat.status.cancelled', message: 'Cancelled' }),
  0: msg({ id: 'fiat.status.awaiting', message: 'Awaiting payment' }),
  1: msg({ id: 'fiat.status.paid', message: 'Paid, awaiting merchant confirmation' }),
  2: msg({ id: 'fiat.status.completed', message: 'Completed' }),
};

/** The three steps (doc 2 §2): match merchant, buyer pays, merchant confirms. */
export const stepLabels: MessageDescriptor[] = [
  msg({ id: 'fiat.step.match', message: 'Match merchant' }),
  msg({ id: 'fiat.step.pay', message: 'Buyer pays' }),
  msg({ id: 'fiat.step.confirm', message: 'Merchant confirms' }),
];

export const fiatMessages = {
  orderPlaced: msg({ id: 'fiat.buy.placed', message: 'Order placed' }),
  screenshotRequired: msg({
    id: 'fiat.pay.screenshot_required',
    message: 'Please upload the payment screenshot',
  }),
  maliciousWarning: msg({
    id: 'fiat.pay.malicious_warning',
    message: 'Confirm only after you have really paid: malicious clicking may freeze your account.',
  }),
  paidDone: msg({ id: 'fiat.pay.done', message: 'Payment confirmed, waiting for the merchant' }),
  cancelled: msg({ id: 'fiat.cancel.done', message: 'Order cancelled' }),
};
