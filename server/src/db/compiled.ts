import { RawNode, type Compilable, type CompiledQuery, type QueryResult } from 'kysely';
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
  type Entry = { compiled: CompiledQuery<R>; slots: Slot[] };
  const caches = { sqlite: new Map<number, Entry>(), postgres: new Map<number, Entry>() };
  return async (q, values, shape = 0) => {
    const cache = caches[queryDialect(q)];
    let entry = cache.get(shape);
    if (!entry) {
      const placeholders = new Proxy({}, { get: (_target, name) => `\uE000value:${String(name)}` }) as V;
      const compiled = build(q, placeholders, shape).compile();
      const slots = compiled.parameters.map((parameter): Slot => {
        const match = typeof parameter === 'string' ? PLACEHOLDER.exec(parameter) : null;
        return match ? { name: match[1] as string } : { value: parameter };
      });
      entry = { compiled: slim(compiled), slots };
      cache.set(shape, entry);
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

/**
 * A multi-row statement's parameters, compactly: for parameter i, the row it comes from
 * (`rows[i]`, -1 for a constant, `constants[i]`) and the field (`names[i]`, one string per field
 * name). Kept for every number of rows (up to a chunk: 128), so what it holds stays in the old
 * generation: one small array of numbers and one of shared names a shape, not an object and a
 * string a parameter (with the placeholder texts and Kysely's tree: ~12 MB of the spot bench's
 * old generation, marked again by every major collection).
 */
interface RowsEntry<R> {
  compiled: CompiledQuery<R>;
  rows: Int32Array;
  names: string[];
  constants: unknown[];
}

/**
 * The compiled query without what only its compilation needed: the placeholder parameters and
 * the operation tree (Kysely's executor needs the SQL, the parameters and the query id).
 */
function slim<R>(compiled: CompiledQuery<R>): CompiledQuery<R> {
  return {
    sql: compiled.sql,
    parameters: [],
    query: RawNode.createWithSql(compiled.sql),
    queryId: compiled.queryId,
  };
}

/**
 * `compiledQuery` for a multi-row statement (an INSERT of many rows): `build` receives `rows`
 * placeholders (proxies, as above: read each field by name) and the call passes the rows
 * themselves, so no per-call object of numbered names is built. Compiled once per dialect and
 * number of rows.
 */
export function compiledRowsQuery<V extends Record<string, unknown>, R>(
  build: (q: Q, rows: V[]) => Compilable<R>,
): (q: Q, rows: readonly V[]) => Promise<QueryResult<R>> {
  const caches = { sqlite: new Map<number, RowsEntry<R>>(), postgres: new Map<number, RowsEntry<R>>() };
  /** Field names, each one string (shared by every shape). */
  const interned = new Map<string, string>();
  return async (q, rows) => {
    const cache = caches[queryDialect(q)];
    let entry = cache.get(rows.length);
    if (!entry) {
      const placeholders = rows.map(
        (_row, i) => new Proxy({}, { get: (_target, name) => `\uE000row:${i}:${String(name)}` }) as V,
      );
      const compiled = build(q, placeholders).compile();
      const n = compiled.parameters.length;
      const created: RowsEntry<R> = {
        compiled: slim(compiled),
        rows: new Int32Array(n),
        names: [],
        constants: [],
      };
      compiled.parameters.forEach((parameter, i) => {
        const match = typeof parameter === 'string' ? ROW_PLACEHOLDER.exec(parameter) : null;
        if (!match) {
          created.rows[i] = -1;
          created.names[i] = '';
          created.constants[i] = parameter;
          return;
        }
        const name = match[2] as string;
        if (!interned.has(name)) interned.set(name, name);
        created.rows[i] = Number(match[1]);
        created.names[i] = interned.get(name) as string;
        created.constants[i] = undefined;
      });
      entry = created;
      cache.set(rows.length, entry);
    }
    const { rows: rowOf, names, constants } = entry;
    // Filled by push, not `new Array(n)`: a holey array is posted to the write worker as a sparse
    // one (key by key, ~2.5x the serialization time, and a dictionary array on arrival).
    const parameters: unknown[] = [];
    for (let i = 0; i < rowOf.length; i += 1) {
      const r = rowOf[i] as number;
      if (r < 0) {
        parameters.push(constants[i]);
        continue;
      }
      const row = rows[r] as V;
      const name = names[i] as string;
      if (!(name in row)) throw new Error(`compiledRowsQuery: no value for ${name}`);
      parameters.push(row[name]);
    }
    const compiled = { ...entry.compiled, parameters };
    const direct = directOf(q);
    return direct ? direct(compiled) : q.executeQuery(compiled);
  };
}
