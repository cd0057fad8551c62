// Test helper: intercepts the network edge (fetch, under ky, and XMLHttpRequest, under the one
// upload call) and answers the contract's routes in the server's envelope. A route is named as
// the contract names it ("POST /api/wallet/transfer": its answer is typed from the contract) or
// by its path alone; it receives what was sent (the JSON body of a POST, the query of a GET, the
// form fields of an upload). Every request is recorded, so a test asserts what went over the
// wire. An answer that does not match the route's schema in the contract is a broken fixture:
// `restore()` throws (the test fails) instead of the client quietly showing "malformed answer".
// Answering with `hold()` keeps a request pending until the test releases it (to tap twice
// while an answer is awaited).
import { ROUTES, errorStatus, isErrorCode, type AnswerOf, type RouteName } from '@app/contract';

export interface FetchCall {
  method: string;
  path: string;
  /** The contract's route the request went to ("POST /api/wallet/transfer"), if any. */
  route: RouteName | undefined;
  /** The JSON body (POST), the form fields (upload) or the query parameters without `_t` (GET). */
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
  field?: string;
}
interface Raw {
  [RAW]: true;
  status: number;
  body: unknown;
}
interface Down {
  [DOWN]: true;
}
/** What a route may answer besides its contract answer. */
export type SpecialAnswer = Failure | Raw | Down;

export type RouteAnswer = unknown;
export type Route = (body: Record<string, unknown>, call: FetchCall) => RouteAnswer | Promise<RouteAnswer>;
/** What a route of the contract answers: its answer (the envelope's `message`), or a special one. */
export type FetchAnswer<K extends RouteName> = AnswerOf<K> | SpecialAnswer;
/** A route of the contract: its answer is typed from the contract. */
export type ContractRoute<K extends RouteName> = (
  body: Record<string, unknown>,
  call: FetchCall,
) => FetchAnswer<K> | Promise<FetchAnswer<K>>;

/** Routes by the contract's name (typed answers) or, loosely, by path ("/api/wallet/list"). */
export type FetchRoutes = { [K in RouteName]?: ContractRoute<K> } & { [path: `/${string}`]: Route };

export interface FetchMock {
  calls: FetchCall[];
  /** The calls to one route ("POST /api/wallet/transfer") or one path ("/api/wallet/transfer"). */
  to: (routeOrPath: string) => FetchCall[];
  /** Fixtures that did not match the contract, and requests to paths it does not have. */
  problems: string[];
  /** Puts fetch and XMLHttpRequest back; throws when a fixture did not match the contract. */
  restore: () => void;
}

