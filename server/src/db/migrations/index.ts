import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../schema';
import type { Dialect, Store } from '../index';
import { baseline } from './baseline';
import { compactTape } from './compact-tape';
import { dropLedgerRefIndex } from './drop-ledger-ref-index';
import { uploadBytes } from './upload-bytes';

export interface StoreMigration {
  /** Strictly increasing; never renumber or edit a released migration, add a new one. */
  version: number;
  name: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations change the schema, so they cannot be typed by it
  up(db: Kysely<any>, dialect: Dialect): Promise<void>;
}

/** The SQLite-only migrations 1-11 the baseline replaces (their rows, so both runners agree). */
const LEGACY = [
  'accounts',
  'wallet',
  'countries',
  'news',
  'market',
  'wallet-flows',
  'account-profile',
  'uploads',
  'trading',
  'otc-earn-support',
  'instrument-18-is-bef',
] as const;
export const BASELINE_VERSION = LEGACY.length;

/** Numbered migrations, in order, on both dialects (Kysely's schema builder; types from ./columns). */
export const STORE_MIGRATIONS: readonly StoreMigration[] = [
  {
    version: BASELINE_VERSION,
    name: 'baseline',
    async up(db, dialect) {
      await baseline(db, dialect);
      // Rows for the migrations the baseline stands for: a database made by the old runner and
      // one made here look the same (the baseline's own row is written by the runner).
      await db
        .insertInto('schema_migrations')
        .values(LEGACY.slice(0, -1).map((name, i) => ({ version: i + 1, name, applied_at: 0 })))
        .execute();
    },
  },
  { version: 12, name: 'compact-tape', up: compactTape },
  { version: 13, name: 'upload-bytes', up: uploadBytes },
  { version: 14, name: 'drop-ledger-ref-index', up: dropLedgerRefIndex },
];

export interface SeedStep {
  /** Unique and stable: a step runs once per database, steps added later run on old databases. */
  name: string;
  run(q: Transaction<DB>): Promise<void>;
}

/** Several nodes may start at once on PostgreSQL: migrations and seeds run under this lock. */
const MIGRATION_LOCK = 412_001;

async function lockSchema(store: Store, q: Transaction<DB>): Promise<void> {
  if (store.dialect === 'postgres') await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(q);
}

async function ensureBookkeeping(store: Store): Promise<void> {
  const int = store.dialect === 'postgres' ? 'bigint' : 'integer';
  await store.tx(async (q) => {
    await lockSchema(store, q);
    await q.schema
      .createTable('schema_migrations')
      .ifNotExists()
      .addColumn('version', int, (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('applied_at', int, (c) => c.notNull())
      .execute();
    await q.schema
      .createTable('seed_steps')
      .ifNotExists()
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('applied_at', int, (c) => c.notNull())
      .execute();
  });
}

/**
 * Applies the pending migrations, each in its own transaction. A database made by the old
 * SQLite runner at migration 11 (a user's server/data/app.db) already counts as baselined and
 * keeps its data; one older than that is refused (start the release before this one once).
 */
export async function migrate(
  store: Store,
  migrations: readonly StoreMigration[],
  now: number,
): Promise<number[]> {
  await ensureBookkeeping(store);
  const sorted = [...migrations].sort((a, b) => a.version - b.version);
  for (let i = 1; i < sorted.length; i += 1) {
    if (sorted[i]?.version === sorted[i - 1]?.version)
      throw new Error(`Duplicate migration ${sorted[i]?.version}`);
  }
  const ran: number[] = [];
  for (const migration of sorted) {
    const done = await store.tx(async (q) => {
      await lockSchema(store, q);
      const applied = (await q.selectFrom('schema_migrations').select('version').execute()).map(
        (r) => r.version,
      );
      if (applied.includes(migration.version)) return false;
      const newest = Math.max(0, ...applied);
      if (migration.version === BASELINE_VERSION && newest > 0 && newest < BASELINE_VERSION)
        throw new Error(
          `The database is at migration ${newest}, older than the baseline (${BASELINE_VERSION}): start the previous release once to bring it up to date.`,
        );
      await migration.up(q, store.dialect);
      await q
        .insertInto('schema_migrations')
        .values({ version: migration.version, name: migration.name, applied_at: now })
        .execute();
      return true;
    });
    if (done) ran.push(migration.version);
  }
  return ran;
}

/** Runs the seed steps not yet recorded, each once per database (also with several nodes starting). */
export async function runSeeds(store: Store, steps: readonly SeedStep[], now: number): Promise<string[]> {
  await ensureBookkeeping(store);
  const ran: string[] = [];
  for (const step of steps) {
    const done = await store.tx(async (q) => {
      await lockSchema(store, q);
      const claimed = await q
        .insertInto('seed_steps')
        .values({ name: step.name, applied_at: now })
        .onConflict((oc) => oc.column('name').doNothing())
        .executeTakeFirst();
      if (Number(claimed.numInsertedOrUpdatedRows ?? 0n) === 0) return false;
      await step.run(q);
      return true;
    });
    if (done) ran.push(step.name);
  }
  return ran;
}
