import type { Q } from '../db';
import { compiledQuery } from '../db/compiled';

export type CursorEngine = 'spot' | 'lever';

/**
 * How far along the price tape each trading engine is, per instrument (table `trading_cursors`).
 * Written in the same transaction as every trigger it creates or fires, and at shutdown. On start
 * an engine replays the tape trades after its cursor (e.g. the trades back-filled for the time the
 * server was down), so a stop, liquidation or limit crossed meanwhile fires on the trade that
 * crossed it. Replaying a trade twice changes nothing (fired triggers are gone), and no live
 * trigger is newer than the cursor, so no trigger ever fires on a trade older than itself.
 */
export const TapeCursor = {
  async get(q: Q, engine: CursorEngine, instrumentId: number): Promise<number> {
    const row = await q
      .selectFrom('trading_cursors')
      .select('seq')
      .where('engine', '=', engine)
      .where('instrument_id', '=', instrumentId)
      .executeTakeFirst();
    return row?.seq ?? 0;
  },

  /** Moves the cursor forward (never back). */
  async set(q: Q, engine: CursorEngine, instrumentId: number, seq: number): Promise<void> {
    await setCursor(q, { engine, instrumentId, seq });
  },
};

/** The cursor's upsert, compiled once (db/compiled.ts): every group commit of placements writes it. */
const setCursor = compiledQuery((q, v: { engine: CursorEngine; instrumentId: number; seq: number }) =>
  q
    .insertInto('trading_cursors')
    .values({ engine: v.engine, instrument_id: v.instrumentId, seq: v.seq })
    .onConflict((oc) =>
      oc
        .columns(['engine', 'instrument_id'])
        .doUpdateSet((eb) => ({ seq: eb.ref('excluded.seq') }))
        .where((eb) => eb('trading_cursors.seq', '<', eb.ref('excluded.seq'))),
    ),
);
