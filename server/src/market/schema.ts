/**
 * Market storage as the old SQLite runner created it (migration 5). Migration 12 of the Store
 * (db/migrations/compact-tape.ts) replaced `market_trades` with the compact `market_tape`.
 *
 *
 * `market_trades` is the price tape: every trade the feed prints (and the pinned prints of the dev
 * tool), in the order they happened. `seq` increases strictly (AUTOINCREMENT: never reused, even
 * after pruning); per instrument, `time` never decreases. Prices and quantities are decimal text.
 * `kind`: 0 feed trade, 1 pinned print (dev tool), 2 back-filled history (one print per back-filled
 * 1-minute candle, at its close). Settlements read this table (through `market.priceAt`).
 *
 * `market_candles`: one row per instrument, period and bucket start (epoch ms, Asia/Shanghai
 * buckets), built from the same trades; decimal text.
 */
export const MARKET_SCHEMA_V1 = `
CREATE TABLE market_trades (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  instrument_id INTEGER NOT NULL,
  time INTEGER NOT NULL,
  price TEXT NOT NULL,
  qty TEXT NOT NULL,
  side INTEGER NOT NULL CHECK (side IN (1, 2)),
  kind INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX market_trades_instrument_time ON market_trades (instrument_id, time);

CREATE TABLE market_candles (
  instrument_id INTEGER NOT NULL,
  period TEXT NOT NULL,
  time INTEGER NOT NULL,
  open TEXT NOT NULL,
  high TEXT NOT NULL,
  low TEXT NOT NULL,
  close TEXT NOT NULL,
  volume TEXT NOT NULL,
  amount TEXT NOT NULL,
  PRIMARY KEY (instrument_id, period, time)
) WITHOUT ROWID;
`;
