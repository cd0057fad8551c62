// Test helper: intercepts the network edge (fetch, under ky, and XMLHttpRequest, under the one
// upload call) and answers the contract's routes in the server's envelope. A route is named as
// the contract names it ("POST /api/wallet/transfer": its answer is typed from the contract); a
// name the contract does not have is a compile error (no test needs a URL outside the contract:
// the about page's test stubs its cross-origin manifests itself). A route receives what was
// sent (the JSON body of a POST, the query of a GET, the form fields of an upload). Every request
// is recorded, so a test asserts what went over the wire. What was sent is checked against the
// route's request schema (and path parameters) as the server checks it, and an answer against the
// route's answer schema: a request the server would refuse, a key it would drop, or an answer that
// does not match is a problem, and `restore()` throws (the test fails) instead of the client
// quietly showing "malformed answer". Answering with `hold()` keeps a request pending until the
// test releases it (to tap twice while an answer is awaited).
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

/** What a route of the contract answers: its answer (the envelope's `message`), or a special one. */
export type FetchAnswer<K extends RouteName> = AnswerOf<K> | SpecialAnswer;
/** A route of the contract: its answer is typed from the contract. */
export type ContractRoute<K extends RouteName> = (
  body: Record<string, unknown>,
  call: FetchCall,
) => FetchAnswer<K> | Promise<FetchAnswer<K>>;
/** A route that answers only a special answer (no answer, a failure): fits every contract route. */
export type SpecialRoute = (body: Record<string, unknown>, call: FetchCall) => SpecialAnswer;

/** Routes by the contract's name, with answers typed from the contract. */
export type FetchRoutes = { [K in RouteName]?: ContractRoute<K> };

export interface FetchMock {
  calls: FetchCall[];
  /** The calls to one route ("POST /api/wallet/transfer"). */
  to: (route: RouteName) => FetchCall[];
  /**
   * Fixtures that did not match the contract, requests it would refuse (or keys it would drop),
   * and requests to paths it does not have.
   */
  problems: string[];
  /** Puts fetch and XMLHttpRequest back; throws when there were problems (see `problems`). */
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

/** The part of a zod schema the mock uses. */
interface SchemaError {
  issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>;
}
interface Schema {
  safeParse(value: unknown): { success: boolean; data?: unknown; error?: SchemaError };
}

interface ContractEntry {
  name: RouteName;
  method: string;
  /** The path with a named group per parameter (`/api/upload/:id` -> `(?<id>[^/]+)`). */
  pattern: RegExp;
  request: Schema | undefined;
  params: Schema | undefined;
  alsoQuery: boolean;
  answer: Schema | null;
  envelope: boolean;
}

const CONTRACT: ContractEntry[] = Object.entries(ROUTES).map(([name, spec]) => {
  const space = name.indexOf(' ');
  const path = name
    .slice(space + 1)
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/:(\w+)/g, '(?<$1>[^/]+)');
  const route = spec as {
    request?: Schema;
    params?: Schema;
    alsoQuery?: true;
    answer: Schema | null;
    envelope?: false;
  };
  return {
    name: name as RouteName,
    method: name.slice(0, space),
    pattern: new RegExp(`^${path}$`),
    request: route.request,
    params: route.params,
    alsoQuery: route.alsoQuery === true,
    answer: route.answer,
    envelope: route.envelope !== false,
  };
});

const contractRoute = (method: string, path: string): ContractEntry | undefined =>
  CONTRACT.find((entry) => entry.method === method && entry.pattern.test(path));

const isRouteName = (key: string): key is RouteName => key in ROUTES;

