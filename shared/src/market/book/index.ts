// The order book, the tape and trading hours of the market-data client: parsing and the live
// hooks (snapshot, then the channel a frame at a time, the snapshot again after a reconnect).
// Imported as `@app/shared/market-book`, not from the package root (the start-up singleton):
// only the chart and trade pages need it, and it holds no state of its own (the frame queue,
// the socket and the reconnect count come from the root), so each remote bundles this module.
export * from './depth';
export * from './trades';
export * from './api';
export * from './useDepth';
export * from './useTrades';
export * from './useInTrade';
