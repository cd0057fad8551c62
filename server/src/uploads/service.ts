import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../context';
import { AppError, badRequest, forbidden, notFound } from '../core/errors';

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
  if (!ID_PATTERN.test(id) || !exp || !/^\d{1,12}$/.test(exp) || !sig) throw forbidden('upload.link_invalid');
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
