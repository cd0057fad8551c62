import { useCallback, useEffect, useState } from 'react';
import { frameQueue, type MarketPair, subscribe, useReconnects } from '@app/shared';
import { candleChannel, loadCandles } from '../api/loadCandles';
import { candleFromPayload, cleanCandles, mergeCandle, type Candle } from '../model/candles';
import { serverPeriod, type ChartPeriod } from '../model/periods';

export interface CandlesState {
  /** pair|period the data belongs to. */
  key: string;
  /** The period of the data (while another one loads, the previous data stays on show). */
  period: ChartPeriod;
  status: 'loading' | 'ready' | 'error';
  candles: readonly Candle[];
  /** Increases with every completed load (a new dataset, not a live change). */
  loadId: number;
  error: unknown;
}

let loads = 0;

/** Candles of a pair and period, then live from kline / futures_kline (coalesced per frame). */
export function useCandles(pair: MarketPair, period: ChartPeriod): CandlesState & { retry: () => void } {
  const key = `${pair.symbol}|${period}`;
  const [state, setState] = useState<CandlesState>({
    key,
    period,
    status: 'loading',
    candles: [],
    loadId: 0,
    error: null,
  });
  const [attempt, setAttempt] = useState(0);
  const reconnects = useReconnects();

  useEffect(() => {
    const controller = new AbortController();
    loadCandles(pair, period, controller.signal).then(
      (list) => {
        loads += 1;
        setState((s) => ({
          key,
          period,
          status: 'ready',
          // Live candles that arrived while loading are newer than the answer: keep them.
          candles: (s.key === key ? s.candles : []).reduce<readonly Candle[]>(
            mergeCandle,
            cleanCandles(list),
          ),
          loadId: loads,
          error: null,
        }));
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState((s) =>
          s.key === key && s.status === 'ready'
            ? s
            : { key, period, status: 'error', candles: [], loadId: 0, error },
        );
      },
    );
    return () => controller.abort();
    // The pair is identified by its symbol and tab.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, pair.tab, attempt, reconnects]);

  useEffect(() => {
    const queue = frameQueue<Candle>((batch) =>
      setState((s) => (s.key === key ? { ...s, candles: batch.reduce(mergeCandle, s.candles) } : s)),
    );
    const unsubscribe = subscribe(
      candleChannel(pair),
      { symbol: pair.symbol, period: serverPeriod(period) },
      (payload: unknown) => {
        const candle = candleFromPayload(payload);
        if (candle) queue.push(candle);
      },
    );
    return () => {
      unsubscribe();
      queue.cancel();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, pair.tab]);

  const retry = useCallback(() => {
    setState((s) => ({ ...s, status: 'loading', error: null }));
    setAttempt((n) => n + 1);
  }, []);
  // Another pair or period is loading: the last data stays on screen meanwhile.
  if (state.key !== key) return { ...state, status: 'loading', error: null, retry };
  return { ...state, retry };
}
