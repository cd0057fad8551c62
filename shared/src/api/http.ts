// The ky instance of the API client (./client.ts loads this module with the first call): the
// language header, the `_t` timestamp and Authorization (from the session) on every request; a
// failure turned into a typed ApiError (the 999 flow included); GET-only retries.
import ky, { isHTTPError, isNetworkError, isTimeoutError, type KyInstance, type Options } from 'ky';
import { storedLocale } from '../i18n/i18n';
import { sessionToken } from '../session/store';
import { ApiError, failureOf, isRecord, type CallContext } from './client';

function withTimestamp(query: Options['searchParams']): URLSearchParams {
  const params = new URLSearchParams();
  if (query instanceof URLSearchParams) query.forEach((value, key) => params.set(key, value));
  else if (isRecord(query))
    for (const [key, value] of Object.entries(query))
      if (value !== undefined && value !== null) params.set(key, String(value));
  params.set('_t', String(Date.now()));
  return params;
}

export function createHttp(): KyInstance {
  return ky.create({
    timeout: 20_000,
    retry: {
      limit: 2,
      // Reads only: a POST (an order, a transfer, a withdrawal...) is never sent twice.
      methods: ['get'],
      statusCodes: [408, 500, 502, 503, 504],
      backoffLimit: 3_000,
    },
    hooks: {
      init: [
        (options) => {
          options.searchParams = withTimestamp(options.searchParams);
        },
      ],
      beforeRequest: [
        ({ request, options }) => {
          request.headers.set('lang', storedLocale());
          const token = sessionToken();
          if (token && (options.context as CallContext).auth !== false)
            request.headers.set('Authorization', `Bearer ${token}`);
        },
      ],
      beforeError: [
        async ({ error }) => {
          if (isHTTPError(error)) return failureOf(error.response.status, error.data);
          if (isNetworkError(error) || isTimeoutError(error))
            return new ApiError('network', error.message, 0);
          return error;
        },
      ],
    },
  });
}
