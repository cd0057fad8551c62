// The public entry of the common feature: what other features of this remote may use.
export { PagedList } from './components/PagedList';
export { usePaged } from './hooks/usePaged';
export { formatAmount, formatDateTime } from './model/format';
