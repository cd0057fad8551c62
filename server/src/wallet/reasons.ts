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
} as const;

export type LedgerReason = keyof typeof LEDGER_REASONS;

export function isLedgerReason(value: string): value is LedgerReason {
  return Object.prototype.hasOwnProperty.call(LEDGER_REASONS, value);
}
