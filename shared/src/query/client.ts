// The app's QueryClient: its defaults, and what tells it the connection is back.
import type * as ReactQuery from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { getDefaultStore } from 'jotai';
import { socketStatusAtom, type SocketStatus } from '../socket/socket';
import { sessionAtom } from '../session/session';

/** How long an answer counts as fresh: a screen visited again within it shows without a request. */
export const QUERY_STALE_MS = 30_000;
export function createAppQueryClient(m: typeof ReactQuery): QueryClient {
  const client = new m.QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_MS,
        // One retry layer: the HTTP client (../api/http.ts) repeats a GET after a network
        // failure or a 5xx, and only a GET; a query on top of it would multiply the tries.
        retry: false,
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
      },
      // An action is sent once: a failed order, transfer or withdrawal is never repeated.
      mutations: { retry: false },
    },
  });
  connect(m, client);
  return client;
}

/**
 * Refetch on reconnect: the browser's online/offline events and the app's socket coming back
 * after a drop both go through the onlineManager (which refetches the stale queries on screen
 * and resumes paused mutations); focus goes through the focusManager (visibility).
 */
function connect(m: typeof ReactQuery, client: QueryClient): void {
  if (typeof window === 'undefined') return;
  const store = getDefaultStore();
  let status: SocketStatus = store.get(socketStatusAtom);
  m.onlineManager.setEventListener((setOnline) => {
    const online = () => setOnline(true);
    const offline = () => setOnline(false);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    const stop = store.sub(socketStatusAtom, () => {
      const next = store.get(socketStatusAtom);
      // Back after a drop: whatever was pushed meanwhile was missed, so ask again.
      if (status === 'reconnecting' && next === 'connected') {
        setOnline(false);
        setOnline(true);
      }
      status = next;
    });
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      stop();
    };
  });
  // Another user's data must never show: a login or a logout starts from an empty cache.
  let token = store.get(sessionAtom).token;
  store.sub(sessionAtom, () => {
    const next = store.get(sessionAtom).token;
    if (next !== token) client.clear();
    token = next;
  });
}
