import { useEffect, useState } from 'react';
import { subscribe } from '@app/shared';
import { frameQueue } from '../../../lib/frameQueue';
import { useReconnects } from '../../../lib/useReconnects';
import { loadQuotes } from '../api/marketApi';
import { quoteChannel, quoteFromWire, type TradeQuote } from '../model/quote';
import type { MarketTab, TradePair } from '../model/pair';

/** The live quote of the pair: loaded with its tab's list, then daymarket / futures (one update a frame). */
export function useQuote(pair: TradePair): TradeQuote | undefined {
  const [state, setState] = useState<{ id: number; quote: TradeQuote } | null>(null);
  const reconnects = useReconnects();
  const { tab, currencyId } = pair;
  useEffect(() => {
    let alive = true;
    loadQuotes(tab).then(
      (list) => {
        const found = list.find((q) => q.currencyId === currencyId);
        if (alive && found) setState((s) => (s?.id === currencyId ? s : { id: currencyId, quote: found }));
      },
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [tab, currencyId, reconnects]);
  useEffect(() => {
    const queue = frameQueue<TradeQuote>((batch) => {
      const newest = batch[batch.length - 1];
      if (newest) setState({ id: currencyId, quote: newest });
    });
    const off = subscribe(quoteChannel(tab), { currency_id: currencyId }, (payload: unknown) => {
      const q = quoteFromWire(tab, payload);
      if (q && q.currencyId === currencyId) queue.push(q);
    });
    return () => {
      off();
      queue.cancel();
    };
  }, [tab, currencyId]);
  return state?.id === currencyId ? state.quote : undefined;
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
