/** Spot orders (migration 9, with the lever and seconds tables). Amounts are decimal text. */
export const SPOT_SCHEMA_V1 = `
CREATE TABLE spot_orders (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id),
  side TEXT NOT NULL CHECK (side IN ('in', 'out')),
  mode INTEGER NOT NULL CHECK (mode IN (1, 2)),
  status INTEGER NOT NULL CHECK (status IN (0, 1, 2)),
  instrument_id INTEGER NOT NULL,
  currency_id INTEGER NOT NULL,
  legal_id INTEGER NOT NULL,
  price TEXT NOT NULL,
  number TEXT NOT NULL,
  total TEXT NOT NULL DEFAULT '0',
  fee TEXT NOT NULL DEFAULT '0',
  fee_currency_id INTEGER NOT NULL,
  locked TEXT NOT NULL DEFAULT '0',
  created_at INTEGER NOT NULL,
  completed_at INTEGER,
  fill_seq INTEGER,
  fill_time INTEGER
);
CREATE INDEX spot_orders_user ON spot_orders (user_id, status, side, id);
CREATE INDEX spot_orders_pending ON spot_orders (status, instrument_id) WHERE status = 0;
`;
