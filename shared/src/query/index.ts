export * from './layer';
export { QueryScope, useQueryLayer } from './QueryScope';
export { QUERY_STALE_MS, QUERY_RETRIES, isRetryable } from './client';
