import { sql, type Kysely } from 'kysely';
import type { DB } from './schema';

/** One UTC day in ms: the span of a day partition. */
export const PARTITION_DAY_MS = 86_400_000;

/** Several nodes (or a node and a migration) may create the same partition: one at a time. */
const PARTITION_LOCK = 412_002;

/** The UTC day number (days since 1970-01-01) of an epoch-ms instant. */
export function dayOf(ms: number): number {
  return Math.floor(ms / PARTITION_DAY_MS);
}

/** `market_tape_20250115`: the partition of `table` that holds UTC day `day`. */
export function partitionName(table: string, day: number): string {
  const date = new Date(day * PARTITION_DAY_MS).toISOString().slice(0, 10).replaceAll('-', '');
  return `${table}_${date}`;
}

/**
 * PostgreSQL only: creates the missing day partitions `days` (UTC day numbers) of a table
 * partitioned by range on an epoch-ms column, each `[day 00:00, next day 00:00)` UTC. Runs on the
 * given connection or transaction (inside a transaction the partitions exist once it commits).
 */
export async function createDayPartitions(
  q: Kysely<DB>,
  table: string,
  days: Iterable<number>,
): Promise<void> {
  const wanted = [...new Set(days)].sort((a, b) => a - b);
  if (wanted.length === 0) return;
  await sql`SELECT pg_advisory_xact_lock(${PARTITION_LOCK})`.execute(q);
  for (const day of wanted) {
    const from = day * PARTITION_DAY_MS;
    await sql`CREATE TABLE IF NOT EXISTS ${sql.table(partitionName(table, day))} PARTITION OF ${sql.table(table)} FOR VALUES FROM (${sql.lit(from)}) TO (${sql.lit(from + PARTITION_DAY_MS)})`.execute(
      q,
    );
  }
}

/** PostgreSQL only: the UTC day numbers of a table's day partitions, oldest first. */
export async function listDayPartitions(q: Kysely<DB>, table: string): Promise<number[]> {
  const rows = await sql<{ name: string }>`
    SELECT c.relname AS name FROM pg_inherits i
    JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = to_regclass(${table}::text)`.execute(q);
  const days: number[] = [];
  for (const { name } of rows.rows) {
    const match = /_(\d{4})(\d{2})(\d{2})$/.exec(name);
    if (match) days.push(dayOf(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))));
  }
  return days.sort((a, b) => a - b);
}

/** PostgreSQL only: drops the day partition of `table` for UTC day `day` (its rows go with it). */
export async function dropDayPartition(q: Kysely<DB>, table: string, day: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${PARTITION_LOCK})`.execute(q);
  await sql`DROP TABLE IF EXISTS ${sql.table(partitionName(table, day))}`.execute(q);
}

/**
 * PostgreSQL only: the UTC days (oldest first) before `beforeDay` whose partition's primary key
 * has not been compacted yet (see compactDayPartition).
 */
export async function uncompactedDays(q: Kysely<DB>, table: string, beforeDay: number): Promise<number[]> {
  const rows = await sql<{ name: string }>`
    SELECT c.relname AS name FROM pg_inherits i
    JOIN pg_class c ON c.oid = i.inhrelid
    JOIN pg_index x ON x.indrelid = c.oid AND x.indisprimary
    JOIN pg_class ix ON ix.oid = x.indexrelid
    WHERE i.inhparent = to_regclass(${table}::text)
      AND NOT ('fillfactor=100' = ANY (COALESCE(ix.reloptions, '{}')))`.execute(q);
  const days: number[] = [];
  for (const { name } of rows.rows) {
    const match = /_(\d{4})(\d{2})(\d{2})$/.exec(name);
    if (!match) continue;
    const day = dayOf(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
    if (day < beforeDay) days.push(day);
  }
  return days.sort((a, b) => a - b);
}

/**
 * PostgreSQL only: rebuilds the primary key of a finished day's partition packed full (fillfactor
 * 100). Rows of several instruments arrive interleaved, so the key's pages split half full while
 * the day is written; a finished day only gets rows again from a gap back-fill. Runs outside any
 * transaction (REINDEX CONCURRENTLY: reads and writes go on meanwhile).
 */
export async function compactDayPartition(q: Kysely<DB>, table: string, day: number): Promise<void> {
  const index = `${partitionName(table, day)}_pkey`;
  await sql`ALTER INDEX ${sql.table(index)} SET (fillfactor = 100)`.execute(q);
  await sql`REINDEX INDEX CONCURRENTLY ${sql.table(index)}`.execute(q);
}
