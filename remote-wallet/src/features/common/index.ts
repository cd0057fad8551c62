// The public entry of the common feature: what other features of this remote may use.
export { CopyButton } from './components/CopyButton';
export { FullScreenDialog } from './components/FullScreenDialog';
export { StatusChip, type StatusTone } from './components/StatusChip';
export { ChevronIcon, DeleteIcon, DepositIcon, SwapIcon, WalletIcon, WithdrawIcon } from './components/icons';
export { formatTime } from './model/time';