/** A failure envelope with a stable code, at the contract's HTTP status (the client shows apitip.<code>). */
export const apiFailure = (code: string, message = code, wait?: number, field?: string): Failure => ({
  [FAILURE]: true,
  code,
  message,
  wait,
  field,
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

interface ContractEntry {
  name: RouteName;
  method: string;
  pattern: RegExp;
  answer: { safeParse(value: unknown): { success: boolean; error?: { message: string } } } | null;
  envelope: boolean;
}

const CONTRACT: ContractEntry[] = Object.entries(ROUTES).map(([name, spec]) => {
  const space = name.indexOf(' ');
  const path = name
    .slice(space + 1)
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/:\w+/g, '[^/]+');
  const route = spec as { answer: ContractEntry['answer']; envelope?: false };
  return {
    name: name as RouteName,
    method: name.slice(0, space),
    pattern: new RegExp(`^${path}$`),
    answer: route.answer,
    envelope: route.envelope !== false,
  };
});

const contractRoute = (method: string, path: string): ContractEntry | undefined =>
  CONTRACT.find((entry) => entry.method === method && entry.pattern.test(path));

/** What the edge answers: a status and a body, or no answer at all. */
type Reply = { status: number; body: unknown } | 'down';

const text = (body: unknown): string => (typeof body === 'string' ? body : JSON.stringify(body));

/**
 * Replaces global fetch and XMLHttpRequest: `routes` maps a contract route ("POST
 * /api/transaction/in") or a path ("/api/transaction/in") to its answer. A request with no route
 * answers 404 `not_found`.
 */
export function mockFetch(routes: FetchRoutes): FetchMock {
  const real = globalThis.fetch;
  const realXhr = globalThis.XMLHttpRequest;
  const calls: FetchCall[] = [];
  const problems: string[] = [];
  const table = routes as Record<string, Route | undefined>;

  async function reply(
    method: string,
    href: string,
    headers: Headers,
    readBody: () => Promise<Record<string, unknown>>,
  ): Promise<Reply> {
    const url = new URL(href, 'http://localhost');
    const query = Object.fromEntries([...url.searchParams].filter(([key]) => key !== '_t'));
    const body = method === 'GET' ? { ...query } : await readBody();
    const entry = contractRoute(method, url.pathname);
    if (!entry) problems.push(`${method} ${url.pathname} is not a route of the contract`);
    const call: FetchCall = { method, path: url.pathname, route: entry?.name, body, query, headers };
    calls.push(call);
    const route = (entry && table[entry.name]) ?? table[`${method} ${url.pathname}`] ?? table[url.pathname];
    const answer: unknown = route ? await route(body, call) : apiFailure('not_found');
    if (is<Down>(answer, DOWN)) return 'down';
    if (is<Raw>(answer, RAW)) return { status: answer.status, body: answer.body };
    if (is<Failure>(answer, FAILURE)) {
      const { code, message, wait, field } = answer;
      const status = isErrorCode(code) ? errorStatus(code) : 400;
      return { status, body: { type: 'error', code, message, wait, field } };
    }
    if (entry?.answer) {
      const parsed = entry.answer.safeParse(answer);
      if (!parsed.success)
        problems.push(
          `The fixture of ${entry.name} does not match the contract: ${parsed.error?.message ?? ''}`,
        );
    }
    return { status: 200, body: entry && !entry.envelope ? answer : { type: 'ok', message: answer } };
  }

  const fake = async (input: RequestInfo | URL, init?: RequestInit) => {
    // ky hands over a Request (a retry's may come from another realm than this one's class).
    const isRequest = typeof input === 'object' && 'method' in input && 'headers' in input;
    const request = isRequest ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const answer = await reply(request.method, request.url, request.headers, async () => {
      const sent = await request.text();
      return sent && (request.headers.get('content-type') ?? '').includes('json')
        ? (JSON.parse(sent) as Record<string, unknown>)
        : {};
    });
    if (answer === 'down') throw new TypeError('Failed to fetch');
    return new Response(text(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  };

  /** The few parts of XMLHttpRequest the upload uses, answered by the same routes. */
  class FakeXhr {
    status = 0;
    responseText = '';
    readonly upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private aborted = false;
    private readonly headers = new Headers();
    open(method: string, url: string) {
      this.method = method.toUpperCase();
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers.set(name, value);
    }
    abort() {
      if (this.aborted) return;
      this.aborted = true;
      this.onabort?.();
    }
    send(form?: FormData) {
      void reply(this.method, this.url, this.headers, async () =>
        Object.fromEntries(form ? [...form.entries()] : []),
      ).then((answer) => {
        if (this.aborted) return;
        if (answer === 'down') {
          this.onerror?.();
          return;
        }
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 1 } as ProgressEvent);
        this.status = answer.status;
        this.responseText = text(answer.body);
        this.onload?.();
      });
    }
  }

  globalThis.fetch = fake as typeof fetch;
  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  return {
    calls,
    problems,
    to: (routeOrPath) =>
      calls.filter((c) => (routeOrPath.startsWith('/') ? c.path === routeOrPath : c.route === routeOrPath)),
    restore: () => {
      globalThis.fetch = real;
      globalThis.XMLHttpRequest = realXhr;
      const found = problems.splice(0);
      if (found.length > 0) throw new Error(found.join('\n'));
    },
  };
}

let current: FetchMock | null = null;

/**
 * `mockFetch` for the running test, replacing the one before; a test file calls
 * `afterEach(restoreNetwork)` (the remotes' fixtures do), which puts the network back and fails the
 * test when one of its fixtures did not match the contract.
 */
export function stubNetwork(routes: FetchRoutes): FetchMock {
  current?.restore();
  current = mockFetch(routes);
  return current;
}

export function restoreNetwork(): void {
  const net = current;
  current = null;
  net?.restore();
}

/** A promise the test resolves later: `const gate = hold(); route = () => gate.promise; gate.release(x)`. */
export function hold<T = unknown>(): { promise: Promise<T>; release: (value: T) => void } {
  let release: (value: T) => void = () => undefined;
  const promise = new Promise<T>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}
