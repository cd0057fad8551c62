// The app's useNavigate. react-router 7's navigate(...) returns `void | Promise<void>` (a promise
// under a data router, which rejects when the navigation fails): a call site that drops it leaves
// a rejection unhandled, and every call site dropped it. This one returns nothing and handles the
// promise itself. Client code imports it from '@app/shared' (lint: no useNavigate from
// react-router outside shared/src/routing).
import { useCallback } from 'react';
import { useNavigate as useRouterNavigate, type NavigateOptions, type To } from 'react-router-dom';

/** Goes to `to` (options as react-router's), or `delta` entries through the history. */
export interface NavigateFunction {
  (to: To, options?: NavigateOptions): void;
  (delta: number): void;
}

function navigationFailed(error: unknown): void {
  console.error('[router] navigation failed', error);
}

/** react-router's useNavigate, whose function returns nothing (see above). */
export function useNavigate(): NavigateFunction {
  const navigate = useRouterNavigate();
  return useCallback<NavigateFunction>(
    (to: To | number, options?: NavigateOptions) => {
      const done = typeof to === 'number' ? navigate(to) : navigate(to, options);
      if (done) done.catch(navigationFailed);
    },
    [navigate],
  );
}
