import { startTransition, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { subscribe } from '@app/shared';
import { useReconnects } from '../../../lib/useReconnects';
import { loadQuotesCached } from '../api/quotesApi';
import { quoteChannel, quoteFromPayload, type MarketQuote, type MarketTab } from '../model/quote';
import { quoteStoreOf, type QuoteStore } from '../model/quoteStore';

export interface MarketQuotesState {
  store: QuoteStore;
  /** loading: nothing to show yet; ready: quotes on screen (maybe refreshing); error: nothing could load. */
  status: 'loading' | 'ready' | 'error';
  error: unknown;
  /** Currency ids in the server's order. */
  ids: readonly number[];
  retry: () => void;
}

/**
 * The quotes of a tab: loaded once (kept between screens), live from daymarket or futures.
 * Only a load changes `ids`; live updates reach the rows through the store. `only` follows one
 * instrument live (the chart page's header) instead of the whole tab.
 */
export function useMarketQuotes(tab: MarketTab, options: { only?: number } = {}): MarketQuotesState {
  const only = options.only;
  const store = quoteStoreOf(tab);
  const [failure, setFailure] = useState<{ tab: MarketTab; error: unknown } | null>(null);
  const [attempt, setAttempt] = useState(0);
  // After a dropped connection the list is loaded again (what changed meanwhile); until then
  // the last values stay on screen.
  const reconnects = useReconnects();
  // A load (or a live frame) re-renders the list as a transition: a list of 30 rows is rendered
  // in slices that yield to the browser, never as one long task.
  const [listed, setListed] = useState(() => ({ store, ids: store.ids(), hasData: store.hasData() }));
  useEffect(() => {
    const update = () =>
      setListed((s) =>
        s.store === store && s.ids === store.ids() && s.hasData === store.hasData()
          ? s
          : { store, ids: store.ids(), hasData: store.hasData() },
      );
    update();
    return store.subscribe(() => startTransition(update));
  }, [store]);
  const current = listed.store === store ? listed : { ids: store.ids(), hasData: store.hasData() };
  const ids = current.ids;

  useEffect(() => {
    let alive = true;
    store
      .load(() => loadQuotesCached(tab, store.hasData()))
      .then(
        () => {
          if (alive) setFailure(null);
        },
        (error: unknown) => {
          if (alive) setFailure({ tab, error });
        },
      );
    return () => {
      alive = false;
    };
  }, [tab, store, attempt, reconnects]);

  useEffect(
    () =>
      subscribe(quoteChannel(tab), only === undefined ? {} : { currency_id: only }, (payload: unknown) => {
        const quote = quoteFromPayload(tab, payload);
        if (quote) store.push(quote);
      }),
    [tab, store, only],
  );

  const retry = useCallback(() => {
    setFailure(null);
    setAttempt((n) => n + 1);
  }, []);

  const hasData = current.hasData;
  const error = failure?.tab === tab ? failure.error : null;
  const status = hasData ? 'ready' : error ? 'error' : 'loading';
  return { store, status, error, ids, retry };
}

/** One quote, re-rendering only when that quote changes. */
export function useQuote(store: QuoteStore, currencyId: number): MarketQuote | undefined {
  const subscribeRow = useCallback(
    (listener: () => void) => store.subscribeRow(currencyId, listener),
    [store, currencyId],
  );
  return useSyncExternalStore(
    subscribeRow,
    () => store.get(currencyId),
    () => store.get(currencyId),
  );
}

/** The store's version, for views whose order depends on live values (sorting). */
export function useQuoteVersion(store: QuoteStore, enabled: boolean): number {
  const noop = useCallback(() => () => undefined, []);
  return useSyncExternalStore(
    enabled ? store.subscribe : noop,
    enabled ? store.getVersion : () => 0,
    () => 0,
  );
}

/**
 * A value derived from one live quote (a formatted price, a colour...), re-rendering only when
 * that value changes. Live ticks reach it as a transition: React renders them in slices that
 * yield to the browser, so a frame of 30 changed quotes never makes one long task.
 * `select` must be a stable function (module level or memoised).
 */
export function useQuoteSelector<T>(
  store: QuoteStore,
  currencyId: number,
  select: (quote: MarketQuote | undefined) => T,
): T {
  const [state, setState] = useState(() => ({ store, currencyId, value: select(store.get(currencyId)) }));
  useEffect(() => {
    const update = () => {
      const value = select(store.get(currencyId));
      setState((s) =>
        s.store === store && s.currencyId === currencyId && Object.is(s.value, value)
          ? s
          : { store, currencyId, value },
      );
    };
    update(); // anything that changed between render and subscription
    return store.subscribeRow(currencyId, () => startTransition(update));
  }, [store, currencyId, select]);
  // Another quote than the one in state (props changed): read it now.
  if (state.store !== store || state.currencyId !== currencyId) return select(store.get(currencyId));
  return state.value;
}
