import { useCallback, useEffect, useRef, useState } from 'react';

export type LoadState<T> =
  { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; data: T };

export type Loaded<T> = LoadState<T> & {
  /** Show the skeleton again and load anew (after an error). */
  retry: () => void;
  /** Load anew in the background, keeping what is shown (after a change). */
  reload: () => void;
};

/**
 * One server read for a screen: loading → ready | error, with retry. `key` changes (e.g. the
 * selected coin) start a new load; answers of an older load are dropped.
 */
export function useLoad<T>(load: () => Promise<T>, key: string = ''): Loaded<T> {
  const [state, setState] = useState<LoadState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    let alive = true;
    loadRef.current().then(
      (data) => {
        if (alive) setState({ status: 'ready', data });
      },
      (error: unknown) => {
        if (alive) setState({ status: 'error', error });
      },
    );
    return () => {
      alive = false;
    };
  }, [attempt, key]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  return { ...state, retry, reload };
}
