// Labels and messages of the asset screens, as message descriptors (translated where shown).
import { msg } from '@lingui/core/macro';
import type { otc, wallet } from '@app/contract';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { StatusTone } from '../../common';
import type { BuyRecordStatus, WalletType, WithdrawalStatus } from '../api/walletApi';
import type { TransferProblem } from './transfer';
import type { AddressProblem, WithdrawalProblem } from './withdrawal';

/** Transfer account types (doc 2 §9): coin, contract, fiat, seconds contract. */
export const walletTypeLabel: Record<WalletType, MessageDescriptor> = {
  change: msg({ id: 'wallet.type.change', message: 'Coin account' }),
  lever: msg({ id: 'wallet.type.lever', message: 'Contract account' }),
  legal: msg({ id: 'wallet.type.legal', message: 'Fiat account' }),
  micro: msg({ id: 'wallet.type.micro', message: 'Seconds contract account' }),
};

/** Ledger reason codes of the fund log (API.md LEDGER_REASONS, doc 1 §8 trade-log texts). */
/** One text per ledger reason of the contract: a reason without one is a type error. */
export const fundLogReason: Record<wallet.LedgerReason, MessageDescriptor> = {
  seed: msg({ id: 'fundlog.seed', message: 'Opening balance' }),
  deposit: msg({ id: 'fundlog.deposit', message: 'Deposit' }),
  withdrawal_lock: msg({ id: 'fundlog.withdrawal_lock', message: 'Withdrawal frozen' }),
  withdrawal: msg({ id: 'fundlog.withdrawal', message: 'Withdrawal' }),
  withdrawal_fee: msg({ id: 'fundlog.withdrawal_fee', message: 'Withdrawal fee' }),
  withdrawal_release: msg({ id: 'fundlog.withdrawal_release', message: 'Withdrawal returned' }),
  transfer_out: msg({ id: 'fundlog.transfer_out', message: 'Transfer out' }),
  transfer_in: msg({ id: 'fundlog.transfer_in', message: 'Transfer in' }),
  margin_deduction: msg({ id: 'fundlog.margin_deduction', message: 'Margin deduction' }),
  margin_release: msg({ id: 'fundlog.margin_release', message: 'Margin returned' }),
  fee_deduction: msg({ id: 'fundlog.fee_deduction', message: 'Fee deduction' }),
  profit: msg({ id: 'fundlog.profit', message: 'Profit' }),
  loss: msg({ id: 'fundlog.loss', message: 'Loss' }),
  balance_adjustment: msg({ id: 'fundlog.balance_adjustment', message: 'Balance adjustment' }),
  liquidation: msg({ id: 'fundlog.liquidation', message: 'Liquidation' }),
  spot_order_lock: msg({ id: 'fundlog.spot_order_lock', message: 'Spot order frozen' }),
  spot_order_release: msg({
    id: 'fundlog.spot_order_release',
    message: 'Spot order cancelled, funds returned',
  }),
  spot_buy: msg({ id: 'fundlog.spot_buy', message: 'Spot buy' }),
  spot_sell: msg({ id: 'fundlog.spot_sell', message: 'Spot sell' }),
  spot_pay: msg({ id: 'fundlog.spot_pay', message: 'Spot trade settlement' }),
  seconds_stake: msg({ id: 'fundlog.seconds_stake', message: 'Seconds contract stake' }),
  seconds_payout: msg({ id: 'fundlog.seconds_payout', message: 'Seconds contract payout' }),
  seconds_refund: msg({ id: 'fundlog.seconds_refund', message: 'Seconds contract refund' }),
  fiat_buy: msg({ id: 'fundlog.fiat_buy', message: 'USDT bought with fiat' }),
  launch_subscribe: msg({ id: 'fundlog.launch_subscribe', message: 'Launch subscription payment' }),
  launch_unlock: msg({ id: 'fundlog.launch_unlock', message: 'Launch subscription unlocked' }),
  lockup_lock: msg({ id: 'fundlog.lockup_lock', message: 'Lock-up mining principal locked' }),
  lockup_release: msg({ id: 'fundlog.lockup_release', message: 'Lock-up mining principal returned' }),
  lockup_interest: msg({ id: 'fundlog.lockup_interest', message: 'Lock-up mining interest' }),
  lockup_cancel_fee: msg({
    id: 'fundlog.lockup_cancel_fee',
    message: 'Lock-up mining early cancellation fee',
  }),
};

/** The fund log's text of a ledger reason; an unknown code is shown as sent. */
export function fundLogReasonText(i18n: I18n, reason: string): string {
  const descriptor = Object.prototype.hasOwnProperty.call(fundLogReason, reason)
    ? fundLogReason[reason as wallet.LedgerReason]
    : undefined;
  return descriptor ? i18n._(descriptor) : reason;
}

