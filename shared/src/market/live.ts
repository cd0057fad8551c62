// A value that changes often (a live price) without re-rendering whoever only passes it on:
// holders keep the same object; only the components that read it (useLive) re-render.
import { useSyncExternalStore } from 'react';

/** A value to read and follow (a store's row, a live price). */
export interface LiveValue<T> {
  get: () => T;
  subscribe: (listener: () => void) => () => void;
}

export interface Live<T> extends LiveValue<T> {
  set: (value: T) => void;
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

export function useLive<T>(live: LiveValue<T>): T {
  return useSyncExternalStore(live.subscribe, live.get, live.get);
}

/**
 * Reads a derived primitive (a formatted text): the component re-renders only when the text
 * changes, not on every tick of the value.
 */
export function useLiveSelect<T, R extends string | number | boolean | null | undefined>(
  live: LiveValue<T>,
  select: (value: T) => R,
): R {
  const get = () => select(live.get());
  return useSyncExternalStore(live.subscribe, get, get);
}
