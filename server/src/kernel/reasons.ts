import { wallet } from '@app/contract';

/**
 * Ledger reason codes (`ledger_entries.reason`), from the contract (@app/contract `wallet`): the
 * fund log (`/api/wallet/legal_log`) hands them out as `info`; clients translate them.
 */
export const LEDGER_REASONS = wallet.LEDGER_REASONS;
export type LedgerReason = wallet.LedgerReason;

export function isLedgerReason(value: string): value is LedgerReason {
  return Object.prototype.hasOwnProperty.call(LEDGER_REASONS, value);
}
