import crypto from 'node:crypto';
import type { Db } from '../core/db';

/** Uploaded images (files live outside any served folder) and the server's persistent secrets. */
export function uploadsSchemaV1(db: Db): void {
  db.exec(`
CREATE TABLE uploads (
  id TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('png', 'jpg')),
  size INTEGER NOT NULL,
  sha256 TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX uploads_user ON uploads (user_id, created_at);

CREATE TABLE server_secrets (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
`);
  db.prepare('INSERT INTO server_secrets (name, value) VALUES (?, ?)').run(
    'upload_url_hmac',
    crypto.randomBytes(32).toString('base64url'),
  );
}
