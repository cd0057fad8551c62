import { useCallback, useEffect, useRef, useState } from 'react';
import { frameQueue, subscribe, useReconnects } from '@app/shared';
import { secondsApi } from '../api/secondsApi';
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

function isSecondsOrder(payload: unknown): payload is SecondsOrder {
  return (
    typeof payload === 'object' && payload !== null && typeof (payload as { id?: unknown }).id === 'number'
  );
}

/**
 * Trading and closed seconds orders. A closed_microorder replaces the matching trading row with
 * its final data and removes it 0.5 s later; without one, the lists are fetched again 2 s after
 * an order's end (doc 1 §4).
 */
export function useSecondsOrders(): SecondsLists {
  const [trading, setTrading] = useState<SecondsLists['trading']>({ status: 'loading', rows: [] });
  const [closed, setClosed] = useState<SecondsLists['closed']>({ status: 'loading', rows: [] });
  const [finals, setFinals] = useState<ReadonlyMap<number, LiveSecondsOrder>>(new Map());
  const [version, setVersion] = useState(0);
  const reconnects = useReconnects();
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

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
      setFinals((m) => new Map(m).set(final.id, final));
      setTrading((s) => ({ ...s, rows: s.rows.map((r) => (r.id === final.id ? final : r)) }));
      setClosed((s) =>
        s.status === 'ready' ? { ...s, rows: [final, ...s.rows.filter((r) => r.id !== final.id)] } : s,
      );
      later(
        () => setTrading((s) => ({ ...s, rows: s.rows.filter((r) => r.id !== final.id) })),
        REMOVE_AFTER_MS,
      );
    },
    [later],
  );

  useEffect(() => {
    let alive = true;
    const now = Date.now();
    secondsApi.list(1).then(
      (rows) => {
        if (!alive) return;
        const live = rows.map((r) => toLive(r, now));
        setTrading({ status: 'ready', rows: live });
      },
      () => alive && setTrading((s) => (s.status === 'ready' ? s : { status: 'error', rows: [] })),
    );
    secondsApi.list(3).then(
      (rows) => {
        if (!alive) return;
        const live = rows.map((r) => toLive(r, now));
        setClosed({ status: 'ready', rows: live });
        setFinals((m) => {
          let next: Map<number, LiveSecondsOrder> | null = null;
          for (const r of live) {
            if (!m.has(r.id)) (next ??= new Map(m)).set(r.id, r);
          }
          return next ?? m;
        });
      },
      () => alive && setClosed((s) => (s.status === 'ready' ? s : { status: 'error', rows: [] })),
    );
    return () => {
      alive = false;
    };
  }, [version, reconnects]);

  useEffect(() => {
    const queue = frameQueue<SecondsOrder>((batch) => {
      const now = Date.now();
      for (const order of batch) settle(toLive(order, now));
    });
    const off = subscribe('closed_microorder', {}, (payload: unknown) => {
      if (isSecondsOrder(payload) && Number(payload.status) === 3) queue.push(payload);
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
          if (rowsRef.current.some((r) => r.id === id && Number(r.status) !== 3)) setVersion((n) => n + 1);
        },
        Math.max(0, due),
      );
    }
  }, [trading.rows, later]);

  const add = useCallback((order: SecondsOrder) => {
    const live = toLive(order, Date.now());
    setTrading((s) => ({ status: 'ready', rows: [live, ...s.rows.filter((r) => r.id !== live.id)] }));
  }, []);
  const reload = useCallback(() => setVersion((n) => n + 1), []);
  return { trading, closed, finals, add, reload };
}
