import { useEffect, useMemo, useState } from 'react';
import { subscribe } from '@app/shared';
import { frameQueue } from '../../../lib/frameQueue';
import { useReconnects } from '../../../lib/useReconnects';
import { chartApi, type DepthWire } from '../api/chartApi';
import { buildBook, depthFromPayload, type Book } from '../model/depth';
import type { ChartPair } from '../model/pair';

export interface DepthState {
  status: 'loading' | 'ready' | 'error';
  book: Book;
  retry: () => void;
}

const EMPTY: DepthWire = { bids: [], asks: [] };

/** The order book: a snapshot first, then market_depth (the newest per frame). */
export function useDepth(pair: ChartPair): DepthState {
  const id = pair.currencyId;
  const [state, setState] = useState<{ id: number; status: DepthState['status']; depth: DepthWire }>({
    id,
    status: 'loading',
    depth: EMPTY,
  });
  const [attempt, setAttempt] = useState(0);
  const reconnects = useReconnects();

  useEffect(() => {
    const controller = new AbortController();
    chartApi.depth({ legal_id: pair.legalId, currency_id: id }, controller.signal).then(
      (depth) => setState((s) => (s.id === id && s.status === 'ready' ? s : { id, status: 'ready', depth })),
      () => {
        if (!controller.signal.aborted)
          setState((s) => (s.id === id && s.status === 'ready' ? s : { id, status: 'error', depth: EMPTY }));
      },
    );
    return () => controller.abort();
  }, [id, pair.legalId, attempt, reconnects]);

  useEffect(() => {
    const queue = frameQueue<DepthWire>((batch) => {
      const newest = batch[batch.length - 1];
      if (newest) setState({ id, status: 'ready', depth: newest });
    });
    const unsubscribe = subscribe('market_depth', { currency_id: id }, (payload: unknown) => {
      const depth = depthFromPayload(payload);
      if (depth) queue.push(depth);
    });
    return () => {
      unsubscribe();
      queue.cancel();
    };
  }, [id]);

  const current = state.id === id ? state : { status: 'loading' as const, depth: EMPTY };
  const book = useMemo(() => buildBook(current.depth), [current.depth]);
  return { status: current.status, book, retry: () => setAttempt((n) => n + 1) };
}
