import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../context';
import { sql } from 'kysely';
import type { Q } from '../db';
import type { DB } from '../db/schema';
import { AppError, badRequest, forbidden, notFound, tooManyRequests } from '../core/errors';
import { serverSecret } from '../core/secrets';

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
export async function checkUploadQuota(
  ctx: Pick<AppContext, 'store' | 'clock' | 'config'>,
  userId: number,
  size: number,
): Promise<void> {
  const now = ctx.clock.now();
  const { maxPerHour, maxBytesPerDay } = ctx.config.uploads;
  const { q } = ctx.store;
  // The newest `maxPerHour` uploads of the last hour: at the limit, the oldest of them leaves first.
  const hour = await q
    .selectFrom('uploads')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('created_at', '>', now - HOUR_MS)
    .orderBy('created_at', 'desc')
    .limit(maxPerHour)
    .execute();
  const first = hour.at(-1)?.created_at;
  if (hour.length >= maxPerHour && first !== undefined)
    throw tooManyRequests('upload.quota_exceeded', (first + HOUR_MS - now) / 1000);
  const day = await q
    .selectFrom('uploads')
    .select(['created_at', 'size'])
    .where('user_id', '=', userId)
    .where('created_at', '>', now - DAY_MS)
    .orderBy('created_at')
    .execute();
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
export const UPLOAD_REFERENCES = [
  ['kyc_submissions', 'front_pic'],
  ['kyc_submissions', 'reverse_pic'],
  ['kyc_submissions', 'hand_pic'],
  ['feedback', 'img'],
  ['fiat_orders', 'pic'],
  ['payout_profiles', 'alipay_qr_code'],
  ['payout_profiles', 'wechat_qr_code'],
] as const satisfies ReadonlyArray<readonly [keyof DB, string]>;
/** Unreferenced uploads older than this are removed. */
export const UNREFERENCED_UPLOAD_TTL_MS = DAY_MS;

/** Every upload id some row references (one UNION of the columns in UPLOAD_REFERENCES). */
function referencedUploads(q: Q) {
  const [head, ...tail] = UPLOAD_REFERENCES.map(([table, column]) =>
    q
      .selectFrom(table)
      .select(sql<string>`${sql.ref(column)}`.as('id'))
      .where(sql.ref(column), 'is not', null),
  );
  if (!head) throw new Error('no upload references');
  return tail.reduce((union, next) => union.union(next), head);
}

/** Removes uploads (the row, with its bytes) no row references and older than a day. Answers how many. */
export async function sweepUploads(ctx: Pick<AppContext, 'store'>, now: number): Promise<number> {
  const { q } = ctx.store;
  const before = now - UNREFERENCED_UPLOAD_TTL_MS;
  const stale = await q
    .selectFrom('uploads')
    .select('id')
    .where('created_at', '<', before)
    .where('id', 'not in', referencedUploads(q))
    .limit(500)
    .execute();
  let removed = 0;
  for (const { id } of stale) {
    // Checked again row by row: a reference written meanwhile keeps the upload.
    const result = await q
      .deleteFrom('uploads')
      .where('id', '=', id)
      .where('created_at', '<', before)
      .where('id', 'not in', referencedUploads(q))
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) continue;
    removed += 1;
  }
  return removed;
}

function sha256(data: Buffer): string {
  return crypto.createHash('sha256').update(data).digest('hex');
}

/** Stores an image of the user (the row with its bytes) under a random id. */
export async function storeUpload(
  ctx: Pick<AppContext, 'store' | 'clock' | 'config'>,
  userId: number,
  data: Buffer,
): Promise<StoredUpload> {
  if (data.length === 0) throw badRequest('upload.required', { field: 'file' });
  if (data.length > MAX_UPLOAD_BYTES) throw new AppError('upload.too_large', 413, { field: 'file' });
  const kind = sniffImage(data);
  if (!kind) throw new AppError('upload.invalid_type', 415, { field: 'file' });
  await checkUploadQuota(ctx, userId, data.length);
  const id = `upl_${crypto.randomBytes(24).toString('base64url')}`;
  // The bytes live in the row: every API node serves every upload.
  await ctx.store.q
    .insertInto('uploads')
    .values({
      id,
      user_id: userId,
      kind,
      size: data.length,
      sha256: sha256(data),
      created_at: ctx.clock.now(),
      data,
    })
    .execute();
  return { id, kind, size: data.length };
}

