import { type MarketPair } from '@app/shared';
import { chartApi } from './chartApi';
import type { Candle } from '../model/candles';
import { serverPeriod, type ChartPeriod } from '../model/periods';

/**
 * The candles of a pair and period (doc 1 §7): crypto from new_timeshar; metals and futures
 * from futuresKline, their realtime line from futuresMinuts (today's 1-minute series).
 */
export function loadCandles(pair: MarketPair, period: ChartPeriod, signal?: AbortSignal): Promise<Candle[]> {
  if (pair.tab === 0) return chartApi.timeshar({ symbol: pair.symbol, period: serverPeriod(period) }, signal);
  if (period === 'realtime') return chartApi.futuresMinutes(pair.symbol, signal);
  return chartApi.futuresKline({ symbol: pair.symbol, period }, signal);
}

/** The live candle channel (doc 1 §7): kline for crypto, futures_kline for metals and futures. */
export function candleChannel(pair: MarketPair): 'kline' | 'futures_kline' {
  return pair.tab === 0 ? 'kline' : 'futures_kline';
}
