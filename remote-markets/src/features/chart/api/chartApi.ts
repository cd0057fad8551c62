// Chart, trade and depth calls (doc 1 §7; architecture.md), typed by the contract. new_timeshar
// and futuresKline answer {code: 1, data} outside the usual envelope (the contract says so).
import { call } from '@app/shared';
import type { market } from '@app/contract';
import type { Candle } from '../model/candles';
import type { Period } from '../model/periods';

/** A recent trade (new_tradehistory, market_detail). way: 1 sell, 2 buy. */
export type TradeWire = market.TradeView;

/** Order book: [price, quantity] pairs, best first (doc 1 §3); the snapshot names its pair. */
export type DepthWire = Pick<market.DepthView, 'bids' | 'asks'> &
  Partial<Pick<market.DepthView, 'currency_id' | 'legal_id' | 'symbol'>>;

export const chartApi = {
  /** GET /api/currency/new_timeshar: symbol ({coin}/USDT), period, from/to in epoch seconds. */
  timeshar: (query: { symbol: string; period: Period; from?: number; to?: number }, signal?: AbortSignal) =>
    call('GET /api/currency/new_timeshar', query, { auth: false, signal }).then(
      (answer): Candle[] => answer.data,
    ),
  /** POST /api/futuresKline: symbol, period. */
  futuresKline: (body: { symbol: string; period: Period }, signal?: AbortSignal) =>
    call('POST /api/futuresKline', body, { auth: false, signal }).then((answer): Candle[] => answer.data),
  /** POST /api/futuresMinuts: today's 1-minute series (data.Data[]). */
  futuresMinutes: (symbol: string, signal?: AbortSignal) =>
    call('POST /api/futuresMinuts', { symbol }, { auth: false, signal }).then((answer): Candle[] =>
      answer.Data.map((bar) => ({
        time: bar.Date,
        open: bar.Open,
        high: bar.High,
        low: bar.Low,
        close: bar.Close,
        volume: bar.Volume,
      })),
    ),
  /** GET /api/currency/new_tradehistory: the recent trades, newest first. */
  tradeHistory: (query: { legal_id: number; currency_id: number }, signal?: AbortSignal) =>
    call('GET /api/currency/new_tradehistory', query, { auth: false, signal }),
  /** GET /api/currency/depth (server addition): the order book now, before market_depth speaks. */
  depth: (query: { legal_id: number; currency_id: number }, signal?: AbortSignal) =>
    call('GET /api/currency/depth', query, { auth: false, signal }),
};
