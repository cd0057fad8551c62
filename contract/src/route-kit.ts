/**
 * The shape of one REST call and the helpers the route tables (./route-tables) build them with.
 */
import { z } from 'zod';

/** Who may call a route: `user` needs a session (else the type "999" answer), `public` anyone. */
export type Auth = 'user' | 'public';

/** One REST call of the contract. */
export interface RouteSpec {
  auth: Auth;
  /** The body (POST) or query string (GET). Unknown keys are dropped; an empty body counts as {}. */
  request?: z.ZodType;
  /** Path parameters (`/api/assets/coin/:file`). */
  params?: z.ZodType;
  /** POST calls whose fields may also come in the query string (query first, body wins). */
  alsoQuery?: true;
  /**
   * The answer: the `message` of `{type:"ok", message}`; with `envelope: false` the whole body;
   * `null` for calls that answer a file or a page (see `produces`).
   */
  answer: z.ZodType | null;
  envelope?: false;
  /** Content type of a non-JSON answer. */
  produces?: string;
  /** A call the spec does not name. */
  addition?: true;
  /** Registered only outside production (dev tools). */
  dev?: true;
  summary: string;
}

export type RouteKey = `${'GET' | 'POST'} /${string}`;

export const text = <T extends string>(...values: [T, ...T[]]) => z.enum(values);

type Entry = Omit<RouteSpec, 'auth' | 'summary'>;

export const user = <S extends Entry>(summary: string, spec: S) => ({
  auth: 'user' as const,
  summary,
  ...spec,
});
export const open = <S extends Entry>(summary: string, spec: S) => ({
  auth: 'public' as const,
  summary,
  ...spec,
});
