/** Accounts tables: users, session tokens, verification codes and the dev outbox. */
export const ACCOUNTS_SCHEMA_V1 = `
CREATE TABLE users (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_number TEXT NOT NULL UNIQUE,
  email TEXT UNIQUE,
  phone TEXT,
  area_code TEXT,
  password_hash TEXT NOT NULL,
  extension_code TEXT NOT NULL UNIQUE,
  inviter_id INTEGER REFERENCES users(id),
  is_seller INTEGER NOT NULL DEFAULT 0 CHECK (is_seller IN (0, 1)),
  review_status INTEGER NOT NULL DEFAULT 0 CHECK (review_status IN (-1, 0, 1, 2)),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  CHECK (email IS NOT NULL OR phone IS NOT NULL)
);
CREATE UNIQUE INDEX users_phone ON users (area_code, phone) WHERE phone IS NOT NULL;
CREATE INDEX users_inviter ON users (inviter_id);

CREATE TABLE auth_tokens (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  revoked_at INTEGER
);
CREATE INDEX auth_tokens_user ON auth_tokens (user_id);

CREATE TABLE verification_codes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  destination TEXT NOT NULL,
  channel TEXT NOT NULL CHECK (channel IN ('email', 'sms')),
  purpose TEXT NOT NULL CHECK (purpose IN ('register', 'forget')),
  code_salt TEXT NOT NULL,
  code_hash TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  consumed_at INTEGER,
  invalidated_at INTEGER
);
CREATE INDEX verification_codes_destination ON verification_codes (destination, purpose, id);
CREATE INDEX verification_codes_sent ON verification_codes (destination, created_at);

-- Demo and test modes only: what would have been sent (read by GET /dev/outbox).
CREATE TABLE outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  to_addr TEXT NOT NULL,
  national TEXT,
  channel TEXT NOT NULL,
  purpose TEXT NOT NULL,
  code TEXT NOT NULL,
  lang TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX outbox_to ON outbox (to_addr, id);
CREATE INDEX outbox_national ON outbox (national, id);
`;

/**
 * Account profile: fund password, KYC review reason and submissions, payout profile.
 * A card number can be under review or verified for one submission only (partial unique index).
 */
export const ACCOUNTS_SCHEMA_V2 = `
ALTER TABLE users ADD COLUMN fund_password_hash TEXT;
ALTER TABLE users ADD COLUMN review_reason TEXT;

CREATE TABLE kyc_submissions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  card_id TEXT NOT NULL,
  card_type TEXT NOT NULL CHECK (card_type IN ('sfz', 'hz', 'jsz')),
  countryname TEXT NOT NULL,
  adress TEXT NOT NULL,
  front_pic TEXT NOT NULL,
  reverse_pic TEXT NOT NULL,
  hand_pic TEXT NOT NULL,
  status INTEGER NOT NULL DEFAULT 1 CHECK (status IN (0, 1, 2)),
  reason TEXT,
  created_at INTEGER NOT NULL,
  reviewed_at INTEGER
);
CREATE INDEX kyc_submissions_user ON kyc_submissions (user_id, id);
CREATE UNIQUE INDEX kyc_submissions_card ON kyc_submissions (card_id) WHERE status IN (1, 2);

CREATE TABLE payout_profiles (
  user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  bank_id TEXT NOT NULL DEFAULT '',
  bank_name TEXT NOT NULL DEFAULT '',
  bank_branch TEXT NOT NULL DEFAULT '',
  bank_account TEXT NOT NULL,
  real_name TEXT NOT NULL DEFAULT '',
  alipay_account TEXT NOT NULL DEFAULT '',
  wechat_nickname TEXT NOT NULL DEFAULT '',
  wechat_account TEXT NOT NULL DEFAULT '',
  alipay_qr_code TEXT NOT NULL DEFAULT '',
  wechat_qr_code TEXT NOT NULL DEFAULT '',
  account_number TEXT NOT NULL DEFAULT '',
  updated_at INTEGER NOT NULL
);
`;
