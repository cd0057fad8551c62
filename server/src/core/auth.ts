import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Db } from './db';
import { SessionError } from './errors';

/** A resolved session: the token's owner. The raw token is never stored, only its SHA-256. */
export interface Session {
  userId: number;
  tokenHash: string;
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A new session token: 32 random bytes, base64url (43 characters). */
export function newToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Accepts `Bearer <token>` and a bare `<token>`; anything else is no token. */
export function tokenFromHeader(header: string | string[] | undefined): string | undefined {
  const raw = Array.isArray(header) ? header[0] : header;
  if (!raw) return undefined;
  const value = raw
    .trim()
    .replace(/^bearer\s+/i, '')
    .trim();
  return TOKEN_PATTERN.test(value) ? value : undefined;
}

export function issueToken(db: Db, userId: number, now: number, ttlSeconds: number): string {
  const token = newToken();
  db.prepare('INSERT INTO auth_tokens (user_id, token_hash, created_at, expires_at) VALUES (?, ?, ?, ?)').run(
    userId,
    hashToken(token),
    now,
    now + ttlSeconds * 1000,
  );
  // Housekeeping: forget tokens that ended more than 30 days ago.
  db.prepare('DELETE FROM auth_tokens WHERE expires_at < ? OR revoked_at < ?').run(
    now - 30 * 86400_000,
    now - 30 * 86400_000,
  );
  return token;
}

/** The session of a raw token, if it exists, is not revoked and has not expired. */
export function resolveToken(db: Db, token: unknown, now: number): Session | undefined {
  if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) return undefined;
  const tokenHash = hashToken(token);
  const row = db
    .prepare('SELECT user_id, expires_at, revoked_at FROM auth_tokens WHERE token_hash = ?')
    .get(tokenHash) as { user_id: number; expires_at: number; revoked_at: number | null } | undefined;
  if (!row || row.revoked_at !== null || row.expires_at <= now) return undefined;
  return { userId: row.user_id, tokenHash };
}

/** The session of a user call, or a SessionError (answered as type "999"). */
export function requireSession(db: Db, request: FastifyRequest, now: number): Session {
  const token = tokenFromHeader(request.headers.authorization);
  const session = token ? resolveToken(db, token, now) : undefined;
  if (!session) throw new SessionError();
  return session;
}

export function revokeToken(db: Db, tokenHash: string, now: number): void {
  db.prepare('UPDATE auth_tokens SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL').run(
    now,
    tokenHash,
  );
}

/** Revokes every live token of a user (password reset). Returns how many were revoked. */
export function revokeAllTokens(db: Db, userId: number, now: number): number {
  return db
    .prepare(
      'UPDATE auth_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL AND expires_at > ?',
    )
    .run(now, userId, now).changes;
}

/** Makes every live token of a user expire now (dev tool for the 999 flow). */
export function expireAllTokens(db: Db, userId: number, now: number): number {
  return db
    .prepare(
      'UPDATE auth_tokens SET expires_at = ? WHERE user_id = ? AND revoked_at IS NULL AND expires_at > ?',
    )
    .run(now, userId, now).changes;
}
