import { useEffect, useState } from 'react';
import { subscribe } from '@app/shared';
import { frameQueue } from '../../../lib/frameQueue';
import { createLive, type Live } from '../../../lib/live';
import { useReconnects } from '../../../lib/useReconnects';
import { loadQuotes } from '../api/marketApi';
import { quoteChannel, quoteFromWire, type TradeQuote } from '../model/quote';
import type { MarketTab, TradePair } from '../model/pair';

export type QuoteLive = Live<TradeQuote | undefined>;

/**
 * The live quote of the pair, as a Live value: loaded with its tab's list, then daymarket /
 * futures (at most one update a frame). Only the components that read it re-render on a tick.
 */
export function useQuoteLive(pair: TradePair): QuoteLive {
  const { tab, currencyId } = pair;
  const [live, setLive] = useState(() => ({
    id: currencyId,
    live: createLive<TradeQuote | undefined>(undefined),
  }));
  const current = live.id === currencyId ? live.live : null;
  if (current === null) setLive({ id: currencyId, live: createLive<TradeQuote | undefined>(undefined) });
  const target = current ?? live.live;
  const reconnects = useReconnects();
  useEffect(() => {
    let alive = true;
    loadQuotes(tab).then(
      (list) => {
        const found = list.find((q) => q.currencyId === currencyId);
        if (alive && found && !target.get()) target.set(found);
      },
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [tab, currencyId, reconnects, target]);
  useEffect(() => {
    const queue = frameQueue<TradeQuote>((batch) => {
      const newest = batch[batch.length - 1];
      if (newest) target.set(newest);
    });
    const off = subscribe(quoteChannel(tab), { currency_id: currencyId }, (payload: unknown) => {
      const q = quoteFromWire(tab, payload);
      if (q && q.currencyId === currencyId) queue.push(q);
    });
    return () => {
      off();
      queue.cancel();
    };
  }, [tab, currencyId, target]);
  return target;
}

export interface QuoteListState {
  status: 'loading' | 'ready' | 'error';
  quotes: TradeQuote[];
  retry: () => void;
}

/** A tab's quotes for the coin drawer, live while it is open. */
export function useQuoteList(tab: MarketTab, enabled: boolean): QuoteListState {
  const [state, setState] = useState<{
    tab: MarketTab;
    status: QuoteListState['status'];
    quotes: TradeQuote[];
  }>({
    tab,
    status: 'loading',
    quotes: [],
  });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    let alive = true;
    loadQuotes(tab).then(
      (quotes) => alive && setState({ tab, status: 'ready', quotes }),
      () =>
        alive &&
        setState((s) => ({
          tab,
          status: s.tab === tab && s.quotes.length ? 'ready' : 'error',
          quotes: s.tab === tab ? s.quotes : [],
        })),
    );
    return () => {
      alive = false;
    };
  }, [tab, enabled, attempt]);
  useEffect(() => {
    if (!enabled) return;
    const queue = frameQueue<TradeQuote>((batch) => {
      setState((s) => {
        if (s.tab !== tab || s.quotes.length === 0) return s;
        const byId = new Map(batch.map((q) => [q.currencyId, q]));
        return { ...s, quotes: s.quotes.map((q) => byId.get(q.currencyId) ?? q) };
      });
    });
    const off = subscribe(quoteChannel(tab), {}, (payload: unknown) => {
      const q = quoteFromWire(tab, payload);
      if (q) queue.push(q);
    });
    return () => {
      off();
      queue.cancel();
    };
  }, [tab, enabled]);
  const current = state.tab === tab ? state : { status: 'loading' as const, quotes: [] };
  return { status: current.status, quotes: current.quotes, retry: () => setAttempt((n) => n + 1) };
}
