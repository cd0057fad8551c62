// The mini chart's data (doc 1 §7 new_timeshar: last 7 points over 7 days), as a query: one
// request per symbol, kept fresh for a few minutes and shared by every row that shows it.
import { chartApi, cleanCandles } from '../../chart';
import { lastCloses, MINI_DAYS } from '../model/miniChart';

/** How long a mini chart's closes count as fresh. */
export const MINI_SERIES_STALE_MS = 5 * 60_000;

export const miniSeriesKey = (symbol: string) => ['quotes', 'mini', symbol] as const;

export async function loadMiniSeries(symbol: string, signal?: AbortSignal): Promise<string[]> {
  const to = Math.floor(Date.now() / 1000);
  const candles = await chartApi.timeshar(
    { symbol, period: '1day', from: to - MINI_DAYS * 86_400, to },
    signal,
  );
  return lastCloses(cleanCandles(candles).map((c) => c.close));
}