const issuesOf = (error: SchemaError | undefined): string =>
  (error?.issues ?? []).map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`).join('; ');

/** Keys sent that the parsed request does not have (the server drops them without a word). */
const droppedKeys = (sent: Record<string, unknown>, parsed: unknown): string[] =>
  typeof parsed === 'object' && parsed !== null
    ? Object.keys(sent).filter((key) => sent[key] !== undefined && !(key in parsed))
    : Object.keys(sent);

/**
 * What the server would make of a request: the problems of its path parameters and of what was
 * sent (the query of a GET, the body of a POST, the query too where the contract allows both). A
 * multipart body (the upload) has no request schema: the contract names its one field in prose.
 */
function requestProblems(
  entry: ContractEntry,
  path: string,
  query: Record<string, string>,
  body: Record<string, unknown>,
  multipart: boolean,
): string[] {
  const problems: string[] = [];
  if (entry.params) {
    const params = { ...entry.pattern.exec(path)?.groups };
    const parsed = entry.params.safeParse(params);
    if (!parsed.success)
      problems.push(
        `${entry.name} was called with path ${path}, which the contract refuses: ${issuesOf(parsed.error)}`,
      );
  }
  const sent = entry.method === 'GET' ? query : entry.alsoQuery ? { ...query, ...body } : body;
  if (!entry.request && multipart) return problems;
  if (!entry.request) {
    const extra = Object.keys(sent);
    if (extra.length > 0)
      problems.push(`${entry.name} takes no input, but was sent ${extra.join(', ')} (the server drops them)`);
    return problems;
  }
  const parsed = entry.request.safeParse(sent);
  if (!parsed.success) {
    problems.push(
      `${entry.name} was sent ${JSON.stringify(sent)}, which the contract refuses: ${issuesOf(parsed.error)}`,
    );
    return problems;
  }
  const dropped = droppedKeys(sent, parsed.data);
  if (dropped.length > 0)
    problems.push(
      `${entry.name} was sent ${dropped.join(', ')}, which the contract does not have (the server drops them)`,
    );
  return problems;
}

/** What the edge answers: a status and a body, or no answer at all. */
type Reply = { status: number; body: unknown } | 'down';

const text = (body: unknown): string => (typeof body === 'string' ? body : JSON.stringify(body));

/** What the routes table holds, whatever the key. */
type AnyRoute = (body: Record<string, unknown>, call: FetchCall) => unknown;

/**
 * Replaces global fetch and XMLHttpRequest: `routes` maps a contract route ("POST
 * /api/transaction/in") to its answer. A request with no route answers 404 `not_found`.
 */
export function mockFetch(routes: FetchRoutes): FetchMock {
  const table = routes as Record<string, AnyRoute | undefined>;
  // The types refuse other keys; a key forced past them (a cast) is refused here.
  for (const key of Object.keys(table)) {
    if (!isRouteName(key)) throw new Error(`mockFetch: ${key} is not a route of the contract`);
  }
  const real = globalThis.fetch;
  const realXhr = globalThis.XMLHttpRequest;
  const calls: FetchCall[] = [];
  const problems: string[] = [];

  async function reply(
    method: string,
    href: string,
    headers: Headers,
    readBody: () => Promise<Record<string, unknown>>,
    multipart = false,
  ): Promise<Reply> {
    const url = new URL(href, 'http://localhost');
    const query = Object.fromEntries([...url.searchParams].filter(([key]) => key !== '_t'));
    const body = method === 'GET' ? { ...query } : await readBody();
    const entry = contractRoute(method, url.pathname);
    if (entry) problems.push(...requestProblems(entry, url.pathname, query, body, multipart));
    else problems.push(`${method} ${url.pathname} is not a route of the contract`);
    const call: FetchCall = { method, path: url.pathname, route: entry?.name, body, query, headers };
    calls.push(call);
    const route = entry && table[entry.name];
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
        problems.push(`The fixture of ${entry.name} does not match the contract: ${issuesOf(parsed.error)}`);
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
      void reply(
        this.method,
        this.url,
        this.headers,
        async () => Object.fromEntries(form ? [...form.entries()] : []),
        form !== undefined,
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
    to: (route) => calls.filter((c) => c.route === route),
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
 * test when one of its fixtures or one of the requests did not match the contract.
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
