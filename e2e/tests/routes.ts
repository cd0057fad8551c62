// The host's route table (host/src/app/routes.ts), read as text: its titles are Lingui macros
// that only run inside the app's build, so the table cannot be imported here. Every route the
// app serves is listed; aliases (another path to the same page) are kept apart so a spec can
// visit each page once.
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../env';

export interface RouteRow {
  path: string;
  remote: string;
  page: string;
  auth: boolean;
  guestOnly: boolean;
  tab: boolean;
}

export function readRouteTable(): RouteRow[] {
  const text = fs.readFileSync(path.join(repoRoot, 'host/src/app/routes.ts'), 'utf8');
  const table = text.slice(text.indexOf('export const routes'), text.indexOf('export interface TabItem'));
  const rows: RouteRow[] = [];
  for (const m of table.matchAll(/route\(\{([\s\S]*?)\}\)/g)) {
    const body = m[1] ?? '';
    const field = (name: string) => new RegExp(`${name}: '([^']*)'`).exec(body)?.[1];
    const p = field('path');
    const remote = field('remote');
    const page = field('page');
    if (!p || !remote || !page) throw new Error(`unreadable route: ${body}`);
    rows.push({
      path: p,
      remote,
      page,
      auth: /auth: true/.test(body),
      guestOnly: /guestOnly:/.test(body),
      tab: /tab: '/.test(body),
    });
  }
  if (rows.length < 20) throw new Error(`route table read ${rows.length} routes`);
  return rows;
}

/** One route per page (the first path the table gives it). */
export function pageRoutes(): RouteRow[] {
  const seen = new Set<string>();
  return readRouteTable().filter((r) => {
    const key = `${r.remote}/${r.page}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The query a page needs to show its normal content (a pair, a mode, an article). */
export const ROUTE_QUERY: Record<string, string> = {
  '/kline': '?hqtab=0&from=quotes',
  '/trade': '?mode=1',
  '/news': '?id=1',
};
