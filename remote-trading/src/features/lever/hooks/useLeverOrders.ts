import { useCallback, useEffect, useRef, useState } from 'react';
import { frameQueue, subscribe, useReconnects } from '@app/shared';
import {
  leverApi,
  leverEventFromPayload,
  type LeverListStatus,
  type LeverRow,
  type LeverTradeEvent,
} from '../api/leverApi';

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
    if (tab === 1 && e.holding) out = e.holding;
    else if (tab === 0 && e.pending) out = e.pending;
    else if (e.order && Number(e.order.status) === tab && (tab === 3 || tab === 4)) {
      const order = e.order;
      out = [order, ...out.filter((r) => r.id !== order.id)];
    }
  }
  return out;
}

/**
 * The rows of one tab (my_trade), live through lever_trade (one update per animation frame).
 * Changing tab clears and reloads (doc 1 §4). `onEvent` hears every event (balances follow).
 */
export function useLeverOrders(
  tab: LeverListStatus,
  enabled: boolean,
  onEvent?: (e: LeverTradeEvent) => void,
): LeverOrdersState {
  const [state, setState] = useState<{
    tab: LeverListStatus;
    status: LeverOrdersState['status'];
    rows: LeverRow[];
  }>({
    tab,
    status: 'loading',
    rows: [],
  });
  const [attempt, setAttempt] = useState(0);
  const reconnects = useReconnects();
  const listener = useRef(onEvent);
  useEffect(() => {
    listener.current = onEvent;
  });

  useEffect(() => {
    if (!enabled) return;
    let alive = true;
    leverApi.myTrade(tab).then(
      (rows) => alive && setState({ tab, status: 'ready', rows }),
      () => alive && setState({ tab, status: 'error', rows: [] }),
    );
    return () => {
      alive = false;
    };
  }, [tab, enabled, attempt, reconnects]);

  useEffect(() => {
    if (!enabled) return;
    const queue = frameQueue<LeverTradeEvent>((batch) => {
      setState((s) =>
        s.tab === tab && s.status === 'ready' ? { ...s, rows: applyLeverEvents(tab, s.rows, batch) } : s,
      );
      for (const e of batch) listener.current?.(e);
    });
    const off = subscribe('lever_trade', {}, (payload: unknown) => {
      const e = leverEventFromPayload(payload);
      if (e) queue.push(e);
    });
    return () => {
      off();
      queue.cancel();
    };
  }, [tab, enabled]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const current = state.tab === tab ? state : { status: 'loading' as const, rows: [] };
  return { status: current.status, rows: current.rows, reload };
}
