import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../context';
import { AppError, badRequest, forbidden, notFound, tooManyRequests } from '../core/errors';

/** Largest accepted image (the spec's 4 MB). */
export const MAX_UPLOAD_BYTES = 4 * 1024 * 1024;
/** Lifetime of a signed read URL. */
export const UPLOAD_URL_TTL_SECONDS = 600;

export type ImageKind = 'png' | 'jpg';

export const CONTENT_TYPES: Record<ImageKind, string> = { png: 'image/png', jpg: 'image/jpeg' };

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
const ID_PATTERN = /^upl_[A-Za-z0-9_-]{32}$/;

/** The image kind by magic bytes (never by name or declared type). */
export function sniffImage(data: Buffer): ImageKind | undefined {
  if (data.length > PNG_MAGIC.length && data.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) return 'png';
  if (data.length > JPG_MAGIC.length && data.subarray(0, JPG_MAGIC.length).equals(JPG_MAGIC)) return 'jpg';
  return undefined;
}

function fileOf(ctx: Pick<AppContext, 'config'>, id: string): string {
  return path.join(ctx.config.uploadDir, id);
}

export interface StoredUpload {
  id: string;
  kind: ImageKind;
  size: number;
}

const HOUR_MS = 3600_000;
const DAY_MS = 86400_000;

/**
 * The per-user quota (config `uploads`: UPLOADS_PER_HOUR, UPLOAD_BYTES_PER_DAY) for an upload of
 * `size` bytes (0: only the count and the bytes already used are checked, before the body is read).
 * Throws `upload.quota_exceeded` (429, with the seconds until an older upload leaves the window).
 */
export function checkUploadQuota(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  userId: number,
  size: number,
): void {
  const now = ctx.clock.now();
  const { maxPerHour, maxBytesPerDay } = ctx.config.uploads;
  const hour = ctx.db
    .prepare(
      'SELECT COUNT(*) AS n, MIN(created_at) AS first FROM (SELECT created_at FROM uploads WHERE user_id = ? AND created_at > ? ORDER BY created_at DESC LIMIT ?)',
    )
    .get(userId, now - HOUR_MS, maxPerHour) as { n: number; first: number | null };
  if (hour.n >= maxPerHour && hour.first !== null)
    throw tooManyRequests('upload.quota_exceeded', (hour.first + HOUR_MS - now) / 1000);
  const day = ctx.db
    .prepare('SELECT created_at, size FROM uploads WHERE user_id = ? AND created_at > ? ORDER BY created_at')
    .all(userId, now - DAY_MS) as Array<{ created_at: number; size: number }>;
  let used = day.reduce((sum, r) => sum + r.size, 0);
  if (used + Math.max(size, 1) <= maxBytesPerDay) return;
  // Wait until enough of the oldest uploads leave the 24 h window.
  let waitUntil = now + DAY_MS;
  for (const r of day) {
    used -= r.size;
    if (used + Math.max(size, 1) <= maxBytesPerDay) {
      waitUntil = r.created_at + DAY_MS;
      break;
    }
  }
  throw tooManyRequests('upload.quota_exceeded', (waitUntil - now) / 1000);
}

/**
 * Where uploads are referenced (identity documents, complaints, fiat payment proofs, payout QR
 * codes). An upload no row references is removed by the sweeper once older than a day.
 */
export const UPLOAD_REFERENCES: ReadonlyArray<readonly [table: string, column: string]> = [
  ['kyc_submissions', 'front_pic'],
  ['kyc_submissions', 'reverse_pic'],
  ['kyc_submissions', 'hand_pic'],
  ['feedback', 'img'],
  ['fiat_orders', 'pic'],
  ['payout_profiles', 'alipay_qr_code'],
  ['payout_profiles', 'wechat_qr_code'],
];
/** Unreferenced uploads older than this are removed. */
export const UNREFERENCED_UPLOAD_TTL_MS = DAY_MS;

/** Removes uploads (row and file) no row references and older than a day. Answers how many. */
export function sweepUploads(ctx: Pick<AppContext, 'db' | 'config'>, now: number): number {
  const referenced = UPLOAD_REFERENCES.map(
    ([table, column]) => `SELECT ${column} FROM ${table} WHERE ${column} IS NOT NULL`,
  ).join(' UNION ');
  const stale = ctx.db
    .prepare(`SELECT id FROM uploads WHERE created_at < ? AND id NOT IN (${referenced}) LIMIT 500`)
    .all(now - UNREFERENCED_UPLOAD_TTL_MS) as Array<{ id: string }>;
  const remove = ctx.db.prepare(
    `DELETE FROM uploads WHERE id = ? AND created_at < ? AND id NOT IN (${referenced})`,
  );
  let removed = 0;
  for (const { id } of stale) {
    // Checked again row by row: a reference written meanwhile keeps the upload.
    if (remove.run(id, now - UNREFERENCED_UPLOAD_TTL_MS).changes === 0) continue;
    fs.rmSync(fileOf(ctx, id), { force: true });
    removed += 1;
  }
  return removed;
}

