import {
  ERROR_CODES,
  errorAnswer,
  okEnvelope,
  ROUTES,
  sessionAnswer,
  splitRouteKey,
  type AnswerOf,
  type OkAnswer,
  type ParamsOf,
  type RequestOf,
  type RouteName,
  type RouteSpec,
  type Routes,
} from '@app/contract';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
  preValidationHookHandler,
  RouteHandlerMethod,
} from 'fastify';
import { z } from 'zod';
import type { AppMode } from './config';
import { requestSession, type Session } from './auth';
import type { Q } from '../db';
import { SessionError } from './errors';
import { appErrorOf } from './validation';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session on `auth: 'user'` routes (resolved before validation), else null. */
    user: Session | null;
  }
  interface FastifyContextConfig {
    /** The contract entry of the route (`METHOD /path`). */
    contract?: RouteName;
  }
}

/** Routes outside the contract: the API documentation itself. */
const UNCONTRACTED = /^\/docs(\/|$)/;

const ROUTE_TABLE = ROUTES as Record<string, RouteSpec>;

/** The contract entry of a registered route, if any. */
export function contractOf(method: string, url: string): RouteSpec | undefined {
  return ROUTE_TABLE[`${method} ${url}`];
}

/**
 * Request validation from the contract: the same rules as `parseInput` (an absent body counts as
 * {}, unknown keys are dropped, the first issue decides the 400 answer and its code).
 */
const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data ?? {});
    return result.success ? { value: result.data } : { error: appErrorOf(result.error) };
  };

/** Answers are written as they are (byte-compatible); the contract checks them in a hook. */
const serializerCompiler = () => (data: unknown) => JSON.stringify(data);

export interface ContractOptions {
  /** Where sessions are looked up (the Store's connection). */
  q: Q;
  clock: { now(): number };
  mode: AppMode;
}

/** An answer that does not match its schema: the issues, for the log and the 500 answer. */
export function answerIssues(spec: RouteSpec, status: number, payload: unknown): AnswerIssue[] {
  const schema = answerSchema(spec, status);
  if (!schema) return [];
  const result = schema.safeParse(payload);
  if (!result.success) return result.error.issues;
  // Objects of the contract drop unknown keys when they parse: a key the answer has and the
  // parsed answer lacks is a field the contract does not name.
  return extraKeys(payload, result.data, []).map((path) => ({ path, message: 'not in the contract' }));
}

export interface AnswerIssue {
  path: PropertyKey[];
  message: string;
}

