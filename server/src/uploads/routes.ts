import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { route } from '../core/contract';
import { ok } from '../core/envelope';
import { AppError, badRequest } from '../core/errors';
import { MAX_UPLOAD_BYTES, readSigned, signedUrl, storeUpload } from './service';

function isTooLarge(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'statusCode' in error && error.statusCode === 413;
}

/** Image uploads (jpg/png by magic bytes, at most 4 MB) and their signed read URLs. */
export function registerUploadRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, 'POST /api/upload', async ({ user: { userId }, request }) => {
    if (!request.isMultipart()) throw new AppError('request.unsupported_media_type', 415);
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
      if (isTooLarge(error)) throw new AppError('upload.too_large', 413, { field: 'file' });
      throw error;
    }
    if (!data) throw badRequest('upload.required', { field: 'file' });
    return ok(storeUpload(ctx, userId, data).id);
  });

  route(app, 'GET /api/upload/url', ({ user: { userId }, input }) => {
    return ok(signedUrl(ctx, userId, input.id));
  });

  route(app, 'GET /api/upload/:id', ({ params, input: { exp, sig }, reply }) => {
    const file = readSigned(ctx, params.id, exp, sig);
    return reply
      .header('content-type', file.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, max-age=300')
      .send(file.data);
  });
}
