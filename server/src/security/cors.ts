import type { FastifyInstance } from 'fastify';

export interface CorsOptions {
  /** Origins whose pages may call the API (exact match; `*`: any). */
  origins: readonly string[];
  methods: readonly string[];
  allowedHeaders: readonly string[];
  /** Seconds a browser may keep a preflight's answer. */
  maxAge: number;
}

/**
 * CORS as @fastify/cors answered it with these options (the same headers, statuses and bodies),
 * in one synchronous onRequest hook whose values are all built once: no per-request option
 * merging or route-options lookups.
 * - every answer: `Vary: Origin`, and `Access-Control-Allow-Origin: <origin>` for an allowed one;
 * - a preflight (OPTIONS with Origin and Access-Control-Request-Method): 204 with the allowed
 *   methods, headers and max age; an OPTIONS without either: 400 "Invalid Preflight Request".
 */
export function installCors(app: FastifyInstance, options: CorsOptions): void {
  const any = options.origins.includes('*');
  const allowed = new Set(options.origins);
  const methods = options.methods.join(', ');
  const allowedHeaders = options.allowedHeaders.join(', ');
  const maxAge = String(options.maxAge);

  app.decorateRequest('corsPreflightEnabled', false);
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('vary', 'Origin');
    const origin = request.headers.origin;
    if (any) void reply.header('access-control-allow-origin', '*');
    else if (origin !== undefined && allowed.has(origin))
      void reply.header('access-control-allow-origin', origin);
    if (request.raw.method !== 'OPTIONS') return done();
    if (!origin || !request.headers['access-control-request-method']) {
      void reply.status(400).type('text/plain').send('Invalid Preflight Request');
      return;
    }
    request.corsPreflightEnabled = true;
    void reply
      .header('access-control-allow-methods', methods)
      .header('access-control-allow-headers', allowedHeaders)
      .header('access-control-max-age', maxAge)
      .code(204)
      .header('content-length', '0')
      .send();
  });
  // Lets the router accept preflights to any path (the hook above answers them).
  app.options('*', { schema: { hide: true } }, (request, reply) => {
    if (!request.corsPreflightEnabled) return reply.callNotFound();
    return reply.send();
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** A preflight answered by the CORS hook. */
    corsPreflightEnabled: boolean;
  }
}
