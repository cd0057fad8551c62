/** The wallet domain's public face: what other domains and the composition level use. */
export { findCurrency } from './currencies';
export { recordDeposit } from './deposits';
export { creditDeposit } from './service';
export { usdtPrice } from './wallets';
export { reviewWithdrawal, type WithdrawalAction } from './withdrawals';