/** True when `id` is an upload of `userId` (an unknown id and someone else's look the same). */
export async function ownsUpload(q: Q, userId: number, id: string): Promise<boolean> {
  if (!ID_PATTERN.test(id)) return false;
  const row = await q
    .selectFrom('uploads')
    .select('id')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Throws `upload.invalid` (400, naming the field) unless the caller owns the upload. */
export async function requireOwnUpload(q: Q, userId: number, id: string, field: string): Promise<string> {
  if (!(await ownsUpload(q, userId, id))) throw badRequest('upload.invalid', { field });
  return id;
}

async function sign(ctx: Pick<AppContext, 'store'>, id: string, exp: number): Promise<string> {
  return crypto
    .createHmac('sha256', await serverSecret(ctx.store.q, 'upload_url_hmac'))
    .update(`${id}.${exp}`)
    .digest('base64url');
}

/** A signed, expiring read URL for one of the caller's uploads (404 for anyone else's). */
export async function signedUrl(
  ctx: Pick<AppContext, 'store' | 'clock'>,
  userId: number,
  id: string,
): Promise<{ url: string; expires_at: number }> {
  if (!(await ownsUpload(ctx.store.q, userId, id))) throw notFound('upload.invalid');
  const exp = Math.floor(ctx.clock.now() / 1000) + UPLOAD_URL_TTL_SECONDS;
  return { url: `/api/upload/${id}?exp=${exp}&sig=${await sign(ctx, id, exp)}`, expires_at: exp };
}

/** Checks a signed URL and answers the file to send. */
export async function readSigned(
  ctx: Pick<AppContext, 'store' | 'clock'>,
  id: string,
  exp: string | undefined,
  sig: string | undefined,
): Promise<{ data: Buffer; contentType: string }> {
  // An id that cannot be an upload (traversal, NUL bytes, anything odd) is simply not found.
  if (!ID_PATTERN.test(id)) throw notFound('upload.invalid');
  if (!exp || !/^\d{1,12}$/.test(exp) || !sig) throw forbidden('upload.link_invalid');
  const expected = Buffer.from(await sign(ctx, id, Number(exp)));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected))
    throw forbidden('upload.link_invalid');
  if (Number(exp) * 1000 < ctx.clock.now()) throw forbidden('upload.link_invalid');
  const row = await ctx.store.q
    .selectFrom('uploads')
    .select(['kind', 'data'])
    .where('id', '=', id)
    .executeTakeFirst();
  // No bytes: a row of an older build whose file no node has imported (importDiskUploads).
  if (!row?.data) throw notFound('upload.invalid');
  return { data: row.data, contentType: CONTENT_TYPES[row.kind as ImageKind] };
}

/**
 * Imports the files an older build wrote to this node's `UPLOAD_DIR` (config `uploadDir`) into
 * their rows, at start-up on every node (each node's disk holds only the uploads it took). A file
 * is imported only into its own row while that row has no bytes, and only when its SHA-256 is the
 * one recorded at upload; it is removed once its bytes are committed. Anything else in the folder
 * (a file without a row, one that does not match) is left there. Answers how many were imported.
 */
export async function importDiskUploads(ctx: Pick<AppContext, 'store' | 'config' | 'log'>): Promise<number> {
  const dir = ctx.config.uploadDir;
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((name) => ID_PATTERN.test(name));
  } catch {
    return 0;
  }
  let imported = 0;
  for (let i = 0; i < names.length; i += 500) {
    const rows = await ctx.store.q
      .selectFrom('uploads')
      .select(['id', 'sha256'])
      .where('id', 'in', names.slice(i, i + 500))
      .where('data', 'is', null)
      .execute();
    for (const row of rows) {
      const file = path.join(dir, row.id);
      let data: Buffer;
      try {
        data = fs.readFileSync(file);
      } catch (error) {
        ctx.log.warn({ err: error, upload: row.id }, 'upload file unreadable: not imported');
        continue;
      }
      if (sha256(data) !== row.sha256) {
        ctx.log.warn({ upload: row.id }, 'upload file does not match its row: left on disk, not imported');
        continue;
      }
      await ctx.store.q
        .updateTable('uploads')
        .set({ data })
        .where('id', '=', row.id)
        .where('data', 'is', null)
        .execute();
      fs.rmSync(file, { force: true });
      imported += 1;
    }
  }
  if (imported > 0) ctx.log.info({ imported, dir }, 'uploads imported from disk into the database');
  return imported;
}
