import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Q } from '../db';
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

export async function issueToken(q: Q, userId: number, now: number, ttlSeconds: number): Promise<string> {
  const token = newToken();
  await q
    .insertInto('auth_tokens')
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      created_at: now,
      expires_at: now + ttlSeconds * 1000,
    })
    .execute();
  // Housekeeping: forget tokens that ended more than 30 days ago.
  const horizon = now - 30 * 86400_000;
  await q
    .deleteFrom('auth_tokens')
    .where((eb) => eb.or([eb('expires_at', '<', horizon), eb('revoked_at', '<', horizon)]))
    .execute();
  return token;
}

function sessionOf(
  row: { user_id: number; expires_at: number; revoked_at: number | null } | undefined,
  tokenHash: string,
  now: number,
): Session | undefined {
  if (!row || row.revoked_at !== null || row.expires_at <= now) return undefined;
  return { userId: row.user_id, tokenHash };
}

/** The session of a raw token, if it exists, is not revoked and has not expired. */
export async function resolveToken(q: Q, token: unknown, now: number): Promise<Session | undefined> {
  if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) return undefined;
  const tokenHash = hashToken(token);
  const row = await q
    .selectFrom('auth_tokens')
    .select(['user_id', 'expires_at', 'revoked_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return sessionOf(row, tokenHash, now);
}

/** The session of a user call, or a SessionError (answered as type "999"). */
export async function requireSession(q: Q, request: FastifyRequest, now: number): Promise<Session> {
  const token = tokenFromHeader(request.headers.authorization);
  const session = token ? await resolveToken(q, token, now) : undefined;
  if (!session) throw new SessionError();
  return session;
}

export async function revokeToken(q: Q, tokenHash: string, now: number): Promise<void> {
  await q
    .updateTable('auth_tokens')
    .set({ revoked_at: now })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every live token of a user (password reset). Returns how many were revoked. */
export async function revokeAllTokens(q: Q, userId: number, now: number): Promise<number> {
  const result = await q
    .updateTable('auth_tokens')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Makes every live token of a user expire now (dev tool for the 999 flow). */
export async function expireAllTokens(q: Q, userId: number, now: number): Promise<number> {
  const result = await q
    .updateTable('auth_tokens')
    .set({ expires_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
