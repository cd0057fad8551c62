// Test helper: intercepts fetch (the network edge) and answers API paths in the server's
// envelope. Each route receives the JSON body sent; answering with `hold()` keeps a request
// pending until the test releases it (to tap twice while an answer is awaited).

export interface FetchCall {
  path: string;
  body: Record<string, unknown>;
  /** The query parameters (without the timestamp `_t`). */
  query: Record<string, string>;
}

export type RouteAnswer = unknown | { error: string; message?: string };
export type Route = (
  body: Record<string, unknown>,
  query: Record<string, string>,
) => RouteAnswer | Promise<RouteAnswer>;

export interface FetchMock {
  calls: FetchCall[];
  /** The calls to one path. */
  to: (path: string) => FetchCall[];
  restore: () => void;
}

/** A failure envelope with a stable code (the client shows apitip.<code>). */
export const apiFailure = (code: string, message = code) => ({ error: code, message });

function isFailure(answer: unknown): answer is { error: string; message?: string } {
  return (
    typeof answer === 'object' && answer !== null && typeof (answer as { error?: unknown }).error === 'string'
  );
}

/**
 * Replaces global fetch: `routes` maps an API path ("/api/transaction/in") to its answer.
 * A path with no route answers 404 with an error envelope; a route that throws is a network
 * failure (fetch rejects).
 */
export function mockFetch(routes: Record<string, Route>): FetchMock {
  const real = globalThis.fetch;
  const calls: FetchCall[] = [];
  const fake = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    let body: Record<string, unknown> = {};
    if (typeof init?.body === 'string') body = JSON.parse(init.body) as Record<string, unknown>;
    const query = Object.fromEntries([...url.searchParams].filter(([key]) => key !== '_t'));
    calls.push({ path: url.pathname, body, query });
    const route = routes[url.pathname];
    const answer = route ? await route(body, query) : apiFailure('not_found');
    const envelope = isFailure(answer)
      ? { type: 'error', code: answer.error, message: answer.message ?? answer.error }
      : { type: 'ok', message: answer };
    return {
      ok: !isFailure(answer),
      status: route ? 200 : 404,
      json: () => Promise.resolve(envelope),
    } as Response;
  };
  globalThis.fetch = fake as typeof fetch;
  return {
    calls,
    to: (path) => calls.filter((c) => c.path === path),
    restore: () => {
      globalThis.fetch = real;
    },
  };
}

/** A promise the test resolves later: `const gate = hold(); route = () => gate.promise; gate.release(x)`. */
export function hold<T = unknown>(): { promise: Promise<T>; release: (value: T) => void } {
  let release: (value: T) => void = () => undefined;
  const promise = new Promise<T>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}
