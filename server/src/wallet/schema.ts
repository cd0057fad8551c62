/**
 * Wallet core: currencies, balances per (user, wallet type, currency) and the ledger. Amounts are
 * decimal TEXT, computed with bignumber.js; every balance change writes a ledger row.
 */
export const WALLET_SCHEMA_V1 = `
CREATE TABLE currencies (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  precision INTEGER NOT NULL CHECK (precision BETWEEN 0 AND 18),
  usdt_price TEXT NOT NULL,
  logo TEXT,
  sorts INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE wallet_balances (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  wallet_type TEXT NOT NULL CHECK (wallet_type IN ('change', 'lever', 'legal', 'micro')),
  currency_id INTEGER NOT NULL REFERENCES currencies(id),
  available TEXT NOT NULL DEFAULT '0',
  locked TEXT NOT NULL DEFAULT '0',
  updated_at INTEGER NOT NULL,
  UNIQUE (user_id, wallet_type, currency_id)
);

CREATE TABLE ledger_entries (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  wallet_type TEXT NOT NULL CHECK (wallet_type IN ('change', 'lever', 'legal', 'micro')),
  currency_id INTEGER NOT NULL REFERENCES currencies(id),
  field TEXT NOT NULL CHECK (field IN ('available', 'locked')),
  amount TEXT NOT NULL,
  balance_after TEXT NOT NULL,
  reason TEXT NOT NULL,
  ref TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX ledger_entries_wallet ON ledger_entries (user_id, wallet_type, currency_id, id);
CREATE INDEX ledger_entries_ref ON ledger_entries (ref);
`;
