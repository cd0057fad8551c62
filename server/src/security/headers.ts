import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

declare module 'fastify' {
  interface RouteShorthandOptions {
    /** `false`: the route sends its own headers instead of the security headers (the chat page). */
    helmet?: false;
  }
}

/**
 * The security headers of every answer: helmet's defaults, computed once at start-up (helmet run
 * once against a recorder) instead of helmet building its middleware and parsing the CSP
 * directives again on every request. Names as helmet writes them; values byte for byte its own.
 */
export const SECURITY_HEADERS: ReadonlyArray<readonly [name: string, value: string]> = (() => {
  const headers: Array<[string, string]> = [];
  const recorder = {
    setHeader: (name: string, value: string) => void headers.push([name, String(value)]),
    // helmet drops X-Powered-By: nothing here ever sets it.
    removeHeader: () => undefined,
  };
  helmet()(
    {} as Parameters<ReturnType<typeof helmet>>[0],
    recorder as unknown as Parameters<ReturnType<typeof helmet>>[1],
    () => undefined,
  );
  return headers;
})();

/**
 * Sets the security headers on every answer (routes, 404s, errors of the hooks after this one),
 * in one synchronous onRequest hook registered before any other. A route registered with
 * `helmet: false` (the chat page, with headers of its own) drops them again in a hook of its own.
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of SECURITY_HEADERS) raw.setHeader(name, value);
    done();
  });
  app.addHook('onRoute', (route) => {
    if (route.helmet !== false) return;
    const own = route.onRequest;
    const drop = (
      _request: unknown,
      reply: { raw: { removeHeader(name: string): void } },
      done: () => void,
    ) => {
      for (const [name] of SECURITY_HEADERS) reply.raw.removeHeader(name);
      done();
    };
    route.onRequest = own === undefined ? [drop] : [drop, ...(Array.isArray(own) ? own : [own])];
  });
}
