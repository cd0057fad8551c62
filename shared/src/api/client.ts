// The one HTTP client: ky, created once in @app/shared (./http.ts; shared once: @app/shared is a
// federation singleton). Its hooks add the language header, the `_t` timestamp (doc 1 §7) and
// Authorization (from the session), turn a failure envelope into a typed ApiError and run the
// 999 flow (doc 1 §4). Only GETs are retried; nothing that moves money (every such call is a
// POST) is ever sent twice. `call` types each request and answer from the contract and parses
// the answer with its schema at the edge. ky and the contract's schemas load with the first call
// (as socket.io-client does with the first subscription): no route's first render waits for them.
import type { KyInstance } from 'ky';
import type { AnswerOf, ErrorCode, RequestInputOf, RouteName } from '@app/contract';
import { expireSession } from '../session/store';
import { withErrorMessages } from './errorCatalog';

/** Failures the client itself finds: no answer at all, or an answer that is not the contract's. */
export type ClientErrorCode = 'network' | 'answer.malformed';
export type ApiErrorCode = ErrorCode | ClientErrorCode;

export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly status: number;
  /** Seconds to wait (429 answers). */
  readonly wait: number | undefined;
  /** The request field a validation failure names. */
  readonly field: string | undefined;
  constructor(code: ApiErrorCode, message: string, status: number, wait?: number, field?: string) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.wait = wait;
    this.field = field;
  }
}

// The contract's schemas (and zod) load with the first call, beside its request: they are not
// on any route's start-up path. Its client entry evaluates zod and the field helpers; a call
// then loads only its own domain's route table (one task each, not the whole contract in one).
type Contract = typeof import('@app/contract/client');
let contract: Promise<Contract> | undefined;
const loadContract = (): Promise<Contract> => (contract ??= import('@app/contract/client'));

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A failure answer (any status) as an ApiError: the envelope's code when it is one of the
 * contract's, `session.invalid` (after the 999 flow) for type "999".
 */
export async function failureOf(status: number, body: unknown): Promise<ApiError> {
  if (isRecord(body) && String(body.type) === '999') {
    expireSession();
    return new ApiError('session.invalid', String(body.message ?? 'session expired'), status);
  }
  if (isRecord(body) && body.type === 'error' && typeof body.code === 'string') {
    const { isErrorCode } = await loadContract();
    const message = typeof body.message === 'string' ? body.message : body.code;
    if (isErrorCode(body.code)) {
      const wait = typeof body.wait === 'number' ? body.wait : undefined;
      const field = typeof body.field === 'string' ? body.field : undefined;
      return new ApiError(body.code, message, status, wait, field);
    }
    // Not a code of the contract: the host's proxy answers 502 `network.error` while the API
    // server is down; anything else is an answer this client cannot read.
    return new ApiError(status >= 500 ? 'network' : 'answer.malformed', message, status);
  }
  // No envelope: a proxy or gateway answered (the API server is down or unreachable).
  if (status >= 500) return new ApiError('network', `No answer from the server (${status})`, status);
  return new ApiError('answer.malformed', `Unexpected answer (${status})`, status);
}

let apiBase = '';

/** The API is same-origin by default (the host proxies /api); dev shells may point elsewhere. */
export function setApiBase(base: string): void {
  apiBase = base.replace(/\/$/, '');
}

/** What a call tells the hooks (./http.ts). */
export interface CallContext {
  /** false: no Authorization even with a session (market lists on first load, doc 1 §6). */
  auth?: boolean;
}

let instance: Promise<KyInstance> | undefined;

/** The one ky instance every call goes through (./http.ts, loaded and created on first use). */
export const httpClient = (): Promise<KyInstance> =>
  (instance ??= import('./http').then(({ createHttp }) => createHttp()));

/**
 * Loads ky, then (a task later) zod and the contract's field helpers, ahead of the first call:
 * each is then evaluated in a task of its own, not in the task of a screen's first commit (whose
 * queries make the first calls; zod alone is ~90 KB to evaluate). The host calls it at the first
 * idle moment after a page is shown (not before: no route's start-up bytes grow). The calls find
 * them loaded; a failure here is left to the first call, which loads them again.
 */
