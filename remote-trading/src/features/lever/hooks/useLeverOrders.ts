import { useCallback, useEffect, useRef } from 'react';
import { frameQueue, subscribe, useQuery, useQueryClient } from '@app/shared';
import {
  leverApi,
  leverEventFromPayload,
  type LeverListStatus,
  type LeverRow,
  type LeverTradeEvent,
} from '../api/leverApi';
import { leverKeys } from '../api/keys';

export interface LeverOrdersState {
  status: 'loading' | 'ready' | 'error';
  rows: LeverRow[];
  reload: () => void;
}

/** Applies a batch of lever_trade events to the rows of one tab. */
export function applyLeverEvents(
  tab: LeverListStatus,
  rows: LeverRow[],
  events: LeverTradeEvent[],
): LeverRow[] {
  let out = rows;
  for (const e of events) {
    if (tab === 1) out = e.holding;
    else if (tab === 0) out = e.pending;
    else if (e.order && Number(e.order.status) === tab && (tab === 3 || tab === 4)) {
      const order = e.order;
      out = [order, ...out.filter((r) => r.id !== order.id)];
    }
  }
  return out;
}

/**
 * The rows of one tab (my_trade), cached per tab and live through lever_trade (one cache update
 * per animation frame). Changing tab reloads that tab (doc 1 §4), showing its cached rows meanwhile;
 * the socket coming back after a drop asks again (the query layer's reconnect). `onEvent` hears
 * every event (balances follow).
 */
export function useLeverOrders(
  tab: LeverListStatus,
  enabled: boolean,
  onEvent?: (e: LeverTradeEvent) => void,
): LeverOrdersState {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: leverKeys.orders(tab),
    queryFn: ({ signal }) => leverApi.myTrade(tab, signal),
    enabled,
    // Only the tab on screen hears lever_trade: a tab shown again is asked again (its cached
    // rows show meanwhile), and so is the tab on screen when the socket comes back after a drop.
    staleTime: 0,
    refetchOnReconnect: 'always',
  });
  const listener = useRef(onEvent);
  useEffect(() => {
    listener.current = onEvent;
  });

  useEffect(() => {
    if (!enabled) return;
    const queue = frameQueue<LeverTradeEvent>((batch) => {
      queryClient.setQueryData<LeverRow[]>(leverKeys.orders(tab), (rows) =>
        rows ? applyLeverEvents(tab, rows, batch) : rows,
      );
      for (const e of batch) listener.current?.(e);
    });
    const off = subscribe('lever_trade', {}, (payload) => {
      queue.push(leverEventFromPayload(payload));
    });
    return () => {
      off();
      queue.cancel();
    };
  }, [tab, enabled, queryClient]);

  const reload = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: leverKeys.orders(tab) }),
    [queryClient, tab],
  );
  const status: LeverOrdersState['status'] =
    query.status === 'success'
      ? 'ready'
      : query.status === 'error' && !query.isFetching
        ? 'error'
        : 'loading';
  return { status, rows: query.data ?? NO_ROWS, reload };
}

const NO_ROWS: LeverRow[] = [];
