import type { FastifyRequest } from 'fastify';
import { normalizeLang, type Lang } from './validation';

/** The language of a request: its `lang` header when known, else English. */
export function headerLang(request: FastifyRequest): Lang {
  const raw = request.headers.lang;
  return normalizeLang(Array.isArray(raw) ? raw[0] : raw) ?? 'en';
}

/** The client IP (X-Forwarded-For is honoured only from trusted proxies, see TRUST_PROXY). */
export function clientIp(request: FastifyRequest): string {
  return request.ip || 'unknown';
}
