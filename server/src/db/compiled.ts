import type { Compilable, CompiledQuery, QueryResult } from 'kysely';
import { directOf, queryDialect, type Q } from './index';

const PLACEHOLDER = /^\uE000value:(.+)$/;
const ROW_PLACEHOLDER = /^\uE000row:(\d+):(.+)$/;

type Slot = { name: string } | { value: unknown };

/**
 * A query built and compiled once per dialect and shape, then run with new values: Kysely's
 * building and compiling (objects, a tree, a compiler pass: a good part of an order's CPU) is paid
 * once, and the SQL text is the same every time (SQLite: the cached prepared statement).
 *
 * `build` receives placeholders for the named values (a proxy: read each by name, never spread
 * or iterate it) and must use each only as a value (in `where`, `set`, `values`), never to
 * decide the query's shape; what changes the shape (the
 * number of rows of a multi-row insert, of an `in` list) is `shape`, passed to the call.
 */
export function compiledQuery<V extends Record<string, unknown>, R>(
  build: (q: Q, values: V, shape: number) => Compilable<R>,
): (q: Q, values: V, shape?: number) => Promise<QueryResult<R>> {
  const cache = new Map<string, { compiled: CompiledQuery<R>; slots: Slot[] }>();
  return async (q, values, shape = 0) => {
    const key = `${queryDialect(q)}:${shape}`;
    let entry = cache.get(key);
    if (!entry) {
      const placeholders = new Proxy({}, { get: (_target, name) => `\uE000value:${String(name)}` }) as V;
      const compiled = build(q, placeholders, shape).compile();
      const slots = compiled.parameters.map((parameter): Slot => {
        const match = typeof parameter === 'string' ? PLACEHOLDER.exec(parameter) : null;
        return match ? { name: match[1] as string } : { value: parameter };
      });
      entry = { compiled, slots };
      cache.set(key, entry);
    }
    const parameters = entry.slots.map((slot) => {
      if (!('name' in slot)) return slot.value;
      if (!(slot.name in values)) throw new Error(`compiledQuery: no value for ${slot.name}`);
      return values[slot.name];
    });
    const compiled = { ...entry.compiled, parameters };
    // SQLite inside a transaction: at once on the connection (no promise chain a statement).
    const direct = directOf(q);
    return direct ? direct(compiled) : q.executeQuery(compiled);
  };
}

type RowSlot = { row: number; name: string } | { value: unknown };

/**
 * `compiledQuery` for a multi-row statement (an INSERT of many rows): `build` receives `rows`
 * placeholders (proxies, as above: read each field by name) and the call passes the rows
 * themselves, so no per-call object of numbered names is built. Compiled once per dialect and
 * number of rows.
 */
export function compiledRowsQuery<V extends Record<string, unknown>, R>(
  build: (q: Q, rows: V[]) => Compilable<R>,
): (q: Q, rows: readonly V[]) => Promise<QueryResult<R>> {
  const cache = new Map<string, { compiled: CompiledQuery<R>; slots: RowSlot[] }>();
  return async (q, rows) => {
    const key = `${queryDialect(q)}:${rows.length}`;
    let entry = cache.get(key);
    if (!entry) {
      const placeholders = rows.map(
        (_row, i) => new Proxy({}, { get: (_target, name) => `\uE000row:${i}:${String(name)}` }) as V,
      );
      const compiled = build(q, placeholders).compile();
      const slots = compiled.parameters.map((parameter): RowSlot => {
        const match = typeof parameter === 'string' ? ROW_PLACEHOLDER.exec(parameter) : null;
        return match ? { row: Number(match[1]), name: match[2] as string } : { value: parameter };
      });
      entry = { compiled, slots };
      cache.set(key, entry);
    }
    const parameters = entry.slots.map((slot) => {
      if (!('name' in slot)) return slot.value;
      const row = rows[slot.row] as V;
      if (!(slot.name in row)) throw new Error(`compiledRowsQuery: no value for ${slot.name}`);
      return row[slot.name];
    });
    const compiled = { ...entry.compiled, parameters };
    const direct = directOf(q);
    return direct ? direct(compiled) : q.executeQuery(compiled);
  };
}
