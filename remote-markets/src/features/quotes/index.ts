// The public entry of the quotes feature: what other features of this remote may use. The
// quotes themselves (stores, live hooks, the stored pair and tab) come from @app/shared.
export { MarketTabs } from './components/MarketTabs';
export { QuoteListBody, QuoteListHeader } from './components/QuoteList';
export { ClosedLabel } from './components/ClosedLabel';
export { useOpenChart } from './hooks/useOpenChart';
export {
  colorKey,
  decimalsOf,
  formatChange,
  formatPrice,
  formatVolume,
  loadCompactFormatter,
  signOf,
} from './model/format';
export { tabLabels } from './model/messages';
