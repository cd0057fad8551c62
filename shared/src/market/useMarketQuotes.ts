import { startTransition, useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { subscribe } from '../socket/socket';
import { loadQuotesCached } from './api';
import type { LiveValue } from './live';
import type { MarketPair, MarketTab } from './pair';
import { quoteChannel, quoteFromWire, type MarketQuote } from './quote';
import { quoteStoreOf, type QuoteStore } from './quoteStore';
import { useReconnects } from './useReconnects';

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
 * The quotes of a tab: loaded once (kept between screens and remotes), live from daymarket or
 * futures, loaded again after a dropped connection came back. Only a load changes `ids`; live
 * updates reach the rows through the store. `only` follows one instrument live (a chart header,
 * a trade screen) instead of the whole tab.
 */
export function useMarketQuotes(tab: MarketTab, options: { only?: number } = {}): MarketQuotesState {
  const only = options.only;
  const store = quoteStoreOf(tab);
  const [failure, setFailure] = useState<{ tab: MarketTab; error: unknown } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const reconnects = useReconnects();
  // A load re-renders the list as a transition: a list of 30 rows is rendered in slices that
  // yield to the browser, never as one long task.
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
      subscribe(quoteChannel(tab), only === undefined ? {} : { currency_id: only }, (payload) => {
        const quote = quoteFromWire(tab, payload);
        if (quote) store.push(quote);
      }),
    [tab, store, only],
  );

  const retry = useCallback(() => {
    setFailure(null);
    setAttempt((n) => n + 1);
  }, []);

  const error = failure?.tab === tab ? failure.error : null;
  const status = current.hasData ? 'ready' : error ? 'error' : 'loading';
  return { store, status, error, ids: current.ids, retry };
}

/** One quote, re-rendering only when that quote changes. */
export function useQuote(store: QuoteStore, currencyId: number): MarketQuote | undefined {
  const subscribeRow = useCallback(
    (listener: () => void) => store.subscribeRow(currencyId, listener),
    [store, currencyId],
  );
  const get = () => store.get(currencyId);
  return useSyncExternalStore(subscribeRow, get, get);
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

/** The live quote of one instrument, for components that read it (useLiveSelect) or follow it. */
export type QuoteLive = LiveValue<MarketQuote | undefined>;

/**
 * The quote of the pair on screen as a live value (its tab's list loaded, then only this
 * instrument followed): the screen does not re-render on a tick, only the parts that read it.
 */
export function useQuoteLive(pair: Pick<MarketPair, 'tab' | 'currencyId'>): QuoteLive {
  const { store } = useMarketQuotes(pair.tab, { only: pair.currencyId });
  const id = pair.currencyId;
  return useMemo(
    () => ({ get: () => store.get(id), subscribe: (listener) => store.subscribeRow(id, listener) }),
    [store, id],
  );
}