/** Stores an image of the user under a random name. */
export function storeUpload(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  userId: number,
  data: Buffer,
): StoredUpload {
  if (data.length === 0) throw badRequest('upload.required', { field: 'file' });
  if (data.length > MAX_UPLOAD_BYTES) throw new AppError('upload.too_large', 413, { field: 'file' });
  const kind = sniffImage(data);
  if (!kind) throw new AppError('upload.invalid_type', 415, { field: 'file' });
  checkUploadQuota(ctx, userId, data.length);
  const id = `upl_${crypto.randomBytes(24).toString('base64url')}`;
  fs.mkdirSync(ctx.config.uploadDir, { recursive: true, mode: 0o700 });
  fs.writeFileSync(fileOf(ctx, id), data, { mode: 0o600, flag: 'wx' });
  try {
    ctx.db
      .prepare('INSERT INTO uploads (id, user_id, kind, size, sha256, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(
        id,
        userId,
        kind,
        data.length,
        crypto.createHash('sha256').update(data).digest('hex'),
        ctx.clock.now(),
      );
  } catch (error) {
    fs.rmSync(fileOf(ctx, id), { force: true });
    throw error;
  }
  return { id, kind, size: data.length };
}

/** True when `id` is an upload of `userId` (an unknown id and someone else's look the same). */
export function ownsUpload(ctx: Pick<AppContext, 'db'>, userId: number, id: string): boolean {
  if (!ID_PATTERN.test(id)) return false;
  return ctx.db.prepare('SELECT 1 FROM uploads WHERE id = ? AND user_id = ?').get(id, userId) !== undefined;
}

/** Throws `upload.invalid` (400, naming the field) unless the caller owns the upload. */
export function requireOwnUpload(
  ctx: Pick<AppContext, 'db'>,
  userId: number,
  id: string,
  field: string,
): string {
  if (!ownsUpload(ctx, userId, id)) throw badRequest('upload.invalid', { field });
  return id;
}

function secret(ctx: Pick<AppContext, 'db'>): Buffer {
  const row = ctx.db.prepare("SELECT value FROM server_secrets WHERE name = 'upload_url_hmac'").get() as
    { value: string } | undefined;
  if (!row) throw new Error('upload secret missing');
  return Buffer.from(row.value, 'base64url');
}

function sign(ctx: Pick<AppContext, 'db'>, id: string, exp: number): string {
  return crypto.createHmac('sha256', secret(ctx)).update(`${id}.${exp}`).digest('base64url');
}

/** A signed, expiring read URL for one of the caller's uploads (404 for anyone else's). */
export function signedUrl(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  userId: number,
  id: string,
): { url: string; expires_at: number } {
  if (!ownsUpload(ctx, userId, id)) throw notFound('upload.invalid');
  const exp = Math.floor(ctx.clock.now() / 1000) + UPLOAD_URL_TTL_SECONDS;
  return { url: `/api/upload/${id}?exp=${exp}&sig=${sign(ctx, id, exp)}`, expires_at: exp };
}

/** Checks a signed URL and answers the file to send. */
export function readSigned(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  id: string,
  exp: string | undefined,
  sig: string | undefined,
): { data: Buffer; contentType: string } {
  // An id that cannot be an upload (traversal, NUL bytes, anything odd) is simply not found.
  if (!ID_PATTERN.test(id)) throw notFound('upload.invalid');
  if (!exp || !/^\d{1,12}$/.test(exp) || !sig) throw forbidden('upload.link_invalid');
  const expected = Buffer.from(sign(ctx, id, Number(exp)));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected))
    throw forbidden('upload.link_invalid');
  if (Number(exp) * 1000 < ctx.clock.now()) throw forbidden('upload.link_invalid');
  const row = ctx.db.prepare('SELECT kind FROM uploads WHERE id = ?').get(id) as
    { kind: ImageKind } | undefined;
  if (!row) throw notFound('upload.invalid');
  return { data: fs.readFileSync(fileOf(ctx, id)), contentType: CONTENT_TYPES[row.kind] };
}
