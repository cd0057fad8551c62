// The public entry of the wallet feature: what other features of this remote may use.
export { WALLET_TYPES, type WalletType } from './api/walletApi';
export { WalletSection } from './components/AssetCentre';
export { BuyRecordList, buyRecordsOf } from './components/BuyRecordList';
export { ChargeLogList } from './components/ChargeLogList';
export { TotalAssetsCard } from './components/TotalAssetsCard';
export { useBuyLog, useChargeLog, useWallets } from './hooks/useWalletQueries';
export { walletTabSx, walletTypeLabel } from './model/messages';
export { walletOf } from './model/wallets';
