/**
 * Ledger reason codes (`ledger_entries.reason`). The fund log (`/api/wallet/legal_log`) hands them
 * out as `info`; clients translate them. Stable: never rename one, append.
 */
export const LEDGER_REASONS = {
  seed: 'Opening balance of the demo account',
  deposit: 'Deposit credited',
  withdrawal_lock: 'Withdrawal applied: amount and fee moved from available to locked',
  withdrawal: 'Withdrawal sent on chain (locked amount burned)',
  withdrawal_fee: 'Withdrawal fee (locked fee burned)',
  withdrawal_release: 'Withdrawal rejected or failed: locked amount and fee returned',
  transfer_out: 'Transfer to another wallet of the same user',
  transfer_in: 'Transfer from another wallet of the same user',
  margin_deduction: 'Margin deducted',
  margin_release: 'Margin returned',
  fee_deduction: 'Trading fee deducted',
  profit: 'Trade profit',
  loss: 'Trade loss',
  balance_adjustment: 'Balance adjustment',
  liquidation: 'Liquidation',
  // Spot (issue 5)
  spot_order_lock: 'Limit order placed: funds moved from available to locked',
  spot_order_release: 'Limit order revoked: locked funds returned',
  spot_buy: 'Spot trade: bought',
  spot_sell: 'Spot trade: sold',
  spot_pay: 'Spot trade: paid for a buy, or the coin delivered for a sell',
  // Seconds contracts (issue 5)
  seconds_stake: 'Seconds contract opened: stake deducted',
  seconds_payout: 'Seconds contract won: stake and profit returned',
  seconds_refund: 'Seconds contract tied: stake returned',
  // Fiat purchase, launch subscriptions, lock-up mining (issue 6)
  fiat_buy: 'Fiat purchase of USDT confirmed by the merchant',
  launch_subscribe: 'Launch subscription paid',
  launch_unlock: 'Launch subscription unlocked: tokens credited',
  lockup_lock: 'Lock-up mining: principal locked',
  lockup_release: 'Lock-up mining: principal returned',
  lockup_interest: 'Lock-up mining: interest paid',
  lockup_cancel_fee: 'Lock-up mining cancelled early: fee',
} as const;

export type LedgerReason = keyof typeof LEDGER_REASONS;

export function isLedgerReason(value: string): value is LedgerReason {
  return Object.prototype.hasOwnProperty.call(LEDGER_REASONS, value);
}
