/**
 * Tape storage benchmark (a script, not a test): runs the simulated feed (manual clock, no
 * back-filled history) until it has recorded `--trades` trades, then reports the bytes the tape
 * takes per trade (table and indexes; SQLite `dbstat` pages, PostgreSQL `pg_total_relation_size`
 * over every partition), the feed's trade rate, and what a day and a year of tape for the 31
 * instruments cost at that rate. The candles are reported beside it.
 *
 * On PostgreSQL it also reports the size once the day is finished and its key packed.
 *
 *   npm run bench:tape                                  (SQLite; --trades 200000)
 *   node scripts/with-postgres.mjs npm run bench:tape   (PostgreSQL)
 *   add --detail for the size of each PostgreSQL table and index
 *
 * Measured on a busy 2-core machine with 100,000 trades (the simulated feed: 76 trades/s, all
 * markets open = 6.6 M trades a day): before (market_trades, decimal text, rowid + index) 52.0
 * bytes a trade on SQLite (~342 MB a day), 141.4 on PostgreSQL; after (market_tape) 27.5 on SQLite
 * (~180 MB a day, ~66 GB a year), 139.8 on PostgreSQL while the day is written and 105.8 once it
 * is packed (~694 MB a day, ~253 GB a year).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../src/app';
import { ManualClock } from '../src/core/clock';
import { loadConfig } from '../src/core/config';
import type { Store } from '../src/db';
import { INSTRUMENTS } from '../src/market/instruments';
import { DAY_MS } from '../src/market/time';

function numberArgument(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  if (index === -1) return fallback;
  const value = Number(process.argv[index + 1]);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive integer`);
  return value;
}

const TRADES = numberArgument('trades', 200_000);
/** The tables that hold the tape (whichever this schema has) and the candles. */
const TAPE_TABLES = ['market_trades', 'market_tape'];
const CANDLE_TABLES = ['market_candles'];

/** Bytes of each table with its indexes (and, on PostgreSQL, its partitions and TOAST). */
async function tableBytes(store: Store): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  if (store.dialect === 'sqlite') {
    const rows = await sql<{ tbl: string; bytes: number }>`
      SELECT m.tbl_name AS tbl, SUM(d.pgsize) AS bytes
      FROM dbstat d JOIN sqlite_master m ON m.name = d.name
      GROUP BY m.tbl_name`.execute(store.q);
    for (const row of rows.rows) sizes.set(row.tbl, Number(row.bytes));
  } else {
    for (const table of [...TAPE_TABLES, ...CANDLE_TABLES]) {
      // A partitioned table is the sum of its partitions; pg_partition_tree lists none for a plain one.
      const rows = await sql<{ bytes: string | null }>`
        SELECT COALESCE(
          (SELECT SUM(pg_total_relation_size(relid)) FROM pg_partition_tree(to_regclass(${table}::text))),
          pg_total_relation_size(to_regclass(${table}::text))
        )::bigint AS bytes`.execute(store.q);
      const bytes = rows.rows[0]?.bytes;
      if (bytes !== null && bytes !== undefined) sizes.set(table, Number(bytes));
    }
  }
  return sizes;
}

async function rowCount(store: Store, table: string): Promise<number> {
  const rows = await sql<{ n: string | number }>`SELECT COUNT(*) AS n FROM ${sql.table(table)}`.execute(
    store.q,
  );
  return Number(rows.rows[0]?.n ?? 0);
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tape-size-'));
  const databaseUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  const config = loadConfig({
    APP_MODE: 'test',
    LOG_LEVEL: 'silent',
    DB_FILE: path.join(dir, 'app.db'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    MARKET_BACKFILL: 'none',
    MARKET_FEED: 'manual',
    MARKET_TAPE_DAYS: 'keep',
  });
  // A Wednesday, 12:00 UTC: every market of the catalogue is open.
  const start = Date.UTC(2025, 0, 15, 12);
  const clock = new ManualClock(start);
  const app = await buildApp(config, { clock });
  const { market, ctx } = app;
  const store = ctx.store;
  const tapeTable = (await tableBytes(store)).has('market_tape') ? 'market_tape' : 'market_trades';
  const before = await rowCount(store, tapeTable);
  let trades = 0;
  const started = performance.now();
  while (trades < TRADES) {
    clock.advance(10_000);
    trades += await market.tick();
  }
  const wallSeconds = (performance.now() - started) / 1000;
  const simulatedSeconds = (clock.now() - start) / 1000;
  const rows = (await rowCount(store, tapeTable)) - before;
  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
  const gb = (bytes: number) => `${(bytes / 1e9).toFixed(1)} GB`;
  const perDay = (rows / simulatedSeconds) * (DAY_MS / 1000);
  console.log(`database: ${store.dialect}, tape table: ${tapeTable}, ${INSTRUMENTS.length} instruments`);
  console.log(
    `recorded ${rows} trades (${simulatedSeconds} simulated s, ${(rows / simulatedSeconds).toFixed(1)} trades/s, all markets open) in ${wallSeconds.toFixed(1)} s`,
  );
  const report = async (label: string) => {
    if (store.dialect === 'postgres') await sql`VACUUM ANALYZE`.execute(store.q);
    const sizes = await tableBytes(store);
    const tapeBytes = TAPE_TABLES.reduce((sum, t) => sum + (sizes.get(t) ?? 0), 0);
    const candleBytes = CANDLE_TABLES.reduce((sum, t) => sum + (sizes.get(t) ?? 0), 0);
    const perTrade = tapeBytes / (rows + before);
    console.log(
      `${label}: tape ${mb(tapeBytes)} for ${rows + before} rows = ${perTrade.toFixed(1)} bytes a trade (table + indexes); candles ${mb(candleBytes)}`,
    );
    if (store.dialect === 'postgres' && process.argv.includes('--detail')) {
      const detail = await sql<{ name: string; bytes: string; kind: string }>`
        SELECT c.relname AS name, c.relkind AS kind, pg_relation_size(c.oid)::bigint AS bytes
        FROM pg_class c WHERE c.relname LIKE 'market_t%' AND pg_relation_size(c.oid) > 8192 ORDER BY 1`.execute(
        store.q,
      );
      for (const row of detail.rows) console.log(`  ${row.name} (${row.kind}): ${Number(row.bytes)} bytes`);
    }
    console.log(
      `  at ${Math.round(perDay).toLocaleString('en')} trades a day: ${mb(perTrade * perDay)} a day, ${gb(perTrade * perDay * 365)} a year`,
    );
  };
  await report('while the day is written');
  if (store.dialect === 'postgres' && tapeTable === 'market_tape') {
    // Two days on, the engine node's timer packs the finished day's key.
    clock.advance(2 * DAY_MS);
    await market.prune();
    await report('once the day is finished (key packed)');
  }
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
