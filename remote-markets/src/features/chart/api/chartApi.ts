// Chart calls (doc 1 §7; architecture.md); trades and the book come from @app/shared's market
// client. new_timeshar and futuresKline answer {code: 1, data} outside the usual envelope, so
// they are read here directly, with the same language header and timestamp parameter as every
// other call.
import { ApiError, apiPost, buildUrl, storedLocale, type QueryValue } from '@app/shared';
import type { Candle } from '../model/candles';
import type { Period } from '../model/periods';

interface CodeAnswer<T> {
  code?: number;
  data?: T;
  type?: string;
  message?: string;
}

async function codeRequest<T>(
  method: 'GET' | 'POST',
  path: string,
  params: Record<string, QueryValue>,
  signal?: AbortSignal,
): Promise<T> {
  const headers: Record<string, string> = { lang: storedLocale() };
  let url = buildUrl(path, method === 'GET' ? params : {});
  let body: string | undefined;
  if (method === 'POST') {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(params);
    url = buildUrl(path);
  }
  let response: Response;
  try {
    response = await fetch(url, { method, headers, body, signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('network.error', 'Network error', 0);
  }
  let answer: CodeAnswer<T> & { code?: number | string };
  try {
    answer = (await response.json()) as CodeAnswer<T>;
  } catch {
    throw new ApiError('network.bad_answer', `Unexpected answer (${response.status})`, response.status);
  }
  if (Number(answer.code) === 1 && answer.data !== undefined) return answer.data;
  const code = typeof answer.code === 'string' ? answer.code : 'network.bad_answer';
  throw new ApiError(code, answer.message ?? 'Chart data unavailable', response.status);
}

interface FuturesMinuteBar {
  Date: number;
  Open: string;
  Close: string;
  High: string;
  Low: string;
  Volume: string;
  Amount?: string;
}

export const chartApi = {
  /** GET /api/currency/new_timeshar: symbol ({coin}/USDT), period, from/to in epoch seconds. */
  timeshar: (query: { symbol: string; period: Period; from?: number; to?: number }, signal?: AbortSignal) =>
    codeRequest<Candle[]>('GET', '/api/currency/new_timeshar', query, signal),
  /** POST /api/futuresKline: symbol, period. */
  futuresKline: (body: { symbol: string; period: Period }, signal?: AbortSignal) =>
    codeRequest<Candle[]>('POST', '/api/futuresKline', body, signal),
  /** POST /api/futuresMinuts: today's 1-minute series (data.Data[]). */
  futuresMinutes: (symbol: string, signal?: AbortSignal) =>
    apiPost<{ Data: FuturesMinuteBar[] }>('/api/futuresMinuts', { symbol }, { auth: false, signal }).then(
      (answer): Candle[] =>
        (answer.Data ?? []).map((bar) => ({
          time: bar.Date,
          open: bar.Open,
          high: bar.High,
          low: bar.Low,
          close: bar.Close,
          volume: bar.Volume,
        })),
    ),
};
