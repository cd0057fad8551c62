// The one API client. Every request carries the language header and a timestamp query
// parameter (doc 1 §7); user calls carry Authorization. Answers use the envelope of
// architecture.md: {type:'ok', message} or {type:'error'|'999', message, code}.
import { StorageKey, readStorage } from '../config/storage';
import { storedLocale } from '../i18n/i18n';

export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly wait: number | undefined;
  constructor(code: string, message: string, status: number, wait?: number) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.wait = wait;
  }
}

interface OkEnvelope<T> {
  type: 'ok';
  message: T;
}
interface ErrorEnvelope {
  type: string;
  message: string;
  code?: string;
  wait?: number;
}

export type QueryValue = string | number | boolean | undefined | null;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: Record<string, unknown> | FormData;
  /** Send the token when there is one (default). Market lists on first load pass false (doc 1 §6). */
  auth?: boolean;
  signal?: AbortSignal;
}

type SessionExpiredHandler = () => void;
let onSessionExpired: SessionExpiredHandler = () => undefined;
let apiBase = '';

/** Set by the session module: what an answer of type 999 does (doc 1 §4). */
export function setSessionExpiredHandler(handler: SessionExpiredHandler): void {
  onSessionExpired = handler;
}

/** The API is same-origin by default (the host proxies /api); dev shells may point elsewhere. */
export function setApiBase(base: string): void {
  apiBase = base.replace(/\/$/, '');
}

export function buildUrl(path: string, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  params.set('_t', String(Date.now()));
  return `${apiBase}${path}?${params.toString()}`;
}

export async function apiRequest<T>(
  method: 'GET' | 'POST',
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { lang: storedLocale() };
  const token = readStorage(StorageKey.token);
  if (token && options.auth !== false) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), { method, headers, body, signal: options.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('network.error', 'Network error', 0);
  }
  let envelope: OkEnvelope<T> | ErrorEnvelope;
  try {
    envelope = (await response.json()) as OkEnvelope<T> | ErrorEnvelope;
  } catch {
    throw new ApiError('network.bad_answer', `Unexpected answer (${response.status})`, response.status);
  }
  if (envelope.type === 'ok') return (envelope as OkEnvelope<T>).message;
  const failure = envelope as ErrorEnvelope;
  if (String(failure.type) === '999') {
    onSessionExpired();
    throw new ApiError('session.invalid', failure.message, response.status);
  }
  throw new ApiError(failure.code ?? 'unknown', failure.message, response.status, failure.wait);
}

export const apiGet = <T>(path: string, options?: Omit<RequestOptions, 'body'>) =>
  apiRequest<T>('GET', path, options);
export const apiPost = <T>(
  path: string,
  body?: RequestOptions['body'],
  options?: Omit<RequestOptions, 'body'>,
) => apiRequest<T>('POST', path, { ...options, body });
