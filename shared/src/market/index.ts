// The market-data client: instruments and the stored pair, quote / depth / trade / schedule
// parsing, the frame-batched live store, and the live subscriptions that load their snapshot
// again after a reconnect. Both market remotes use it; its UI (order book, coin drawer) is the
// separate entries `@app/shared/OrderBook` and `@app/shared/CoinDrawer`, bundled only by the
// pages that show them.
export * from './frameQueue';
export * from './useReconnects';
export * from './live';
export * from './pair';
export * from './quote';
export * from './depth';
export * from './trades';
export * from './quoteStore';
export * from './api';
export * from './useMarketQuotes';
export * from './useDepth';
export * from './useTrades';
export * from './useInTrade';
