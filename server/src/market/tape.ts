import type { Q } from '../db';

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

interface TradeRow {
  seq: number;
  instrument_id: number;
  time: number;
  price: string;
  qty: string;
  side: number;
  kind: number;
}

export const toTrade = (row: TradeRow): TapeTrade => ({
  seq: row.seq,
  instrumentId: row.instrument_id,
  time: row.time,
  price: row.price,
  qty: row.qty,
  side: row.side === 1 ? 1 : 2,
  kind: row.kind === 1 ? 1 : row.kind === 2 ? 2 : 0,
});

/** Rows per multi-row INSERT (7 parameters a row: far below SQLite's and PostgreSQL's limits). */
const INSERT_CHUNK = 1000;

const TRADE_COLUMNS = ['seq', 'instrument_id', 'time', 'price', 'qty', 'side', 'kind'] as const;

/**
 * SQL access to `market_trades` (the price tape). Every function takes the connection or the open
 * transaction it runs on.
 */
export const Tape = {
  /**
   * The next free sequence number: above the tape's highest one (pruning always keeps it) and
   * above every engine cursor (so a seq deleted with its rows, as migration 11 did, is never
   * handed out again to trades an engine would take as already seen).
   */
  async nextSeq(q: Q): Promise<number> {
    const trades = await q
      .selectFrom('market_trades')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .executeTakeFirst();
    const cursors = await q
      .selectFrom('trading_cursors')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .executeTakeFirst();
    return Math.max(Number(trades?.seq ?? 0), Number(cursors?.seq ?? 0)) + 1;
  },

  /** Appends trades: one multi-row INSERT per chunk (call inside a transaction). */
  async insert(q: Q, trades: readonly TapeTrade[]): Promise<void> {
    for (let i = 0; i < trades.length; i += INSERT_CHUNK) {
      const chunk = trades.slice(i, i + INSERT_CHUNK);
      await q
        .insertInto('market_trades')
        .values(
          chunk.map((t) => ({
            seq: t.seq,
            instrument_id: t.instrumentId,
            time: t.time,
            price: t.price,
            qty: t.qty,
            side: t.side,
            kind: t.kind,
          })),
        )
        .execute();
    }
  },

  async priceAt(q: Q, instrumentId: number, time: number): Promise<TapePoint | undefined> {
    return q
      .selectFrom('market_trades')
      .select(['seq', 'time', 'price'])
      .where('instrument_id', '=', instrumentId)
      .where('time', '<=', time)
      .orderBy('time', 'desc')
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst();
  },

  /** Newest first. */
  async recent(q: Q, instrumentId: number, limit: number): Promise<TapeTrade[]> {
    const rows = await q
      .selectFrom('market_trades')
      .select(TRADE_COLUMNS)
      .where('instrument_id', '=', instrumentId)
      .orderBy('time', 'desc')
      .orderBy('seq', 'desc')
      .limit(limit)
      .execute();
    return rows.map(toTrade);
  },

  /** Trades of an instrument after `seq`, in order. */
  async after(q: Q, instrumentId: number, seq: number): Promise<TapeTrade[]> {
    const rows = await q
      .selectFrom('market_trades')
      .select(TRADE_COLUMNS)
      .where('instrument_id', '=', instrumentId)
      .where('seq', '>', seq)
      .orderBy('seq')
      .execute();
    return rows.map(toTrade);
  },

  /**
   * Deletes up to `batch` trades of an instrument older than `cutoff`, never the one with
   * `keepSeq` or later (the last trade always stays, so a long-closed market keeps its price).
   */
  async prune(q: Q, instrumentId: number, cutoff: number, keepSeq: number, batch: number): Promise<number> {
    const result = await q
      .deleteFrom('market_trades')
      .where('seq', 'in', (eb) =>
        eb
          .selectFrom('market_trades')
          .select('seq')
          .where('instrument_id', '=', instrumentId)
          .where('time', '<', cutoff)
          .where('seq', '<', keepSeq)
          .orderBy('time')
          .limit(batch),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
