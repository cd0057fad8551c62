import crypto from 'node:crypto';
import type { ScryptParams } from '../core/config';

/**
 * Password hashing with scrypt (no native dependency). Stored as
 * `scrypt$N$r$p$<salt base64>$<hash base64>`, so each hash keeps the parameters it was made with.
 */
const PREFIX = 'scrypt';
const SALT_BYTES = 16;
const MAX_N = 2 ** 20;

function maxmem(params: Pick<ScryptParams, 'N' | 'r'>): number {
  return 256 * params.N * params.r + 1024 * 1024;
}

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    crypto.scrypt(
      password.normalize('NFKC'),
      salt,
      params.keyLength,
      { N: params.N, r: params.r, p: params.p, maxmem: maxmem(params) },
      (err, key) => (err ? reject(err) : resolve(key)),
    );
  });
}

function format(params: ScryptParams, salt: Buffer, key: Buffer): string {
  return [PREFIX, params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function hashPassword(password: string, params: ScryptParams): Promise<string> {
  const salt = crypto.randomBytes(SALT_BYTES);
  return format(params, salt, await derive(password, salt, params));
}

/** Synchronous variant for seeding and the admin CLI. */
export function hashPasswordSync(password: string, params: ScryptParams): string {
  const salt = crypto.randomBytes(SALT_BYTES);
  const key = crypto.scryptSync(password.normalize('NFKC'), salt, params.keyLength, {
    N: params.N,
    r: params.r,
    p: params.p,
    maxmem: maxmem(params),
  });
  return format(params, salt, key);
}

interface Parsed {
  params: ScryptParams;
  salt: Buffer;
  key: Buffer;
}

function parse(stored: string): Parsed | undefined {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== PREFIX) return undefined;
  const [N, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (!Number.isInteger(N) || N < 2 || N > MAX_N || (N & (N - 1)) !== 0) return undefined;
  if (!Number.isInteger(r) || r < 1 || r > 32 || !Number.isInteger(p) || p < 1 || p > 16) return undefined;
  const salt = Buffer.from(parts[4] ?? '', 'base64');
  const key = Buffer.from(parts[5] ?? '', 'base64');
  if (salt.length === 0 || key.length < 16) return undefined;
  return { params: { N, r, p, keyLength: key.length }, salt, key };
}

/** Constant-time check of a password against a stored hash. A malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const candidate = await derive(password, parsed.salt, parsed.params);
  return candidate.length === parsed.key.length && crypto.timingSafeEqual(candidate, parsed.key);
}

/** Spends the same time as a real check, for unknown accounts (no account enumeration by timing). */
export async function burnPasswordCheck(password: string, params: ScryptParams): Promise<void> {
  await derive(password, crypto.randomBytes(SALT_BYTES), params);
}
