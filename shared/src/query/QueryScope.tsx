import { type ReactNode, startTransition, useContext, useEffect, useState } from 'react';
import { appQueryClient, isQueryLayerLoaded, loadQueryLayer, queryLibrary } from './layer';

/**
 * True once the data layer is loaded (at once when it already is); starts loading it. A failed
 * load is thrown on render, so the route's error boundary offers its retry.
 */
export function useQueryLayer(): boolean {
  const [state, setState] = useState<{ ready: boolean; error?: unknown }>(() => ({
    ready: isQueryLayerLoaded(),
  }));
  useEffect(() => {
    if (state.ready) return;
    loadQueryLayer().then(
      () => startTransition(() => setState({ ready: true })),
      (error: unknown) => setState({ ready: false, error }),
    );
  }, [state.ready]);
  if (state.error) throw state.error;
  return state.ready;
}

/**
 * The app's QueryClient for what renders inside (every page of the host's routes and of the
 * dev shells comes through withCatalog, which puts it there); an outer provider (a test's) wins.
 */
export function QueryScope({ children }: { children: ReactNode }) {
  const { QueryClientContext, QueryClientProvider } = queryLibrary();
  const outer = useContext(QueryClientContext);
  if (outer) return <>{children}</>;
  return <QueryClientProvider client={appQueryClient()}>{children}</QueryClientProvider>;
}
