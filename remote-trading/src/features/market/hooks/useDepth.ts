import { useCallback, useEffect, useState } from 'react';
import { subscribe } from '@app/shared';
import { frameQueue } from '../../../lib/frameQueue';
import { createLive, type Live } from '../../../lib/live';
import { useReconnects } from '../../../lib/useReconnects';
import { loadDepth } from '../api/marketApi';
import { buildBook, depthFromPayload, type Book, type DepthWire } from '../model/depth';
import type { TradePair } from '../model/pair';

export interface DepthSnapshot {
  status: 'loading' | 'ready' | 'error';
  book: Book;
}

export interface DepthLive {
  live: Live<DepthSnapshot>;
  retry: () => void;
}

const LOADING: DepthSnapshot = { status: 'loading', book: { bids: [], asks: [] } };

/**
 * The order book of the pair as a Live value: the server's snapshot, then market_depth (the
 * newest per animation frame). While the market is closed (`frozen`) the last snapshot stays.
 * Only the components that read it re-render on a tick.
 */
export function useDepthLive(pair: TradePair, levels: number, frozen: boolean): DepthLive {
  const id = pair.currencyId;
  const legalId = pair.legalId;
  const [holder, setHolder] = useState(() => ({ id, live: createLive<DepthSnapshot>(LOADING) }));
  if (holder.id !== id) setHolder({ id, live: createLive<DepthSnapshot>(LOADING) });
  const live = holder.id === id ? holder.live : null;
  const [attempt, setAttempt] = useState(0);
  const reconnects = useReconnects();

  useEffect(() => {
    if (!live) return;
    const controller = new AbortController();
    loadDepth({ currency_id: id, legal_id: legalId }, controller.signal).then(
      (depth) => {
        if (live.get().status !== 'ready' || reconnects > 0)
          live.set({ status: 'ready', book: buildBook(depth, levels) });
      },
      () => {
        if (!controller.signal.aborted && live.get().status !== 'ready')
          live.set({ ...LOADING, status: 'error' });
      },
    );
    return () => controller.abort();
  }, [id, legalId, attempt, reconnects, live, levels]);

  useEffect(() => {
    if (frozen || !live) return;
    const queue = frameQueue<DepthWire>((batch) => {
      const newest = batch[batch.length - 1];
      if (newest) live.set({ status: 'ready', book: buildBook(newest, levels) });
    });
    const off = subscribe('market_depth', { currency_id: id, legal_id: legalId }, (payload: unknown) => {
      const depth = depthFromPayload(payload);
      if (depth) queue.push(depth);
    });
    return () => {
      off();
      queue.cancel();
    };
  }, [id, legalId, frozen, live, levels]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { live: live ?? holder.live, retry };
}
