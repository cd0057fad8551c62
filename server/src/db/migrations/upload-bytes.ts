import type { Kysely } from 'kysely';
import type { Dialect } from '../index';
import { col } from './columns';

/**
 * Migration 13: the bytes of an upload move from a file in the node's `UPLOAD_DIR` into the
 * `uploads` row (`data`: BLOB on SQLite, bytea on PostgreSQL), so every API node behind a load
 * balancer serves every upload. The column is nullable: a row written before this migration has
 * its bytes in a file until the node holding that file starts and imports it
 * (uploads/service.ts `importDiskUploads`); new rows always carry their bytes.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations change the schema, so they cannot be typed by it
export async function uploadBytes(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema.alterTable('uploads').addColumn('data', col.bytes(dialect)).execute();
}
