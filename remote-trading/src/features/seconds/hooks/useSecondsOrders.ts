import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { frameQueue, subscribe, useQuery, useQueryClient } from '@app/shared';
import { secondsApi } from '../api/secondsApi';
import { secondsKeys } from '../api/keys';
import {
  REFETCH_AFTER_MS,
  REMOVE_AFTER_MS,
  toLive,
  type LiveSecondsOrder,
  type SecondsOrder,
} from '../model/seconds';

export interface SecondsLists {
  trading: { status: 'loading' | 'ready' | 'error'; rows: LiveSecondsOrder[] };
  closed: { status: 'loading' | 'ready' | 'error'; rows: LiveSecondsOrder[] };
  /** Settled orders by id (from closed_microorder or a refetch), for the popup. */
  finals: ReadonlyMap<number, LiveSecondsOrder>;
  add: (order: SecondsOrder) => void;
  reload: () => void;
}

type ListState = SecondsLists['trading'];
const NO_ROWS: LiveSecondsOrder[] = [];

/** A list as the screen shows it: a failed refresh keeps the rows on screen. */
function listOf(query: { data: LiveSecondsOrder[] | undefined; isError: boolean }): ListState {
  if (query.data) return { status: 'ready', rows: query.data };
  return { status: query.isError ? 'error' : 'loading', rows: NO_ROWS };
}

/**
 * Trading and closed seconds orders. A closed_microorder replaces the matching trading row with
 * its final data and removes it 0.5 s later; without one, the lists are fetched again 2 s after
 * an order's end (doc 1 §4).
 */
export function useSecondsOrders(): SecondsLists {
  const queryClient = useQueryClient();
  const [settled, setSettled] = useState<ReadonlyMap<number, LiveSecondsOrder>>(new Map());
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  // The lists are cached with the local time each answer was read (no clock skew), and asked
  // again after a drop of the socket (the query layer's reconnect).
  const listQuery = (status: 1 | 3) => ({
    queryKey: secondsKeys.list(status),
    queryFn: async ({ signal }: { signal: AbortSignal }) => {
      const rows = await secondsApi.list(status, signal);
      const now = Date.now();
      return rows.map((r) => toLive(r, now));
    },
    staleTime: 0,
    refetchOnReconnect: 'always' as const,
  });
  const tradingQuery = useQuery(listQuery(1));
  const closedQuery = useQuery(listQuery(3));
  const trading = listOf(tradingQuery);
  const closed = listOf(closedQuery);
  const setRows = useCallback(
    (status: 1 | 3, update: (rows: LiveSecondsOrder[]) => LiveSecondsOrder[]) =>
      queryClient.setQueryData<LiveSecondsOrder[]>(secondsKeys.list(status), (rows) =>
        rows ? update(rows) : rows,
      ),
    [queryClient],
  );
  const refetch = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: secondsKeys.lists() }),
    [queryClient],
  );

  const later = useCallback((fn: () => void, ms: number) => {
    const handle = setTimeout(() => {
      timers.current.delete(handle);
      fn();
    }, ms);
    timers.current.add(handle);
  }, []);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const h of pending) clearTimeout(h);
      pending.clear();
    };
  }, []);

  const settle = useCallback(
    (final: LiveSecondsOrder) => {
      setSettled((m) => new Map(m).set(final.id, final));
      setRows(1, (rows) => rows.map((r) => (r.id === final.id ? final : r)));
      setRows(3, (rows) => [final, ...rows.filter((r) => r.id !== final.id)]);
      later(() => setRows(1, (rows) => rows.filter((r) => r.id !== final.id)), REMOVE_AFTER_MS);
    },
    [later, setRows],
  );

  // Settled orders and the closed orders of the loaded list are the finals (for the popup).
  const closedRows = closedQuery.data;
  const finals = useMemo(() => {
    const all = new Map<number, LiveSecondsOrder>();
    for (const r of closedRows ?? []) all.set(r.id, r);
    for (const [id, r] of settled) all.set(id, r);
    return all;
  }, [closedRows, settled]);

  useEffect(() => {
    const queue = frameQueue<SecondsOrder>((batch) => {
      const now = Date.now();
      for (const order of batch) settle(toLive(order, now));
    });
    const off = subscribe('closed_microorder', {}, (payload) => {
      // The socket hands on only payloads the contract's schema accepted.
      if (Number(payload.status) === 3) queue.push(payload);
    });
    return () => {
      off();
      queue.cancel();
    };
  }, [settle]);

  // Safety net: an order still open 2 s after its end gets the lists fetched again.
  const rowsRef = useRef(trading.rows);
  const watched = useRef(new Set<number>());
  useEffect(() => {
    rowsRef.current = trading.rows;
    const now = Date.now();
    for (const row of trading.rows) {
      if (Number(row.status) === 3 || watched.current.has(row.id)) continue;
      watched.current.add(row.id);
      const id = row.id;
      const due = Number(row.remain_milli_seconds ?? 0) - (now - row.receivedAt) + REFETCH_AFTER_MS;
      later(
        () => {
          watched.current.delete(id);
          if (rowsRef.current.some((r) => r.id === id && Number(r.status) !== 3)) refetch();
        },
        Math.max(0, due),
      );
    }
  }, [trading.rows, later, refetch]);

  const add = useCallback(
    (order: SecondsOrder) => {
      const live = toLive(order, Date.now());
      queryClient.setQueryData<LiveSecondsOrder[]>(secondsKeys.list(1), (rows = []) => [
        live,
        ...rows.filter((r) => r.id !== live.id),
      ]);
    },
    [queryClient],
  );
  return { trading, closed, finals, add, reload: refetch };
}
