// The public entry of the lever feature: what other features of this remote may use.
export { type LeverTradeEvent } from './api/leverApi';
export { LeverForm } from './components/LeverForm';
export { LeverOrders } from './components/LeverOrders';
export { useLeverDeal } from './hooks/useLeverDeal';
