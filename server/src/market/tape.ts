import { sql } from 'kysely';
import { queryDialect, type Q } from '../db';
import { createDayPartitions, dayOf } from '../db/partitions';
import { formatUnits, parseUnits } from './decimal';
import { type Instrument, instrumentById } from './instruments';

/** One print of the tape. Prices and quantities are decimal text. */
export interface TapeTrade {
  /** Strictly increasing over the whole tape. */
  seq: number;
  instrumentId: number;
  /** Epoch ms; never decreases per instrument. */
  time: number;
  price: string;
  qty: string;
  /** Taker side: 1 sell, 2 buy. */
  side: 1 | 2;
  /** 0 feed, 1 pinned print (dev tool), 2 back-filled history. */
  kind: 0 | 1 | 2;
}

/** The tape's price at an instant: the last trade at or before it. */
export interface TapePoint {
  seq: number;
  time: number;
  price: string;
}

/**
 * A trade as stored in `market_tape` (migration 12): price and size as integers of the
 * instrument's precision, side and kind in one small integer. Exact both ways.
 */
export interface TapeRow {
  instrument_id: number;
  time: number;
  seq: number;
  ticks: number;
  lots: number;
  /** (side - 1) + 2 × kind. */
  flags: number;
}

export const TAPE_TABLE = 'market_tape';
const ROW_COLUMNS = ['instrument_id', 'time', 'seq', 'ticks', 'lots', 'flags'] as const;

function instrumentOf(id: number): Instrument {
  const instrument = instrumentById(id);
  if (!instrument) throw new Error(`tape: unknown instrument ${id}`);
  return instrument;
}

export function flagsOf(side: 1 | 2, kind: 0 | 1 | 2): number {
  return side - 1 + 2 * kind;
}

export function toTrade(row: TapeRow): TapeTrade {
  const instrument = instrumentOf(row.instrument_id);
  const kind = row.flags >> 1;
  return {
    seq: row.seq,
    instrumentId: row.instrument_id,
    time: row.time,
    price: formatUnits(row.ticks, instrument.precision),
    qty: formatUnits(row.lots, instrument.qtyPrecision),
    side: (row.flags & 1) === 1 ? 2 : 1,
    kind: kind === 1 ? 1 : kind === 2 ? 2 : 0,
  };
}

/** The stored row of a trade; throws when its price or size is not exact at the instrument's precision. */
export function toRow(trade: TapeTrade): TapeRow {
  const instrument = instrumentOf(trade.instrumentId);
  const ticks = parseUnits(trade.price, instrument.precision);
  const lots = parseUnits(trade.qty, instrument.qtyPrecision);
  if (ticks === undefined || lots === undefined)
    throw new Error(
      `tape: trade ${trade.seq} (${trade.price} x ${trade.qty}) is not exact for ${instrument.symbol}`,
    );
  return {
    instrument_id: trade.instrumentId,
    time: trade.time,
    seq: trade.seq,
    ticks,
    lots,
    flags: flagsOf(trade.side, trade.kind),
  };
}

/** Rows per multi-row INSERT (6 parameters a row: far below SQLite's and PostgreSQL's limits). */
const INSERT_CHUNK = 1000;

/**
 * SQL access to `market_tape` (the price tape), clustered on (instrument_id, time, seq) with no
 * other index (per instrument, time never decreases as seq grows, so that one order serves reads
 * by time and by seq). On PostgreSQL the table is partitioned by UTC day on `time`. Every function
 * takes the connection or the open transaction it runs on.
 */
