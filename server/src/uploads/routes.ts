import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { route } from '../core/contract';
import { ok } from '../core/envelope';
import { AppError, badRequest } from '../core/errors';
import {
  checkUploadQuota,
  importDiskUploads,
  MAX_UPLOAD_BYTES,
  readSigned,
  signedUrl,
  storeUpload,
} from './service';

/** The AppError for a multipart failure: too large, two files, too many parts, a broken body. */
function multipartError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('upload.too_large', 413, { field: 'file' });
  if (code === 'FST_FILES_LIMIT') return badRequest('upload.too_many_files', { field: 'file' });
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new AppError('request.too_large', 413);
  return badRequest('request.malformed');
}

/**
 * Image uploads (jpg/png by magic bytes, at most 4 MB, one file per request, a per-user quota),
 * stored in the database, and their signed read URLs; a sweeper removes unreferenced uploads older
 * than a day. Before the app is ready, this node imports the files an older build left in its
 * `UPLOAD_DIR` into their rows.
 */
export function registerUploadRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onReady', async () => {
    await importDiskUploads(ctx);
  });

  route(app, 'POST /api/upload', async ({ user: { userId }, request }) => {
    if (!request.isMultipart()) throw new AppError('request.unsupported_media_type', 415);
    // Over the quota: refused before the body is read.
    await checkUploadQuota(ctx, userId, 0);
    let data: Buffer | undefined;
    try {
      for await (const part of request.parts({
        limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 },
      })) {
        if (part.type === 'file') {
          const buffer = await part.toBuffer();
          if (part.fieldname === 'file' && data === undefined) data = buffer;
        }
      }
    } catch (error) {
      throw multipartError(error);
    }
    if (!data) throw badRequest('upload.required', { field: 'file' });
    return ok((await storeUpload(ctx, userId, data)).id);
  });

  route(app, 'GET /api/upload/url', async ({ user: { userId }, input }) => {
    return ok(await signedUrl(ctx, userId, input.id));
  });

  route(app, 'GET /api/upload/:id', async ({ params, input: { exp, sig }, reply }) => {
    const file = await readSigned(ctx, params.id, exp, sig);
    return reply
      .header('content-type', file.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, max-age=300')
      .send(file.data);
  });
}
