import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { subscribe } from '@app/shared';
import { useReconnects } from '../../../lib/useReconnects';
import { loadQuotes } from '../api/quotesApi';
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
 * Only a load changes `ids`; live updates reach the rows through the store.
 */
export function useMarketQuotes(tab: MarketTab): MarketQuotesState {
  const store = quoteStoreOf(tab);
  const [failure, setFailure] = useState<{ tab: MarketTab; error: unknown } | null>(null);
  const [attempt, setAttempt] = useState(0);
  // After a dropped connection the list is loaded again (what changed meanwhile); until then
  // the last values stay on screen.
  const reconnects = useReconnects();
  const ids = useSyncExternalStore(
    store.subscribe,
    () => store.ids(),
    () => store.ids(),
  );

  useEffect(() => {
    let alive = true;
    store
      .load(() => loadQuotes(tab))
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
      subscribe(quoteChannel(tab), {}, (payload: unknown) => {
        const quote = quoteFromPayload(tab, payload);
        if (quote) store.push(quote);
      }),
    [tab, store],
  );

  const retry = useCallback(() => {
    setFailure(null);
    setAttempt((n) => n + 1);
  }, []);

  const hasData = store.hasData();
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
