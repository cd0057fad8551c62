// The public entry of the quotes feature: what other features of this remote may use.
export { MarketTabs } from './components/MarketTabs';
export { QuoteListBody, QuoteListHeader } from './components/QuoteList';
export { ClosedLabel } from './components/QuoteRow';
export { useMarketQuotes, useQuoteSelector } from './hooks/useMarketQuotes';
export { useOpenChart } from './hooks/useOpenChart';
export { klineUrl, rememberPair, storeTab, storedTab } from './model/chartLink';
export { colorKey, decimalsOf, formatChange, formatPrice, formatVolume, signOf } from './model/format';
export { tabLabels } from './model/messages';
export { type MarketQuote, type MarketTab, type QuoteColor, parseMarketTab } from './model/quote';
export { type QuoteStore } from './model/quoteStore';
