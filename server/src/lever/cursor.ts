import type { Db } from '../core/db';
import type { TapeTrade } from '../market/tape';
import { statementCache } from './common';

/**
 * How far along the price tape each trading engine is, per instrument (table `trading_cursors`).
 * Written in the same transaction as every trigger it creates or fires, and at shutdown. On start
 * an engine replays the tape trades after its cursor (e.g. the trades back-filled for the time the
 * server was down), so a stop, liquidation or limit crossed meanwhile fires on the trade that
 * crossed it. Replaying a trade twice changes nothing (fired triggers are gone), and no live
 * trigger is newer than the cursor, so no trigger ever fires on a trade older than itself.
 */
export class TapeCursor {
  private readonly sql;

  constructor(
    private readonly db: Db,
    private readonly engine: 'spot' | 'lever',
  ) {
    this.sql = statementCache(db);
  }

  get(instrumentId: number): number {
    const row = this.sql('SELECT seq FROM trading_cursors WHERE engine = ? AND instrument_id = ?').get(
      this.engine,
      instrumentId,
    ) as { seq: number } | undefined;
    return row?.seq ?? 0;
  }

  /** Moves the cursor forward (never back). */
  set(instrumentId: number, seq: number): void {
    this.sql(
      `INSERT INTO trading_cursors (engine, instrument_id, seq) VALUES (?, ?, ?)
       ON CONFLICT (engine, instrument_id) DO UPDATE SET seq = MAX(seq, excluded.seq)`,
    ).run(this.engine, instrumentId, seq);
  }

  /** Tape trades of an instrument after the cursor, in order. */
  *after(instrumentId: number): Generator<TapeTrade> {
    const rows = this.sql(
      `SELECT seq, instrument_id, time, price, qty, side, kind FROM market_trades
       WHERE instrument_id = ? AND seq > ? ORDER BY seq`,
    ).iterate(instrumentId, this.get(instrumentId)) as IterableIterator<{
      seq: number;
      instrument_id: number;
      time: number;
      price: string;
      qty: string;
      side: 1 | 2;
      kind: 0 | 1 | 2;
    }>;
    const trades: TapeTrade[] = [];
    for (const r of rows) {
      trades.push({
        seq: r.seq,
        instrumentId: r.instrument_id,
        time: r.time,
        price: r.price,
        qty: r.qty,
        side: r.side,
        kind: r.kind,
      });
    }
    yield* trades;
  }
}
