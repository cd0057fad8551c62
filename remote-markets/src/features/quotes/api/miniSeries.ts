// The mini chart's data (doc 1 §7 new_timeshar: last 7 points over 7 days), fetched once per
// symbol and kept for a few minutes; a failure is retried next time.
import { chartApi, cleanCandles } from '../../chart';
import { lastCloses, MINI_DAYS } from '../model/miniChart';

const TTL_MS = 5 * 60_000;
const cache = new Map<string, { at: number; closes: Promise<string[]> }>();

export function loadMiniSeries(symbol: string, now = Date.now()): Promise<string[]> {
  const hit = cache.get(symbol);
  if (hit && now - hit.at < TTL_MS) return hit.closes;
  const to = Math.floor(now / 1000);
  const closes = chartApi
    .timeshar({ symbol, period: '1day', from: to - MINI_DAYS * 86_400, to })
    .then((candles) => lastCloses(cleanCandles(candles).map((c) => c.close)));
  cache.set(symbol, { at: now, closes });
  closes.catch(() => {
    if (cache.get(symbol)?.closes === closes) cache.delete(symbol);
  });
  return closes;
}

/** Tests only. */
export function clearMiniSeries(): void {
  cache.clear();
}
