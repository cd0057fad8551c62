import { useCallback, useEffect } from 'react';
import { frameQueue, keepPrevious, type MarketPair, subscribe, useQuery, useQueryClient } from '@app/shared';
import { candleChannel, loadCandles } from '../api/loadCandles';
import { chartKeys } from '../api/keys';
import { candleFromPayload, cleanCandles, mergeCandle, type Candle } from '../model/candles';
import { serverPeriod, type ChartPeriod } from '../model/periods';

/** The chart asks for its candles again every 10 s (doc 1 §9: chart refresh 10 s); live candles come between. */
export const CHART_REFRESH_MS = 10_000;

export interface CandlesState {
  /** pair|period the data belongs to. */
  key: string;
  /** The period of the data (while another one loads, the previous data stays on show). */
  period: ChartPeriod;
  status: 'loading' | 'ready' | 'error';
  candles: readonly Candle[];
  /** Changes with every new dataset (another pair or period), not with a live change or a refresh. */
  loadId: number;
  error: unknown;
}

/** What the query caches: the candles with the pair and period they belong to. */
interface CandleData {
  key: string;
  period: ChartPeriod;
  candles: readonly Candle[];
}

// One id per dataset (pair and period): the chart is built again when it changes.
let loads = 0;
const loadIds = new Map<string, number>();
function loadIdOf(key: string): number {
  let id = loadIds.get(key);
  if (id === undefined) {
    loads += 1;
    id = loads;
    loadIds.set(key, id);
  }
  return id;
}

/**
 * Candles of a pair and period: a query (asked again every 10 s, on reconnect and on focus;
 * aborted when the screen leaves), with live candles from kline / futures_kline merged into its
 * cached data (coalesced per frame). While another pair or period loads, the last data stays.
 */
export function useCandles(pair: MarketPair, period: ChartPeriod): CandlesState & { retry: () => void } {
  const key = `${pair.symbol}|${period}`;
  const queryClient = useQueryClient();
  const queryKey = chartKeys.candles(pair.symbol, pair.tab, period);
  const query = useQuery({
    queryKey,
    queryFn: async ({ signal }): Promise<CandleData> => {
      const answer = cleanCandles(await loadCandles(pair, period, signal));
      // Live bars newer than the answer arrived while it was on its way: keep them.
      const last = answer[answer.length - 1]?.time ?? -Infinity;
      const held = queryClient.getQueryData<CandleData>(queryKey)?.candles ?? [];
      const candles = held.filter((c) => c.time > last).reduce<readonly Candle[]>(mergeCandle, answer);
      return { key, period, candles };
    },
    refetchInterval: CHART_REFRESH_MS,
    staleTime: 0,
    refetchOnReconnect: 'always',
    placeholderData: keepPrevious,
  });

  useEffect(() => {
    const target = chartKeys.candles(pair.symbol, pair.tab, period);
    const queue = frameQueue<Candle>((batch) =>
      queryClient.setQueryData<CandleData>(target, (data) =>
        data ? { ...data, candles: batch.reduce(mergeCandle, data.candles) } : data,
      ),
    );
    const unsubscribe = subscribe(
      candleChannel(pair),
      { symbol: pair.symbol, period: serverPeriod(period) },
      (payload) => {
        const candle = candleFromPayload(payload);
        if (candle) queue.push(candle);
      },
    );
    return () => {
      unsubscribe();
      queue.cancel();
    };
    // The pair is identified by its symbol and tab.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pair.symbol, pair.tab, period, queryClient]);

  const { refetch } = query;
  const retry = useCallback(() => void refetch(), [refetch]);
  const data = query.data;
  if (!data) {
    const status = query.isError && !query.isFetching ? 'error' : 'loading';
    return { key, period, status, candles: [], loadId: 0, error: query.error, retry };
  }
  // Another pair or period is loading: the last data stays on screen meanwhile.
  const current = data.key === key && !query.isPlaceholderData;
  return {
    key: data.key,
    period: data.period,
    status: current ? 'ready' : query.isError && !query.isFetching ? 'error' : 'loading',
    candles: data.candles,
    loadId: loadIdOf(data.key),
    error: current ? null : query.error,
    retry,
  };
}
