/** Seconds contract orders (migration 9). Amounts and prices are decimal text, times epoch ms. */
export const SECONDS_SCHEMA_V1 = `
CREATE TABLE micro_orders (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id),
  instrument_id INTEGER NOT NULL,
  type INTEGER NOT NULL CHECK (type IN (1, 2)),
  status INTEGER NOT NULL CHECK (status IN (1, 3)),
  currency_id INTEGER NOT NULL,
  number TEXT NOT NULL,
  seconds INTEGER NOT NULL,
  profit_ratio TEXT NOT NULL,
  open_price TEXT NOT NULL,
  open_seq INTEGER NOT NULL,
  open_trade_time INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  end_at INTEGER NOT NULL,
  end_price TEXT,
  end_seq INTEGER,
  end_trade_time INTEGER,
  fact_profits TEXT,
  result TEXT,
  completed_at INTEGER
);
CREATE INDEX micro_orders_user ON micro_orders (user_id, status, id);
CREATE INDEX micro_orders_open ON micro_orders (status, end_at) WHERE status = 1;
`;
