import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export type Db = Database.Database;

export interface Migration {
  /** Strictly increasing; never renumber or edit a released migration, add a new one. */
  version: number;
  name: string;
  up: string | ((db: Db) => void);
}

/** Opens (creating the folder and file if needed) a SQLite database with WAL and foreign keys. */
export function openDatabase(file: string): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  return db;
}

export function runMigrations(db: Db, migrations: readonly Migration[], now: number): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at INTEGER NOT NULL
  )`);
  const applied = new Set(
    db
      .prepare('SELECT version FROM schema_migrations')
      .all()
      .map((row) => (row as { version: number }).version),
  );
  const sorted = [...migrations].sort((a, b) => a.version - b.version);
  const ran: number[] = [];
  for (let i = 1; i < sorted.length; i += 1) {
    if (sorted[i]?.version === sorted[i - 1]?.version)
      throw new Error(`Duplicate migration ${sorted[i]?.version}`);
  }
  for (const migration of sorted) {
    if (applied.has(migration.version)) continue;
    db.transaction(() => {
      if (typeof migration.up === 'string') db.exec(migration.up);
      else migration.up(db);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
        migration.version,
        migration.name,
        now,
      );
    }).immediate();
    ran.push(migration.version);
  }
  return ran;
}
