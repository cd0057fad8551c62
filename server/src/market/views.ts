/**
 * What the market hands out (REST answers and channel payloads), computed from an instrument's
 * in-memory state: quotes, depth, schedule, trades and candles in the spec's shapes.
 */
import { type Candle, viewOf } from './candles';
import { colorOf, formatUnits, percentChange } from './decimal';
import { simulateDepth, type DepthBook } from './depth';
import type { Instrument } from './instruments';
import { isOpen, nextChange } from './schedule';
import type { InstrumentState } from './state';
import type { TapeTrade } from './tape';
import { DAY_MS, type Period } from './time';

/** Crypto quote (spec §3 "Quote (crypto)"), element of quotation_new's `quotation` and the daymarket payload. */
export interface CryptoQuote {
  id: number;
  currency_id: number;
  legal_id: number;
  currency_name: string;
  legal_name: string;
  symbol: string;
  logo: string;
  now_price: string;
  change: string;
  volume: string;
  high: string;
  low: string;
  open: string;
  color: 1 | 0 | -1;
  spread: string;
  lever_trade_fee: string;
  lever_share_num: string;
}

/** Metals / futures quote (spec §3 "Quote (futures/metals)"), element of futureslist and the futures payload. */
export interface FuturesQuote {
  id: number;
  currency_id: number;
  legal_id: number;
  symbol: string;
  name: string;
  logo: string;
  new_price: string;
  last_close: string;
  open_price: string;
  high_price: string;
  low_price: string;
  volume: string;
  inTrade: 1 | 0;
  change: string;
  color: 1 | 0 | -1;
  spread: string;
  lever_trade_fee: string;
  lever_share_num: string;
}

/** A recent trade as new_tradehistory and market_detail hand it out. */
export interface TradeView {
  seq: number;
  price: string;
  number: string;
  /** 1 sell, 2 buy (taker side). */
  way: 1 | 2;
  /** Epoch ms. */
  time: number;
}

export interface DepthView extends DepthBook {
  currency_id: number;
  legal_id: number;
  symbol: string;
}

export interface ScheduleView {
  currency_id: number;
  symbol: string;
  inTrade: 1 | 0;
  /** Epoch ms of the next open/close, null when always open. */
  next_change: number | null;
}

/** The schedule channel's payload (and market_schedule's answer) at `now`. */
export function scheduleView(instrument: Instrument, now: number): ScheduleView {
  return {
    currency_id: instrument.id,
    symbol: instrument.symbol,
    inTrade: isOpen(instrument.schedule, now) ? 1 : 0,
    next_change: nextChange(instrument.schedule, now) ?? null,
  };
}

function logo(publicOrigin: string, instrument: Instrument): string {
  return `${publicOrigin}/api/assets/coin/${instrument.name}.svg`;
}

export function cryptoQuote(state: InstrumentState, now: number, publicOrigin: string): CryptoQuote {
  const { instrument } = state;
  const p = instrument.precision;
  const lastTicks = state.last?.ticks ?? 0;
  // Rolling 24 hours of 1-minute candles.
  const since = now - DAY_MS;
  let open: number | undefined;
  let high = lastTicks;
  let low = lastTicks;
  let volume = 0;
  for (const candle of state.minutes) {
    if (candle.time < since) continue;
    if (open === undefined) {
      open = candle.open;
      high = candle.high;
      low = candle.low;
    }
    if (candle.high > high) high = candle.high;
    if (candle.low < low) low = candle.low;
    volume += candle.volume;
  }
  const base = open ?? lastTicks;
  return {
    id: instrument.matchId,
    currency_id: instrument.id,
    legal_id: instrument.legalId,
    currency_name: instrument.name,
    legal_name: instrument.quoteName,
    symbol: instrument.symbol,
    logo: logo(publicOrigin, instrument),
    now_price: formatUnits(lastTicks, p),
    change: percentChange(lastTicks, base),
    volume: formatUnits(volume, instrument.qtyPrecision),
    high: formatUnits(Math.max(high, lastTicks), p),
    low: formatUnits(Math.min(low, lastTicks), p),
    open: formatUnits(base, p),
    color: colorOf(lastTicks, base),
    spread: instrument.spread,
    lever_trade_fee: instrument.leverTradeFee,
    lever_share_num: instrument.leverShareNum,
  };
}

export function futuresQuote(state: InstrumentState, now: number, publicOrigin: string): FuturesQuote {
  const { instrument } = state;
  const p = instrument.precision;
  const lastTicks = state.last?.ticks ?? 0;
  // The latest trading day (Asia/Shanghai): on a closed day, the last day that traded.
  const day = state.candles['1day'];
  const open = day?.open ?? lastTicks;
  const lastClose = state.prevDay?.close ?? open;
  return {
    id: instrument.matchId,
    currency_id: instrument.id,
    legal_id: instrument.legalId,
    symbol: instrument.symbol,
    name: instrument.title,
    logo: logo(publicOrigin, instrument),
    new_price: formatUnits(lastTicks, p),
    last_close: formatUnits(lastClose, p),
    open_price: formatUnits(open, p),
    high_price: formatUnits(Math.max(day?.high ?? lastTicks, lastTicks), p),
    low_price: formatUnits(Math.min(day?.low ?? lastTicks, lastTicks), p),
    volume: formatUnits(day?.volume ?? 0, instrument.qtyPrecision),
    inTrade: isOpen(instrument.schedule, now) ? 1 : 0,
    change: percentChange(lastTicks, lastClose),
    color: lastTicks === open ? 0 : colorOf(lastTicks, lastClose),
    spread: instrument.spread,
    lever_trade_fee: instrument.leverTradeFee,
    lever_share_num: instrument.leverShareNum,
  };
}

export function quoteOf(
  state: InstrumentState,
  now: number,
  publicOrigin: string,
): CryptoQuote | FuturesQuote {
  return state.instrument.kind === 'crypto'
    ? cryptoQuote(state, now, publicOrigin)
    : futuresQuote(state, now, publicOrigin);
}

/** One book per last trade: repeated reads agree, the book moves with the tape. */
export function depthOf(state: InstrumentState, seed: number): DepthView {
  const { instrument } = state;
  const lastTicks = state.last?.ticks ?? 1;
  const seq = state.last?.trade.seq ?? 0;
  if (state.depthCache?.seq === seq) return state.depthCache.view;
  const book = simulateDepth(instrument, lastTicks, seed, seq);
  const view: DepthView = {
    bids: book.bids,
    asks: book.asks,
    currency_id: instrument.id,
    legal_id: instrument.legalId,
    symbol: instrument.symbol,
  };
  state.depthCache = { seq, view };
  return view;
}

export function tradeView(trade: TapeTrade): TradeView {
  return { seq: trade.seq, price: trade.price, number: trade.qty, way: trade.side, time: trade.time };
}

/** The spec's Candle: time, open, high, low, close, volume, period, change (close vs open, %), symbol. */
export function candlePayload(instrument: Instrument, period: Period, candle: Candle) {
  // Object.assign, not a spread between other properties (slow on Node 20: kernel ledgerEntryOf).
  return Object.assign({ symbol: instrument.symbol, period }, viewOf(instrument, candle), {
    change: percentChange(candle.close, candle.open),
    currency_id: instrument.id,
    legal_id: instrument.legalId,
  });
}

/** `market_schedule_<currency id>` and `market_schedule_<name>` (e.g. market_schedule_101, market_schedule_XAUUSD). */
export function scheduleChannels(instrument: Instrument): string[] {
  return [`market_schedule_${instrument.id}`, `market_schedule_${instrument.name}`];
}