export const Tape = {
  /**
   * The next free sequence number: above the tape's highest one (pruning always keeps each
   * instrument's last trade) and above every engine cursor (so a seq deleted with its rows, as
   * migration 11 did, is never handed out again to trades an engine would take as already seen).
   * The tape has no index on seq alone: its highest seq is the highest of each instrument's last
   * trade, found by walking the instrument ids of the key.
   */
  async nextSeq(q: Q): Promise<number> {
    let top = 0;
    let id = -1;
    for (;;) {
      const next = await q
        .selectFrom('market_tape')
        .select('instrument_id')
        .where('instrument_id', '>', id)
        .orderBy('instrument_id')
        .limit(1)
        .executeTakeFirst();
      if (!next) break;
      id = next.instrument_id;
      const last = await q
        .selectFrom('market_tape')
        .select('seq')
        .where('instrument_id', '=', id)
        .orderBy('time', 'desc')
        .orderBy('seq', 'desc')
        .limit(1)
        .executeTakeFirst();
      top = Math.max(top, last?.seq ?? 0);
    }
    const cursors = await q
      .selectFrom('trading_cursors')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .executeTakeFirst();
    return Math.max(top, Number(cursors?.seq ?? 0)) + 1;
  },

  /**
   * Appends trades: one multi-row INSERT per chunk (call inside a transaction). On PostgreSQL the
   * day partitions the rows need are created first (inside the same transaction), except the days
   * in `knownDays` (partitions known to exist: see TapeStore).
   */
  async insert(q: Q, trades: readonly TapeTrade[], knownDays?: ReadonlySet<number>): Promise<void> {
    await Tape.insertRows(q, trades.map(toRow), knownDays);
  },

  async insertRows(q: Q, rows: readonly TapeRow[], knownDays?: ReadonlySet<number>): Promise<void> {
    if (rows.length === 0) return;
    if (queryDialect(q) === 'postgres') {
      const missing = new Set<number>();
      for (const row of rows) {
        const day = dayOf(row.time);
        if (!knownDays?.has(day)) missing.add(day);
      }
      await createDayPartitions(q, TAPE_TABLE, missing);
    }
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      await q
        .insertInto('market_tape')
        .values(rows.slice(i, i + INSERT_CHUNK))
        .execute();
    }
  },

  async priceAt(q: Q, instrumentId: number, time: number): Promise<TapePoint | undefined> {
    const row = await q
      .selectFrom('market_tape')
      .select(['seq', 'time', 'ticks'])
      .where('instrument_id', '=', instrumentId)
      .where('time', '<=', time)
      .orderBy('time', 'desc')
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      seq: row.seq,
      time: row.time,
      price: formatUnits(row.ticks, instrumentOf(instrumentId).precision),
    };
  },

  /** Newest first. */
  async recent(q: Q, instrumentId: number, limit: number): Promise<TapeTrade[]> {
    const rows = await q
      .selectFrom('market_tape')
      .select(ROW_COLUMNS)
      .where('instrument_id', '=', instrumentId)
      .orderBy('time', 'desc')
      .orderBy('seq', 'desc')
      .limit(limit)
      .execute();
    return rows.map(toTrade);
  },

  /**
   * Trades of an instrument after `seq`, in order. Per instrument, seq order is time order: the
   * last trade at or before `seq` (found walking back from the newest, past exactly the trades
   * this returns) gives the time they start from.
   */
  async after(q: Q, instrumentId: number, seq: number): Promise<TapeTrade[]> {
    const from = await q
      .selectFrom('market_tape')
      .select('time')
      .where('instrument_id', '=', instrumentId)
      .where('seq', '<=', seq)
      .orderBy('time', 'desc')
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst();
    const rows = await q
      .selectFrom('market_tape')
      .select(ROW_COLUMNS)
      .where('instrument_id', '=', instrumentId)
      .where('time', '>=', from?.time ?? Number.MIN_SAFE_INTEGER)
      .where('seq', '>', seq)
      .orderBy('time')
      .orderBy('seq')
      .execute();
    return rows.map(toTrade);
  },

  /**
   * Deletes up to `batch` of the oldest trades of an instrument older than `cutoff`, never the
   * one with `keepSeq` or later (the last trade always stays, so a long-closed market keeps its
   * price). Row by row (SQLite; on PostgreSQL whole day partitions go, see TapeStore).
   */
  async prune(q: Q, instrumentId: number, cutoff: number, keepSeq: number, batch: number): Promise<number> {
    const bound = await q
      .selectFrom('market_tape')
      .select(['time', 'seq'])
      .where('instrument_id', '=', instrumentId)
      .where('time', '<', cutoff)
      .orderBy('time')
      .orderBy('seq')
      .limit(1)
      .offset(batch - 1)
      .executeTakeFirst();
    const result = await q
      .deleteFrom('market_tape')
      .where('instrument_id', '=', instrumentId)
      .where('time', '<', cutoff)
      .where('seq', '<', keepSeq)
      .$if(bound !== undefined, (qb) =>
        qb.where((eb) =>
          eb.or([
            eb('time', '<', bound?.time ?? 0),
            eb.and([eb('time', '=', bound?.time ?? 0), eb('seq', '<=', bound?.seq ?? 0)]),
          ]),
        ),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },

  /** Rows of the tape in `[from, to)` (all instruments): what dropping a day partition deletes. */
  async countBetween(q: Q, from: number, to: number): Promise<number> {
    const row = await q
      .selectFrom('market_tape')
      .select(sql<number>`COUNT(*)`.as('n'))
      .where('time', '>=', from)
      .where('time', '<', to)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },
};
