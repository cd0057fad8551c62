import { useCallback, useEffect, useState } from 'react';
import { createLive, frameQueue, type Live, type MarketPair, subscribe, useReconnects } from '@app/shared';
import { loadDepth } from './api';
import { buildBook, depthFromPayload, EMPTY_BOOK, type Book, type DepthWire } from './depth';

export interface DepthSnapshot {
  status: 'loading' | 'ready' | 'error';
  book: Book;
}

export interface DepthLive {
  live: Live<DepthSnapshot>;
  retry: () => void;
}

const LOADING: DepthSnapshot = { status: 'loading', book: EMPTY_BOOK };

/** Levels a side when a screen does not say (doc 1 §9: 10 in the spot variant). */
export const BOOK_LEVELS = 10;

/**
 * The order book of the pair as a live value: the server's snapshot, then market_depth (the
 * newest per animation frame), the snapshot again after a dropped connection came back. While
 * the market is closed (`frozen`) the last snapshot stays. Only the components that read it
 * follow a tick (the screen holding it does not re-render).
 */
export function useDepth(
  pair: Pick<MarketPair, 'currencyId' | 'legalId'>,
  { levels = BOOK_LEVELS, frozen = false }: { levels?: number; frozen?: boolean } = {},
): DepthLive {
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
    const off = subscribe('market_depth', { currency_id: id, legal_id: legalId }, (payload) => {
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
