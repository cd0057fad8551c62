// Chart calls (doc 1 §7; architecture.md), typed by the contract; trades and the book come from
// @app/shared's market client. new_timeshar and futuresKline answer {code: 1, data} outside the
// usual envelope (the contract says so).
import { call } from '@app/shared';
import type { Candle } from '../model/candles';
import type { Period } from '../model/periods';

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
};