export function preloadApiClient(): void {
  const ignore = () => undefined;
  void import('./http').then(
    () => setTimeout(() => void import('@app/contract/client').catch(ignore), 0),
    ignore,
  );
}

/** The Prioritized Task Scheduling API where the browser has it (Chromium; jsdom has none). */
type TaskScheduler = { postTask: (task: () => void) => Promise<void> };

/**
 * Resolves in a task after the current one (scheduler.postTask; not a timer, which a throttled
 * or hidden page may delay). Without the API (jsdom, older browsers), at once.
 */
const nextTask = (): Promise<void> | undefined =>
  (globalThis as { scheduler?: TaskScheduler }).scheduler?.postTask(() => undefined);

export interface CallOptions {
  /** false: send no token (default true). */
  auth?: boolean;
  signal?: AbortSignal;
  /** Path parameters, for routes such as `GET /api/upload/:id`. */
  params?: Record<string, string | number>;
}

function pathOf(route: string, params: CallOptions['params'] = {}): { method: 'get' | 'post'; path: string } {
  const space = route.indexOf(' ');
  const path = route
    .slice(space + 1)
    .replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
  return { method: route.slice(0, space) === 'GET' ? 'get' : 'post', path: `${apiBase}${path}` };
}

function queryOf(input: unknown): URLSearchParams {
  const params = new URLSearchParams();
  if (isRecord(input))
    for (const [key, value] of Object.entries(input))
      if (value !== undefined && value !== null) params.set(key, String(value));
  return params;
}

/** What `call` needs of a route's answer schema (zod's, without a dependency on zod here). */
interface AnswerSchema {
  safeParse(value: unknown): { success: true; data: unknown } | { success: false };
}

/**
 * One call of the contract: `call('POST /api/wallet/transfer', body)`. The input is the route's
 * request (the query string of a GET, the JSON body of a POST); the answer is its `message`
 * parsed with the route's schema. Failures are ApiErrors; an answer the schema refuses is
 * `answer.malformed` (shown translated) instead of a crash deeper down.
 */
export function call<K extends RouteName>(
  route: K,
  input?: RequestInputOf<K>,
  options: CallOptions = {},
): Promise<AnswerOf<K>> {
  // A failure's text is in the failures' catalogue: it is in before the failure is shown.
  return callOnce(route, input, options).catch(withErrorMessages);
}

async function callOnce<K extends RouteName>(
  route: K,
  input: RequestInputOf<K> | undefined,
  options: CallOptions,
): Promise<AnswerOf<K>> {
  const { method, path } = pathOf(route, options.params);
  // The route's schemas load while ky does and while the request is on the wire.
  const specOf = loadContract().then((c) => c.routeSpec(route));
  specOf.catch(() => undefined); // awaited below; a failure before that is not unhandled
  const http = await httpClient();
  // ky builds the request (options, hooks, Request, timeout) in a task of its own, not in the
  // task that asked (a screen's first commit starts its queries: ~4 ms a call at 4x, several calls).
  await nextTask();
  const request = http(path, {
    method,
    context: { auth: options.auth } satisfies CallContext,
    signal: options.signal,
    ...(method === 'get' ? { searchParams: queryOf(input) } : { json: input ?? {} }),
  });
  const [routeSpec, response] = await Promise.all([specOf, request]);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ApiError('answer.malformed', `Unreadable answer (${response.status})`, response.status);
  }
  const spec = routeSpec as { answer: AnswerSchema | null; envelope?: false };
  let message: unknown = body;
  if (spec.envelope !== false) {
    if (!isRecord(body) || body.type !== 'ok') throw await failureOf(response.status, body);
    message = body.message;
  }
  if (!spec.answer) return message as AnswerOf<K>;
  const parsed = spec.answer.safeParse(message);
  if (!parsed.success)
    throw new ApiError(
      'answer.malformed',
      `The answer of ${route} does not match the contract`,
      response.status,
    );
  return parsed.data as AnswerOf<K>;
}
