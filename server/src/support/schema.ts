import crypto from 'node:crypto';
import type { Db } from '../core/db';

/** Complaints (feedback) and the support chat; the chat token's HMAC key. */
export function supportSchemaV2(db: Db): void {
  db.exec(`
CREATE TABLE feedback (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id),
  content TEXT NOT NULL,
  img TEXT,
  is_reply INTEGER NOT NULL DEFAULT 0 CHECK (is_reply IN (0, 1)),
  reply_content TEXT,
  reply_time INTEGER,
  create_time INTEGER NOT NULL
);
CREATE INDEX feedback_user ON feedback (user_id, id);

CREATE TABLE support_chat_messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id),
  sender TEXT NOT NULL CHECK (sender IN ('user', 'admin')),
  text TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX support_chat_user ON support_chat_messages (user_id, id);
`);
  db.prepare('INSERT OR IGNORE INTO server_secrets (name, value) VALUES (?, ?)').run(
    'support_chat_hmac',
    crypto.randomBytes(32).toString('base64url'),
  );
}