/** Deposit/withdraw log entry types. */
export const chargeTypeLabel: Record<'deposit' | 'withdrawal', MessageDescriptor> = {
  deposit: msg({ id: 'charge.type.deposit', message: 'Deposit' }),
  withdrawal: msg({ id: 'charge.type.withdrawal', message: 'Withdrawal' }),
};

/** Buy-record status (doc 1 §4): -1 cancelled, 0 awaiting payment, 1 paid, 2 completed. */
export const buyRecordStatusLabel: Record<BuyRecordStatus, MessageDescriptor> = {
  [-1]: msg({ id: 'buy.status.-1', message: 'Cancelled' }),
  0: msg({ id: 'buy.status.0', message: 'Awaiting payment' }),
  1: msg({ id: 'buy.status.1', message: 'Paid' }),
  2: msg({ id: 'buy.status.2', message: 'Completed' }),
};

/** The pay ways the fiat area offers (the contract sends the text). */
export const payWayLabel: Record<otc.PayWay, MessageDescriptor> = {
  alipay: msg({ id: 'pay_way.alipay', message: 'Alipay' }),
  wechat: msg({ id: 'pay_way.wechat', message: 'WeChat Pay' }),
  bank: msg({ id: 'pay_way.bank', message: 'Bank card' }),
};

export const withdrawalStatusLabel: Record<WithdrawalStatus, MessageDescriptor> = {
  0: msg({ id: 'withdrawal.status.0', message: 'Applying' }),
  1: msg({ id: 'withdrawal.status.1', message: 'Waiting for chain' }),
  2: msg({ id: 'withdrawal.status.2', message: 'Success' }),
  3: msg({ id: 'withdrawal.status.3', message: 'Failed' }),
  4: msg({ id: 'withdrawal.status.4', message: 'Rejected' }),
};

/** The chip colour of a withdrawal's status (withdrawals and the deposit/withdraw log). */
export const withdrawalStatusTone: Record<WithdrawalStatus, StatusTone> = {
  0: 'warning',
  1: 'info',
  2: 'success',
  3: 'error',
  4: 'error',
};

export const transferProblemMessage: Record<TransferProblem, MessageDescriptor> = {
  amountRequired: msg({ id: 'transfer.amount_required', message: 'Please enter the amount' }),
  amountInvalid: msg({ id: 'transfer.amount_invalid', message: 'The amount must be greater than 0' }),
  amountExceeds: msg({ id: 'transfer.amount_exceeds', message: 'The amount exceeds the available balance' }),
  sameWallet: msg({ id: 'transfer.same_wallet', message: 'Cannot transfer to the same account' }),
};

export const withdrawalProblemMessage: Record<WithdrawalProblem, MessageDescriptor> = {
  addressRequired: msg({ id: 'withdraw.address_required', message: 'Please choose a withdrawal address' }),
  amountRequired: msg({ id: 'withdraw.amount_required', message: 'Please enter the amount' }),
  amountInvalid: msg({ id: 'withdraw.amount_invalid', message: 'The amount must be greater than 0' }),
  belowMinimum: msg({ id: 'withdraw.below_min', message: 'The amount is below the minimum withdrawal' }),
  aboveMaximum: msg({ id: 'withdraw.above_max', message: 'The amount is above the maximum withdrawal' }),
  insufficient: msg({
    id: 'withdraw.insufficient',
    message: 'Amount plus fee exceeds the available balance',
  }),
  fundPasswordNotSet: msg({
    id: 'withdraw.fund_password_not_set',
    message: 'Please set a fund password first',
  }),
  fundPasswordRule: msg({ id: 'withdraw.fund_password_rule', message: 'The fund password is 6 digits' }),
};

export const addressProblemMessage: Record<AddressProblem, MessageDescriptor> = {
  addressRequired: msg({ id: 'address.required', message: 'Please enter the address' }),
  addressInvalid: msg({
    id: 'address.invalid',
    message: 'The address must be 6 to 128 characters without spaces',
  }),
  labelInvalid: msg({
    id: 'address.label_invalid',
    message: 'The label may contain letters and digits only',
  }),
  labelDigits: msg({
    id: 'address.label_digits',
    message: 'For this coin the tag must contain digits only',
  }),
};

/**
 * The wallet tabs (four accounts) share the width; a long name wraps onto a second line
 * instead of running off the screen (Chinese and German names at 360 px).
 */
export const walletTabSx = {
  minHeight: 48,
  minWidth: 0,
  px: 0.5,
  fontSize: 13,
  lineHeight: 1.25,
  whiteSpace: 'normal',
} as const;
