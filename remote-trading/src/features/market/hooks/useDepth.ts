import { useEffect, useMemo, useState } from 'react';
import { subscribe } from '@app/shared';
import { frameQueue } from '../../../lib/frameQueue';
import { useReconnects } from '../../../lib/useReconnects';
import { loadDepth } from '../api/marketApi';
import { buildBook, depthFromPayload, type Book, type DepthWire } from '../model/depth';
import type { TradePair } from '../model/pair';

export interface DepthState {
  status: 'loading' | 'ready' | 'error';
  book: Book;
  retry: () => void;
}

const EMPTY: DepthWire = { bids: [], asks: [] };

/**
 * The order book of the pair: the server's snapshot, then market_depth (the newest per animation
 * frame). While the market is closed (`frozen`) the last snapshot stays as it is.
 */
export function useDepth(pair: TradePair, levels: number, frozen: boolean): DepthState {
  const id = pair.currencyId;
  const legalId = pair.legalId;
  const [state, setState] = useState<{ id: number; status: DepthState['status']; depth: DepthWire }>({
    id,
    status: 'loading',
    depth: EMPTY,
  });
  const [attempt, setAttempt] = useState(0);
  const reconnects = useReconnects();

  useEffect(() => {
    const controller = new AbortController();
    loadDepth({ currency_id: id, legal_id: legalId }, controller.signal).then(
      (depth) => setState((s) => (s.id === id && s.status === 'ready' ? s : { id, status: 'ready', depth })),
      () => {
        if (!controller.signal.aborted)
          setState((s) => (s.id === id && s.status === 'ready' ? s : { id, status: 'error', depth: EMPTY }));
      },
    );
    return () => controller.abort();
  }, [id, legalId, attempt, reconnects]);

  useEffect(() => {
    if (frozen) return;
    const queue = frameQueue<DepthWire>((batch) => {
      const newest = batch[batch.length - 1];
      if (newest) setState({ id, status: 'ready', depth: newest });
    });
    const off = subscribe('market_depth', { currency_id: id, legal_id: legalId }, (payload: unknown) => {
      const depth = depthFromPayload(payload);
      if (depth) queue.push(depth);
    });
    return () => {
      off();
      queue.cancel();
    };
  }, [id, legalId, frozen]);

  const current = state.id === id ? state : { status: 'loading' as const, depth: EMPTY };
  const book = useMemo(() => buildBook(current.depth, levels), [current.depth, levels]);
  return { status: current.status, book, retry: () => setAttempt((n) => n + 1) };
}
