// The public entry of the market feature: what other features of this remote may use.
export { CoinDrawer } from './components/CoinDrawer';
export { LiveBook } from './components/OrderBook';
export { PairBar } from './components/PairBar';
export { type DepthLive, useDepthLive } from './hooks/useDepth';
export { type QuoteLive, useQuoteLive } from './hooks/useQuote';
export { useInTrade } from './hooks/useSchedule';
export { bestPrice } from './model/depth';
export {
  type MarketTab,
  type TradePair,
  isNonTradingTime,
  storePair,
  storedPair,
  tradeTypeOf,
} from './model/pair';
export { type TradeQuote, pairOfQuote } from './model/quote';
