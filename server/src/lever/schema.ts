/** Leveraged contract orders and positions (migration 9). Amounts and prices are decimal text. */
export const LEVER_SCHEMA_V1 = `
CREATE TABLE lever_orders (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id),
  instrument_id INTEGER NOT NULL,
  type INTEGER NOT NULL CHECK (type IN (1, 2)),
  order_mode INTEGER NOT NULL CHECK (order_mode IN (0, 1)),
  status INTEGER NOT NULL CHECK (status IN (0, 1, 3, 4)),
  share INTEGER NOT NULL,
  multiple INTEGER NOT NULL,
  per_hand TEXT NOT NULL,
  spread TEXT NOT NULL,
  fee_rate TEXT NOT NULL,
  origin_price TEXT NOT NULL,
  price TEXT NOT NULL,
  target_price TEXT,
  margin TEXT NOT NULL,
  fee TEXT NOT NULL,
  liquidation_price TEXT NOT NULL,
  target_profit_price TEXT,
  stop_loss_price TEXT,
  close_price TEXT,
  profits TEXT,
  close_reason TEXT,
  created_at INTEGER NOT NULL,
  opened_at INTEGER,
  completed_at INTEGER,
  open_seq INTEGER,
  close_seq INTEGER
);
CREATE INDEX lever_orders_user ON lever_orders (user_id, status, id);
CREATE INDEX lever_orders_live ON lever_orders (status) WHERE status IN (0, 1);
CREATE TABLE trading_cursors (
  engine TEXT NOT NULL,
  instrument_id INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  PRIMARY KEY (engine, instrument_id)
);
`;
