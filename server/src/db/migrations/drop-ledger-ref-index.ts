import type { Kysely } from 'kysely';

/**
 * Migration 14: the index `ledger_entries_ref` (on `ref`) goes. No query of the product reads the
 * ledger by `ref` (only tests do, on a few rows; the fund log reads it through
 * `ledger_entries_wallet`), and every ledger row paid for it: one more B-tree insert a row on the
 * SQLite write path (about 5 µs of the write worker's 45 µs an order in a standalone replay of the
 * spot bench's batches) and on PostgreSQL.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations change the schema, so they cannot be typed by it
export async function dropLedgerRefIndex(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('ledger_entries_ref').ifExists().execute();
}
