// A value that changes often (a live price) without re-rendering whoever only passes it on:
// holders keep the same object; only the components that read it (useLive) re-render.
import { useSyncExternalStore } from 'react';

export interface Live<T> {
  get: () => T;
  set: (value: T) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createLive<T>(initial: T): Live<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set: (next) => {
      if (Object.is(next, value)) return;
      value = next;
      for (const l of listeners) l();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useLive<T>(live: Live<T>): T {
  return useSyncExternalStore(live.subscribe, live.get, live.get);
}

/**
 * Reads a derived primitive (a formatted text): the component re-renders only when the text
 * changes, not on every tick of the value.
 */
export function useLiveSelect<T, R extends string | number | boolean | null | undefined>(
  live: Live<T>,
  select: (value: T) => R,
): R {
  const get = () => select(live.get());
  return useSyncExternalStore(live.subscribe, get, get);
}
