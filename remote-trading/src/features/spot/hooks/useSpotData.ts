import { useCallback, useEffect, useState } from 'react';
import type { MarketPair } from '@app/shared';
import { loadPending, spotApi, type SpotDeal, type SpotOrderRow } from '../api/spotApi';

export interface Loadable<T> {
  status: 'loading' | 'ready' | 'error';
  data: T;
}

/** Limit orders fill on the server when the tape crosses them; lists follow within this. */
const REFRESH_MS = 5000;

interface SpotState {
  id: number;
  deal: Loadable<SpotDeal | null>;
  pending: Loadable<SpotOrderRow[]>;
  completed: Loadable<SpotOrderRow[]>;
}

const initial = (id: number): SpotState => ({
  id,
  deal: { status: 'loading', data: null },
  pending: { status: 'loading', data: [] },
  completed: { status: 'loading', data: [] },
});

/** Balances (transaction/deal) and the pending and completed lists of the pair, kept fresh. */
export function useSpotData(pair: MarketPair) {
  const { currencyId, legalId } = pair;
  const [state, setState] = useState<SpotState>(() => initial(currencyId));
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let alive = true;
    const put = <K extends 'deal' | 'pending' | 'completed'>(key: K, value: SpotState[K] | null) => {
      if (!alive) return;
      setState((s) => {
        const base = s.id === currencyId ? s : initial(currencyId);
        // A failed refresh keeps what is on screen.
        if (value === null)
          return base[key].status === 'ready' ? base : { ...base, [key]: { ...base[key], status: 'error' } };
        // An unchanged answer keeps the same objects: the form and lists do not render again.
        if (
          base[key].status === value.status &&
          JSON.stringify(base[key].data) === JSON.stringify(value.data)
        )
          return base;
        return { ...base, [key]: value };
      });
    };
    const load = () => {
      spotApi.deal({ legal_id: legalId, currency_id: currencyId }).then(
        (data) => put('deal', { status: 'ready', data }),
        () => put('deal', null),
      );
      loadPending(currencyId).then(
        (data) => put('pending', { status: 'ready', data }),
        () => put('pending', null),
      );
      spotApi.completed(currencyId).then(
        (data) => put('completed', { status: 'ready', data }),
        () => put('completed', null),
      );
    };
    load();
    const timer = setInterval(() => {
      if (typeof document === 'undefined' || document.visibilityState !== 'hidden') load();
    }, REFRESH_MS);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [currencyId, legalId, version]);

  const reload = useCallback(() => setVersion((n) => n + 1), []);
  const current = state.id === currencyId ? state : initial(currencyId);
  return { deal: current.deal, pending: current.pending, completed: current.completed, reload };
}
