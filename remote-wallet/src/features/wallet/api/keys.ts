// Query keys of the wallet feature (one factory: a transfer or a withdrawal invalidates
// `walletKeys.all`, every balance and history at once).
import type { WalletType } from './walletApi';

export const walletKeys = {
  all: ['wallet'] as const,
  list: () => [...walletKeys.all, 'list'] as const,
  depositAddress: (currencyId: number) => [...walletKeys.all, 'deposit-address', currencyId] as const,
  fundLog: (type: WalletType, currency: number) => [...walletKeys.all, 'fund-log', type, currency] as const,
  chargeLog: () => [...walletKeys.all, 'charge-log'] as const,
  addresses: (currencyId: number) => [...walletKeys.all, 'addresses', currencyId] as const,
  withdrawInfo: (currencyId: number) => [...walletKeys.all, 'withdraw-info', currencyId] as const,
  buyLog: () => [...walletKeys.all, 'buy-log'] as const,
  withdrawals: () => [...walletKeys.all, 'withdrawals'] as const,
};