function extraKeys(sent: unknown, parsed: unknown, path: PropertyKey[]): PropertyKey[][] {
  if (Array.isArray(sent) && Array.isArray(parsed))
    return sent.flatMap((item, i) => extraKeys(item, parsed[i], [...path, i]));
  if (!isPlainObject(sent) || !isPlainObject(parsed)) return [];
  return Object.keys(sent).flatMap((key) => {
    if (sent[key] === undefined) return []; // not on the wire
    return key in parsed ? extraKeys(sent[key], parsed[key], [...path, key]) : [[...path, key]];
  });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const answerSchemas = new WeakMap<RouteSpec, z.ZodType>();
const failureSchema = z.union([errorAnswer, sessionAnswer]);

function answerSchema(spec: RouteSpec, status: number): z.ZodType | undefined {
  if (status !== 200) return failureSchema;
  if (spec.answer === null) return undefined;
  let schema = answerSchemas.get(spec);
  if (!schema) {
    schema = spec.envelope === false ? spec.answer : okEnvelope(spec.answer);
    answerSchemas.set(spec, schema);
  }
  return schema;
}

/**
 * Wires the contract into the server, before any route is registered:
 * - every route must have a contract entry (`METHOD /path`); its request, params and answer
 *   schemas are attached to it (validation, OpenAPI);
 * - `auth: 'user'` routes resolve the session first (type "999" answer without one) and hand it
 *   to the handler as `request.user`;
 * - outside production every answer is checked against its schema (a missing or mistyped field,
 *   or a field the contract does not name): a mismatch is logged as an error; in test mode it
 *   answers 500 `contract.answer_mismatch`, so a test run fails.
 */
export function installContract(app: FastifyInstance, options: ContractOptions): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('user', null);

  app.addHook('onRoute', (route) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
    if (methods.length === 0 || UNCONTRACTED.test(route.url)) return;
    if (methods.length !== 1) throw new Error(`${methods.join('|')} ${route.url}: one method per route`);
    const method = methods[0] as string;
    const key = `${method} ${route.url}`;
    const spec = ROUTE_TABLE[key];
    if (!spec) throw new Error(`${key} has no entry in the contract (@app/contract ROUTES)`);
    route.config = { ...route.config, contract: key as RouteName };
    const before = contractHook(spec, options);
    if (before) {
      const own = route.preValidation;
      route.preValidation = own === undefined ? [before] : [before, ...(Array.isArray(own) ? own : [own])];
    }
    const tag = route.url.split('/')[1] === 'dev' ? 'dev' : (route.url.split('/')[2] ?? 'api');
    route.schema = {
      ...route.schema,
      summary: spec.summary,
      tags: [tag],
      ...(spec.auth === 'user' ? { security: [{ token: [] }] } : {}),
      ...(spec.request ? { [method === 'GET' ? 'querystring' : 'body']: spec.request } : {}),
      ...(spec.params ? { params: spec.params } : {}),
      response: {
        ...(spec.answer ? { 200: spec.envelope === false ? spec.answer : okEnvelope(spec.answer) } : {}),
        ...(spec.auth === 'user' ? { 401: z.union([sessionAnswer, errorAnswer]) } : {}),
        '4XX': errorAnswer,
        '5XX': errorAnswer,
      },
    };
  });

  if (options.mode === 'production') return;

  app.addHook('preSerialization', async (request, reply, payload) => {
    const key = request.routeOptions.config.contract;
    const spec = key ? ROUTE_TABLE[key] : undefined;
    if (!spec) return payload;
    const issues = answerIssues(spec, reply.statusCode, payload);
    if (issues.length === 0) return payload;
    const detail = issues
      .slice(0, 5)
      .map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`)
      .join('; ');
    request.log.error(
      { route: key, status: reply.statusCode, issues },
      `answer does not match the contract: ${detail}`,
    );
    if (options.mode !== 'test') return payload;
    reply.code(500);
    return {
      type: 'error',
      code: 'contract.answer_mismatch',
      message: `${ERROR_CODES['contract.answer_mismatch']}: ${key}: ${detail}`,
    };
  });
}

/**
 * The route's own hook before validation, as the handlers did it: the session first (`auth:
 * 'user'`), then the query merged under the body (`alsoQuery`). Synchronous unless the session
 * must be read from the database; none for a route that needs neither.
 */
function contractHook(spec: RouteSpec, options: ContractOptions): preValidationHookHandler | undefined {
  const merge = spec.alsoQuery
    ? (request: FastifyRequest) => {
        const body = request.body !== null && typeof request.body === 'object' ? request.body : {};
        request.body = { ...(request.query as object), ...body };
      }
    : undefined;
  if (spec.auth !== 'user') {
    if (!merge) return undefined;
    return (request, _reply, done) => {
      merge(request);
      done();
    };
  }
  return (request, _reply, done) => {
    let session: Session | Promise<Session>;
    try {
      session = requestSession(options.q, request, options.clock.now());
    } catch (error) {
      done(error as Error);
      return;
    }
    if (session instanceof Promise) {
      session.then(
        (found) => {
          request.user = found;
          merge?.(request);
          done();
        },
        (error: unknown) => done(error as Error),
      );
      return;
    }
    request.user = session;
    merge?.(request);
    done();
  };
}

type Spec<K extends RouteName> = Routes[K];

/** What a handler receives: the parsed input and params, the session on user routes. */
export interface Call<K extends RouteName> {
  input: RequestOf<K>;
  params: ParamsOf<K>;
  user: Spec<K> extends { auth: 'user' } ? Session : Session | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** What a handler answers: the envelope of its answer, the raw body, or the reply it sent. */
export type ReplyOf<K extends RouteName> =
  Spec<K> extends { answer: null }
    ? FastifyReply
    : Spec<K> extends { envelope: false }
      ? AnswerOf<K>
      : OkAnswer<AnswerOf<K>>;

/** Registers the handler of a contract route, typed from the contract. */
export function route<K extends RouteName>(
  app: FastifyInstance,
  key: K,
  handler: (call: Call<K>) => ReplyOf<K> | Promise<ReplyOf<K>>,
  options: { helmet?: false } = {},
): void {
  const { method, path } = splitRouteKey(key);
  const spec = ROUTE_TABLE[key] as RouteSpec;
  const run: RouteHandlerMethod = async (request, reply) => {
    if (spec.auth === 'user' && !request.user) throw new SessionError();
    const call = {
      input: method === 'GET' ? request.query : request.body,
      params: request.params,
      user: request.user,
      request,
      reply,
    } as Call<K>;
    return handler(call);
  };
  app.route({ method, url: path, handler: run, ...(options.helmet === false ? { helmet: false } : {}) });
}
