// The one data layer for server state: TanStack Query, shared once through federation
// (scripts/federation.cjs). No start-up chunk imports it: it loads beside a page's catalogue
// (withCatalog waits for both, after the page's first paint), so no route's start-up bytes
// grow. Remotes use the hooks below, which call the loaded library; its types are re-exported.
import type * as ReactQuery from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';

export type QueryLibrary = typeof ReactQuery;
export type {
  QueryClient,
  QueryKey,
  InfiniteData,
  UseQueryOptions,
  UseQueryResult,
  UseMutationOptions,
  UseMutationResult,
} from '@tanstack/react-query';

let library: QueryLibrary | null = null;
let client: QueryClient | null = null;
let loading: Promise<QueryLibrary> | null = null;

/** Loads the library and the app's one QueryClient (once; a failed load is tried again next time). */
export function loadQueryLayer(): Promise<QueryLibrary> {
  loading ??= import('./loaded').then(
    (m) => {
      library = m.library;
      client = m.client;
      return m.library;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

export const isQueryLayerLoaded = (): boolean => library !== null;

/** For tests, which import the library themselves: the layer is there before the first render. */
export function installQueryLayer(m: QueryLibrary, appClient: QueryClient): void {
  library = m;
  client = appClient;
  loading = Promise.resolve(m);
}

/** The loaded library; a component that uses a query renders only after withCatalog's gate. */
export function queryLibrary(): QueryLibrary {
  if (!library) throw new Error('The data layer is not loaded: render the page through withCatalog');
  return library;
}

/** The app's one QueryClient (the host's routes and every dev shell share it). */
export function appQueryClient(): QueryClient {
  queryLibrary();
  return client as QueryClient;
}

type Hook = (...args: never[]) => unknown;
const bind = <K extends 'useQuery' | 'useInfiniteQuery' | 'useMutation' | 'useQueryClient' | 'useIsFetching'>(
  name: K,
) => ((...args: never[]) => (queryLibrary()[name] as Hook)(...args)) as QueryLibrary[K];

export const useQuery = bind('useQuery');
export const useInfiniteQuery = bind('useInfiniteQuery');
export const useMutation = bind('useMutation');
export const useQueryClient = bind('useQueryClient');
export const useIsFetching = bind('useIsFetching');

/** Keeps the previous key's data on screen while the next key loads (TanStack's keepPreviousData). */
export const keepPrevious = <T>(previous: T | undefined): T | undefined => previous;

/**
 * After an action that moves money (a transfer, a withdrawal, a lock-up, a subscription...):
 * balances and histories are read in several remotes, so every cached read becomes stale and
 * those on screen are asked again.
 */
export function useRefreshAfterAction(): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries();
}
