// The market-data client: instruments and the stored pair, quote parsing, the frame-batched
// live store, and the live subscriptions that load their snapshot again after a reconnect. Both
// market remotes use it. Here (the federated root every route loads at start-up) only what the
// quote lists need and the state that must be one (the quote stores, the frame queue); the order
// book, trades and trading hours (`@app/shared/market-book`) and the UI (`@app/shared/OrderBook`,
// `@app/shared/CoinDrawer`) are separate entries, bundled by the pages that show them.
export * from './frameQueue';
export * from './useReconnects';
export * from './live';
export * from './pair';
export * from './quote';
export * from './quoteStore';
export * from './api';
export * from './useMarketQuotes';
