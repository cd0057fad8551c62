// Test helper: intercepts fetch (the network edge, under ky) and answers API paths in the
// server's envelope. Each route receives what was sent (the JSON body of a POST, the query of a
// GET); answering with `hold()` keeps a request pending until the test releases it (to tap
// twice while an answer is awaited).
import { errorStatus, isErrorCode } from '@app/contract';

export interface FetchCall {
  method: string;
  path: string;
  /** The JSON body (POST) or the query parameters without `_t` (GET). */
  body: Record<string, unknown>;
  query: Record<string, string>;
  headers: Headers;
}

const FAILURE = Symbol('failure');
const RAW = Symbol('raw');
const DOWN = Symbol('down');

interface Failure {
  [FAILURE]: true;
  code: string;
  message: string;
  wait?: number;
}
interface Raw {
  [RAW]: true;
  status: number;
  body: unknown;
}
interface Down {
  [DOWN]: true;
}

export type RouteAnswer = unknown;
export type Route = (body: Record<string, unknown>, call: FetchCall) => RouteAnswer | Promise<RouteAnswer>;

export interface FetchMock {
  calls: FetchCall[];
  /** The calls to one path. */
  to: (path: string) => FetchCall[];
  restore: () => void;
}

/** A failure envelope with a stable code, at the contract's HTTP status (the client shows apitip.<code>). */
export const apiFailure = (code: string, message = code, wait?: number): Failure => ({
  [FAILURE]: true,
  code,
  message,
  wait,
});

/** An answer as sent, at any status (a malformed body, a type "999" answer, a proxy's 502). */
export const rawAnswer = (status: number, body: unknown): Raw => ({ [RAW]: true, status, body });

/** The type "999" answer of an invalid session (HTTP 401). */
export const sessionExpired = (): Raw =>
  rawAnswer(401, { type: '999', message: 'session expired', code: 'session.invalid' });

/** No answer at all: fetch rejects as it does when the network is down. */
export const networkDown = (): Down => ({ [DOWN]: true });

const is = <T extends object>(answer: unknown, tag: symbol): answer is T =>
  typeof answer === 'object' && answer !== null && tag in answer;

const json = (status: number, body: unknown) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/**
 * Replaces global fetch: `routes` maps an API path ("/api/transaction/in", or with its method,
 * "POST /api/transaction/in") to its answer. A path with no route answers 404 `not_found`.
 */
export function mockFetch(routes: Record<string, Route>): FetchMock {
  const real = globalThis.fetch;
  const calls: FetchCall[] = [];
  const fake = async (input: RequestInfo | URL, init?: RequestInit) => {
    // ky hands over a Request (a retry's may come from another realm than this one's class).
    const isRequest = typeof input === 'object' && 'method' in input && 'headers' in input;
    const request = isRequest ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(request.url, 'http://localhost');
    const query = Object.fromEntries([...url.searchParams].filter(([key]) => key !== '_t'));
    let body: Record<string, unknown> = request.method === 'GET' ? { ...query } : {};
    const text = request.method === 'GET' ? '' : await request.text();
    if (text && (request.headers.get('content-type') ?? '').includes('json'))
      body = JSON.parse(text) as Record<string, unknown>;
    const call: FetchCall = {
      method: request.method,
      path: url.pathname,
      body,
      query,
      headers: request.headers,
    };
    calls.push(call);
    const route = routes[`${request.method} ${url.pathname}`] ?? routes[url.pathname];
    const answer = route ? await route(body, call) : apiFailure('not_found');
    if (is<Down>(answer, DOWN)) throw new TypeError('Failed to fetch');
    if (is<Raw>(answer, RAW)) return json(answer.status, answer.body);
    if (is<Failure>(answer, FAILURE)) {
      const { code, message, wait } = answer;
      return json(isErrorCode(code) ? errorStatus(code) : 400, { type: 'error', code, message, wait });
    }
    return json(200, { type: 'ok', message: answer });
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
