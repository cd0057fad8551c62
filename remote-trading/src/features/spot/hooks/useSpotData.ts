import { useCallback, useDeferredValue } from 'react';
import { useQuery, useQueryClient, type MarketPair } from '@app/shared';
import { loadPending, spotApi, type SpotDeal, type SpotOrderRow } from '../api/spotApi';
import { spotKeys } from '../api/keys';

export interface Loadable<T> {
  status: 'loading' | 'ready' | 'error';
  data: T;
}

/** Limit orders fill on the server when the tape crosses them; lists follow within this. */
const REFRESH_MS = 5000;

/**
 * A query as the spot screen shows it: a failed refresh keeps what is on screen. A new answer
 * reaches the screen in a deferred render (in slices), not in the query layer's synchronous one.
 */
function useLoadable<T>(query: { status: 'pending' | 'error' | 'success'; data: T | undefined }, empty: T) {
  const data = useDeferredValue(query.data);
  const status: Loadable<T>['status'] =
    data !== undefined ? 'ready' : query.status === 'error' ? 'error' : 'loading';
  return { status, data: data ?? empty };
}

const NO_ROWS: SpotOrderRow[] = [];

/**
 * Balances (transaction/deal) and the pending and completed lists of the pair, polled every 5 s
 * while the page is visible. An unchanged answer keeps the same objects (the query layer's
 * structural sharing), so the form and the lists do not render again.
 */
export function useSpotData(pair: MarketPair) {
  const { currencyId, legalId } = pair;
  const queryClient = useQueryClient();
  const poll = { refetchInterval: REFRESH_MS, staleTime: 0 } as const;
  const deal = useQuery({
    queryKey: spotKeys.deal(currencyId, legalId),
    queryFn: ({ signal }) => spotApi.deal({ legal_id: legalId, currency_id: currencyId }, signal),
    ...poll,
  });
  const pending = useQuery({
    queryKey: spotKeys.pending(currencyId, legalId),
    queryFn: ({ signal }) => loadPending(currencyId, signal),
    ...poll,
  });
  const completed = useQuery({
    queryKey: spotKeys.completed(currencyId, legalId),
    queryFn: ({ signal }) => spotApi.completed(currencyId, signal),
    ...poll,
  });
  // After an order or a cancellation: balances and both lists are asked again.
  const reload = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: spotKeys.pair(currencyId, legalId) }),
    [queryClient, currencyId, legalId],
  );
  return {
    deal: useLoadable<SpotDeal | null>(deal, null),
    pending: useLoadable(pending, NO_ROWS),
    completed: useLoadable(completed, NO_ROWS),
    reload,
  };
}
