import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

interface Operation {
  summary?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
}

interface OpenApiDocument {
  info: { title: string; description?: string };
  paths?: Record<string, Record<string, Operation>>;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const json = (value: unknown) => `<pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre>`;

/** A browsable page of the document: no script, one inline style (allowed by the API's CSP). */
export function docsPage(doc: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags?.[0] ?? 'api';
      const auth = op.security && op.security.length > 0 ? '<span class="auth">token</span>' : '';
      const parts = [
        op.parameters?.length ? `<h4>Parameters</h4>${json(op.parameters)}` : '',
        op.requestBody ? `<h4>Body</h4>${json(op.requestBody)}` : '',
        op.responses ? `<h4>Answer</h4>${json(op.responses)}` : '',
      ].join('');
      const entry = `<details><summary><b class="m">${method.toUpperCase()}</b> <code>${escapeHtml(path)}</code> ${auth} ${escapeHtml(op.summary ?? '')}</summary>${parts}</details>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), entry]);
    }
  }
  const sections = [...byTag.entries()]
    .map(([tag, entries]) => `<section><h2>${escapeHtml(tag)}</h2>${entries.join('')}</section>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(doc.info.title)}</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem;color:#123}
details{border-bottom:1px solid #ddd;padding:.3rem 0}summary{cursor:pointer}.m{display:inline-block;width:3.5rem}
.auth{background:#fe8;border-radius:3px;padding:0 .3rem;font-size:.8rem}pre{background:#f4f6f8;padding:.5rem;overflow:auto;font-size:.8rem}</style>
</head><body><h1>${escapeHtml(doc.info.title)}</h1><p>${escapeHtml(doc.info.description ?? '')}</p>
<p>Machine-readable: <a href="/docs/json">/docs/json</a> (OpenAPI 3.1).</p>${sections}</body></html>`;
}

/**
 * The OpenAPI 3.1 document of the contract, outside production: `/docs/json` (JSON) and `/docs`
 * (a browsable page). Register before the routes (the document lists the routes registered after).
 */
export async function registerDocs(app: FastifyInstance, publicOrigin: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Trading app API',
        version: '1',
        description:
          'Generated from @app/contract. Answers are {type:"ok", message} (HTTP 200), ' +
          '{type:"error", code, message} or, on a user call without a valid session, HTTP 401 ' +
          '{type:"999", message:"session expired", code:"session.invalid"}. Rules, engines and ' +
          'formulas: server/API.md.',
      },
      servers: [{ url: publicOrigin }],
      components: {
        securitySchemes: { token: { type: 'http', scheme: 'bearer', description: 'the login token' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  let page: string | undefined;
  app.get('/docs/json', { schema: { hide: true } }, async () => app.swagger());
  app.get('/docs', { schema: { hide: true } }, async (_request, reply) => {
    page ??= docsPage(app.swagger() as unknown as OpenApiDocument);
    return reply.header('content-type', 'text/html; charset=utf-8').send(page);
  });
}
