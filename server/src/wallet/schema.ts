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

/**
 * Wallet flows: demo deposit addresses, deposits, the withdrawal address book and withdrawals.
 * Withdrawal status: 0 applying, 1 approved (waiting for chain), 2 chain success, 3 chain failure,
 * 4 rejected. Amounts are decimal TEXT.
 */
export const WALLET_SCHEMA_V2 = `
CREATE TABLE deposit_addresses (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  currency_id INTEGER NOT NULL REFERENCES currencies(id),
  address TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL,
  UNIQUE (user_id, currency_id)
);

CREATE TABLE deposits (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  currency_id INTEGER NOT NULL REFERENCES currencies(id),
  wallet_type TEXT NOT NULL DEFAULT 'change',
  amount TEXT NOT NULL,
  address TEXT,
  tx_info TEXT NOT NULL,
  status INTEGER NOT NULL DEFAULT 2,
  source TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX deposits_user ON deposits (user_id, id);

CREATE TABLE withdrawal_addresses (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  currency_id INTEGER NOT NULL REFERENCES currencies(id),
  address TEXT NOT NULL,
  label TEXT NOT NULL DEFAULT '',
  remark TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  UNIQUE (user_id, currency_id, address)
);
CREATE INDEX withdrawal_addresses_user ON withdrawal_addresses (user_id, currency_id, id);

CREATE TABLE withdrawals (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  currency_id INTEGER NOT NULL REFERENCES currencies(id),
  address TEXT NOT NULL,
  label TEXT NOT NULL DEFAULT '',
  amount TEXT NOT NULL,
  fee TEXT NOT NULL,
  status INTEGER NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2, 3, 4)),
  reason TEXT,
  tx_hash TEXT,
  created_at INTEGER NOT NULL,
  audited_at INTEGER,
  finished_at INTEGER
);
CREATE INDEX withdrawals_user ON withdrawals (user_id, id);
`;
