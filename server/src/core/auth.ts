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
  return crypto.hash('sha256', token, 'hex');
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

/**
 * Sessions looked up recently, by token hash (every order call resolves its token: the lookup is
 * done once a second per token, not once a call). A revocation made through this module
 * (`revokeToken`, `revokeAllTokens`, `expireAllTokens`) drops the entries at once and tells the
 * listeners (`onSessionsRevoked`: the other nodes, through the cluster bus); an entry is trusted
 * for at most SESSION_CACHE_MS of real time whatever happens, and never past its expiry.
 */
export const SESSION_CACHE_MS = 1000;
const SESSION_CACHE_MAX = 100_000;
const sessionCache = new Map<string, { userId: number; expiresAt: number; checkedAt: number }>();

export interface RevokedSessions {
  tokenHash?: string;
  userId?: number;
}
const revokeListeners = new Set<(revoked: RevokedSessions) => void>();

/** Called after each revocation made on this node (to tell the other nodes). */
export function onSessionsRevoked(listener: (revoked: RevokedSessions) => void): () => void {
  revokeListeners.add(listener);
  return () => revokeListeners.delete(listener);
}

/** Drops cached sessions: one token's, or every token of a user (a revocation, here or on another node). */
export function forgetSessions(revoked: RevokedSessions): void {
  if (revoked.tokenHash !== undefined) sessionCache.delete(revoked.tokenHash);
  if (revoked.userId !== undefined)
    for (const [hash, entry] of sessionCache) if (entry.userId === revoked.userId) sessionCache.delete(hash);
}

function revoked(change: RevokedSessions): void {
  forgetSessions(change);
  for (const listener of revokeListeners) listener(change);
}

/**
 * Call once the transaction that revoked sessions has committed: a lookup made between the
 * revocation and the commit read the row as it was and may have cached the old session again
 * (here or on another node), so the caches are dropped once more.
 */
export function revocationCommitted(change: RevokedSessions): void {
  revoked(change);
}

/** The session of a token hash from the cache (a Map hit, no database read), if it holds a live one. */
function cachedSession(tokenHash: string, now: number): Session | undefined {
  const cached = sessionCache.get(tokenHash);
  if (cached && cached.expiresAt > now && performance.now() - cached.checkedAt < SESSION_CACHE_MS)
    return { userId: cached.userId, tokenHash };
  return undefined;
}

/** The session of a raw token, if it exists, is not revoked and has not expired. */
export async function resolveToken(q: Q, token: unknown, now: number): Promise<Session | undefined> {
  if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) return undefined;
  const tokenHash = hashToken(token);
  return cachedSession(tokenHash, now) ?? lookUpSession(q, tokenHash, now);
}

async function lookUpSession(q: Q, tokenHash: string, now: number): Promise<Session | undefined> {
  const row = await q
    .selectFrom('auth_tokens')
    .select(['user_id', 'expires_at', 'revoked_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  const session = sessionOf(row, tokenHash, now);
  if (session && row) {
    if (sessionCache.size >= SESSION_CACHE_MAX) sessionCache.clear();
    sessionCache.set(tokenHash, {
      userId: row.user_id,
      expiresAt: row.expires_at,
      checkedAt: performance.now(),
    });
  } else sessionCache.delete(tokenHash);
  return session;
}

/**
 * The session of a user call, or a SessionError (answered as type "999"): synchronous when the
 * session cache holds it (the common case: no promise, no database read), a promise only when
 * the database is asked.
 */
export function requestSession(q: Q, request: FastifyRequest, now: number): Session | Promise<Session> {
  const token = tokenFromHeader(request.headers.authorization);
  if (!token) throw new SessionError();
  const tokenHash = hashToken(token);
  const cached = cachedSession(tokenHash, now);
  if (cached) return cached;
  return lookUpSession(q, tokenHash, now).then((session) => {
    if (!session) throw new SessionError();
    return session;
  });
}

export async function revokeToken(q: Q, tokenHash: string, now: number): Promise<void> {
  await q
    .updateTable('auth_tokens')
    .set({ revoked_at: now })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
  revoked({ tokenHash });
}

/**
 * Ends every live token of a user, by revoking it or by making it expire now, and drops the
 * cached sessions (here and on the other nodes). Returns how many were ended.
 */
async function endAllTokens(
  q: Q,
  userId: number,
  now: number,
  end: { revoked_at: number } | { expires_at: number },
): Promise<number> {
  const result = await q
    .updateTable('auth_tokens')
    .set(end)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  revoked({ userId });
  return Number(result.numUpdatedRows);
}

/** Revokes every live token of a user (password reset). Returns how many were revoked. */
export function revokeAllTokens(q: Q, userId: number, now: number): Promise<number> {
  return endAllTokens(q, userId, now, { revoked_at: now });
}

/** Makes every live token of a user expire now (dev tool for the 999 flow). Returns how many. */
export function expireAllTokens(q: Q, userId: number, now: number): Promise<number> {
  return endAllTokens(q, userId, now, { expires_at: now });
}
