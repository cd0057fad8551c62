import { useEffect, useState } from 'react';
import { frameQueue, type MarketPair, subscribe, useReconnects } from '@app/shared';
import { loadTrades } from './api';
import { mergeTrades, tradesFromPayload, type Trade } from './trades';

export interface TradesState {
  status: 'loading' | 'ready' | 'error';
  trades: Trade[];
  retry: () => void;
}

/**
 * The last 20 trades: new_tradehistory first (again after a dropped connection came back),
 * then market_detail (coalesced per frame).
 */
export function useTrades(pair: Pick<MarketPair, 'currencyId' | 'legalId'>): TradesState {
  const id = pair.currencyId;
  const [state, setState] = useState<{ id: number; status: TradesState['status']; trades: Trade[] }>({
    id,
    status: 'loading',
    trades: [],
  });
  const [attempt, setAttempt] = useState(0);
  const reconnects = useReconnects();

  useEffect(() => {
    const controller = new AbortController();
    loadTrades({ legal_id: pair.legalId, currency_id: id }, controller.signal).then(
      (list) =>
        setState((s) => ({
          id,
          status: 'ready',
          trades: mergeTrades(s.id === id ? s.trades : [], list),
        })),
      () => {
        if (!controller.signal.aborted)
          setState((s) =>
            s.id === id && s.trades.length > 0
              ? { ...s, status: 'ready' }
              : { id, status: 'error', trades: [] },
          );
      },
    );
    return () => controller.abort();
  }, [id, pair.legalId, attempt, reconnects]);

  useEffect(() => {
    const queue = frameQueue<Trade[]>((batches) =>
      setState((s) => (s.id === id ? { ...s, trades: mergeTrades(s.trades, batches.reverse().flat()) } : s)),
    );
    const off = subscribe('market_detail', { currency_id: id }, (payload) => {
      const trades = tradesFromPayload(payload);
      if (trades.length > 0) queue.push(trades);
    });
    return () => {
      off();
      queue.cancel();
    };
  }, [id]);

  const retry = () => setAttempt((n) => n + 1);
  if (state.id !== id) return { status: 'loading', trades: [], retry };
  return { status: state.status, trades: state.trades, retry };
}
