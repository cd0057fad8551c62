import { sql, type Kysely, type RawBuilder } from 'kysely';
import { INSTRUMENTS, instrumentById } from '../../market/instruments';
import { parseUnits } from '../../market/decimal';
import type { Dialect } from '../index';
import { createDayPartitions } from '../partitions';
import { col } from './columns';

/**
 * Migration 12: the tape moves from `market_trades` (decimal text, a rowid table plus an
 * (instrument_id, time) index: 52 bytes a trade on SQLite, 141 on PostgreSQL) to `market_tape`:
 *
 * - `ticks` / `lots`: the price and size as integers of the instrument's price and quantity
 *   precision (`price = ticks × 10^-precision`), exact both ways;
 * - `flags` = (side - 1) + 2 × kind: one small integer for the taker side and the print kind;
 * - one clustered key (instrument_id, time, seq) and no other index: on SQLite a WITHOUT ROWID
 *   table, on PostgreSQL the primary key of a table partitioned by day on `time`
 *   (`market_tape_YYYYMMDD`, UTC days; see market/tape.ts for who creates them).
 *
 * Every row is converted exactly (a text the instrument's precision cannot hold stops the
 * migration: nothing may change a recorded trade), then `market_trades` is dropped.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations change the schema, so they cannot be typed by it
export async function compactTape(db: Kysely<any>, dialect: Dialect): Promise<void> {
  let create = db.schema
    .createTable('market_tape')
    // The 8-byte columns first, the 2-byte ones last: no alignment padding in a PostgreSQL row
    // (SQLite stores the key columns first whatever the order).
    .addColumn('time', col.millis(dialect), (c) => c.notNull())
    .addColumn('seq', col.int(dialect), (c) => c.notNull())
    .addColumn('ticks', col.int(dialect), (c) => c.notNull())
    .addColumn('lots', col.int(dialect), (c) => c.notNull())
    .addColumn('instrument_id', col.small(dialect), (c) => c.notNull())
    .addColumn('flags', col.small(dialect), (c) => c.notNull())
    .addPrimaryKeyConstraint('market_tape_pk', ['instrument_id', 'time', 'seq']);
  create = create.modifyEnd(dialect === 'postgres' ? sql`PARTITION BY RANGE (time)` : sql`WITHOUT ROWID`);
  await create.execute();

  if (dialect === 'postgres') {
    const days = await sql<{ day: string | number }>`
      SELECT DISTINCT floor(time / 86400000)::bigint AS day FROM market_trades`.execute(db);
    await createDayPartitions(
      db,
      'market_tape',
      days.rows.map((r) => Number(r.day)),
    );
  }

  // Rows in the instrument's canonical text (every row this server ever wrote): converted in SQL.
  for (const instrument of INSTRUMENTS) {
    const ticks = units(dialect, 'price', instrument.precision);
    const lots = units(dialect, 'qty', instrument.qtyPrecision);
    await sql`
      INSERT INTO market_tape (instrument_id, time, seq, ticks, lots, flags)
      SELECT instrument_id, time, seq, ${ticks.value}, ${lots.value}, (side - 1) + 2 * kind
      FROM market_trades
      WHERE instrument_id = ${instrument.id} AND ${ticks.exact} AND ${lots.exact}`.execute(db);
  }

  // Anything else (another spelling of the same number, or a row nothing can hold exactly).
  const rest = await sql<{
    seq: number | string;
    instrument_id: number | string;
    time: number | string;
    price: string;
    qty: string;
    side: number | string;
    kind: number | string;
  }>`
    SELECT m.seq, m.instrument_id, m.time, CAST(m.price AS TEXT) AS price, CAST(m.qty AS TEXT) AS qty, m.side, m.kind
    FROM market_trades m
    WHERE NOT EXISTS (
      SELECT 1 FROM market_tape t
      WHERE t.instrument_id = m.instrument_id AND t.time = m.time AND t.seq = m.seq
    )`.execute(db);
  for (const row of rest.rows) {
    const instrument = instrumentById(Number(row.instrument_id));
    const ticks = instrument && parseUnits(row.price, instrument.precision);
    const lots = instrument && parseUnits(row.qty, instrument.qtyPrecision);
    if (!instrument || ticks === undefined || lots === undefined)
      throw new Error(
        `market_trades row seq ${row.seq} (instrument ${row.instrument_id}, price ${row.price}, qty ${row.qty}) cannot be stored exactly in market_tape`,
      );
    await db
      .insertInto('market_tape')
      .values({
        instrument_id: Number(row.instrument_id),
        time: Number(row.time),
        seq: Number(row.seq),
        ticks,
        lots,
        flags: Number(row.side) - 1 + 2 * Number(row.kind),
      })
      .execute();
  }
  await db.schema.dropTable('market_trades').execute();
}

/**
 * The integer units of a decimal column at `scale` decimals, and a condition true where that is
 * exact: on SQLite the text must be digits with exactly `scale` decimals (what formatUnits
 * writes); on PostgreSQL (numeric) the scaled value must be whole.
 */
function units(
  dialect: Dialect,
  column: 'price' | 'qty',
  scale: number,
): { value: RawBuilder<unknown>; exact: RawBuilder<unknown> } {
  const ref = sql.ref(column);
  if (dialect === 'postgres') {
    const factor = sql.raw(`1${'0'.repeat(scale)}`);
    return {
      value: sql`(${ref} * ${factor})::bigint`,
      exact: sql`${ref} * ${factor} = trunc(${ref} * ${factor}) AND ${ref} >= 0`,
    };
  }
  if (scale === 0) {
    return {
      value: sql`CAST(${ref} AS INTEGER)`,
      exact: sql`${ref} <> '' AND ${ref} NOT GLOB '*[^0-9]*' AND length(${ref}) <= 15`,
    };
  }
  return {
    value: sql`CAST(REPLACE(${ref}, '.', '') AS INTEGER)`,
    exact: sql`${ref} NOT GLOB '*[^0-9.]*' AND instr(${ref}, '.') > 1 AND length(${ref}) - instr(${ref}, '.') = ${sql.lit(scale)} AND instr(substr(${ref}, instr(${ref}, '.') + 1), '.') = 0 AND length(${ref}) <= 16`,
  };
}
