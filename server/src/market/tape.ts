import type { Statement } from 'better-sqlite3';
import type { Db } from '../core/db';

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
  side: 1 | 2;
  kind: 0 | 1 | 2;
}

const toTrade = (row: TradeRow): TapeTrade => ({
  seq: row.seq,
  instrumentId: row.instrument_id,
  time: row.time,
  price: row.price,
  qty: row.qty,
  side: row.side,
  kind: row.kind,
});

/** SQL access to `market_trades` (the price tape). */
export class Tape {
  private readonly insertOne;
  private readonly multi: Map<number, Statement<unknown[]>> = new Map();
  private readonly at;
  private readonly recentRows;
  private readonly pruneRows;
  private readonly firstTime;

  constructor(private readonly db: Db) {
    this.insertOne = db.prepare(
      'INSERT INTO market_trades (seq, instrument_id, time, price, qty, side, kind) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    this.at = db.prepare(
      `SELECT seq, time, price FROM market_trades
       WHERE instrument_id = ? AND time <= ? ORDER BY time DESC, seq DESC LIMIT 1`,
    );
    this.recentRows = db.prepare(
      `SELECT seq, instrument_id, time, price, qty, side, kind FROM market_trades
       WHERE instrument_id = ? ORDER BY time DESC, seq DESC LIMIT ?`,
    );
    this.pruneRows = db.prepare(
      `DELETE FROM market_trades WHERE seq IN (
         SELECT seq FROM market_trades WHERE instrument_id = ? AND time < ? AND seq < ? ORDER BY time LIMIT ?)`,
    );
    this.firstTime = db.prepare('SELECT MIN(time) AS t FROM market_trades WHERE instrument_id = ?');
  }

  /** The next free sequence number (never reuses one, even after pruning). */
  nextSeq(): number {
    const fromSequence = this.db
      .prepare("SELECT seq FROM sqlite_sequence WHERE name = 'market_trades'")
      .get() as { seq: number } | undefined;
    const fromRows = this.db.prepare('SELECT MAX(seq) AS seq FROM market_trades').get() as {
      seq: number | null;
    };
    return Math.max(fromSequence?.seq ?? 0, fromRows.seq ?? 0) + 1;
  }

  /** Appends trades (call inside a transaction). */
  insert(trades: readonly TapeTrade[]): void {
    const CHUNK = 100;
    if (trades.length < 8) {
      for (const t of trades)
        this.insertOne.run(t.seq, t.instrumentId, t.time, t.price, t.qty, t.side, t.kind);
      return;
    }
    for (let i = 0; i < trades.length; i += CHUNK) {
      const chunk = trades.slice(i, i + CHUNK);
      let statement = this.multi.get(chunk.length);
      if (!statement) {
        statement = this.db.prepare(
          `INSERT INTO market_trades (seq, instrument_id, time, price, qty, side, kind) VALUES ${Array.from(
            { length: chunk.length },
            () => '(?, ?, ?, ?, ?, ?, ?)',
          ).join(', ')}`,
        );
        this.multi.set(chunk.length, statement);
      }
      const values: Array<string | number> = [];
      for (const t of chunk) values.push(t.seq, t.instrumentId, t.time, t.price, t.qty, t.side, t.kind);
      statement.run(...values);
    }
  }

  priceAt(instrumentId: number, time: number): TapePoint | undefined {
    return this.at.get(instrumentId, time) as TapePoint | undefined;
  }

  /** Newest first. */
  recent(instrumentId: number, limit: number): TapeTrade[] {
    return (this.recentRows.all(instrumentId, limit) as TradeRow[]).map(toTrade);
  }

  /** Time of the oldest trade kept for an instrument. */
  oldestTime(instrumentId: number): number | undefined {
    return (this.firstTime.get(instrumentId) as { t: number | null }).t ?? undefined;
  }

  /**
   * Deletes up to `batch` trades of an instrument older than `cutoff`, never the one with
   * `keepSeq` or later (the last trade always stays, so a long-closed market keeps its price).
   */
  prune(instrumentId: number, cutoff: number, keepSeq: number, batch: number): number {
    return this.pruneRows.run(instrumentId, cutoff, keepSeq, batch).changes;
  }
}
