// The public entry of the market feature: what other features of this remote may use. The
// market data itself (pair, quotes, book, trading hours) comes from @app/shared.
export { PairBar, PairBarSkeleton } from './components/PairBar';
