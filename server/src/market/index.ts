/**
 * The market domain's public face. Other domains see prices only through `PricePort`
 * (`ctx.prices`); the engine itself (`createMarket`, `Market`) is for the composition root.
 */
export { parseUnits } from './decimal';
export type { DepthBook } from './depth';
export { createMarket, type Market } from './engine';
export { findInstrument, type Instrument, INSTRUMENTS } from './instruments';
export type { PricePort, TickListener } from './port';
export { registerMarketRoutes } from './routes';
export type { TapePoint, TapeTrade } from './tape';
