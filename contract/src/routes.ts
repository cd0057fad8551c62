import type { z } from 'zod';
import type { RouteKey, RouteSpec } from './route-kit';
import { routes as accounts } from './route-tables/accounts';
import { routes as support } from './route-tables/support';
import { routes as market } from './route-tables/market';
import { routes as wallet } from './route-tables/wallet';
import { routes as uploads } from './route-tables/uploads';
import { routes as otc } from './route-tables/otc';
import { routes as earn } from './route-tables/earn';
import { routes as spot } from './route-tables/spot';
import { routes as lever } from './route-tables/lever';
import { routes as seconds } from './route-tables/seconds';
import { routes as dev } from './route-tables/dev';

export type { Auth, RouteKey, RouteSpec } from './route-kit';

/**
 * Every REST call of the server: `METHOD /path` -> request, answer, auth. One table per domain
 * (./route-tables): the client loads only the table of the route it calls (./client.ts).
 */
export const ROUTES = {
  ...accounts,
  ...support,
  ...market,
  ...wallet,
  ...uploads,
  ...otc,
  ...earn,
  ...spot,
  ...lever,
  ...seconds,
  ...dev,
} as const satisfies Record<RouteKey, RouteSpec>;

export type Routes = typeof ROUTES;
export type RouteName = keyof Routes;

type SchemaOf<T> = T extends z.ZodType ? T : never;
/** The parsed request (body or query) of a route, as the handler sees it. */
export type RequestOf<K extends RouteName> = Routes[K] extends { request: infer S }
  ? z.output<SchemaOf<S>>
  : Record<string, never>;
/** The parsed path parameters of a route. */
export type ParamsOf<K extends RouteName> = Routes[K] extends { params: infer S }
  ? z.output<SchemaOf<S>>
  : Record<string, never>;
/** The request as a client sends it. */
export type RequestInputOf<K extends RouteName> = Routes[K] extends { request: infer S }
  ? z.input<SchemaOf<S>>
  : Record<string, never>;
/** The answer `message` of a route (or the whole body for `envelope: false`). */
export type AnswerOf<K extends RouteName> = Routes[K] extends { answer: infer S }
  ? S extends z.ZodType
    ? z.output<S>
    : never
  : never;

export function splitRouteKey(key: string): { method: 'GET' | 'POST'; path: string } {
  const space = key.indexOf(' ');
  return { method: key.slice(0, space) as 'GET' | 'POST', path: key.slice(space + 1) };
}
