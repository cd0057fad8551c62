import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { requireSession } from '../core/auth';
import { ok } from '../core/envelope';
import { AppError, badRequest } from '../core/errors';
import { optionalText, parseInput, text } from '../core/validation';
import { MAX_UPLOAD_BYTES, readSigned, signedUrl, storeUpload } from './service';

const urlQuery = z.object({ id: text(z.string().trim().min(1).max(64)) });
const readQuery = z.object({ exp: optionalText(z.string().max(20)), sig: optionalText(z.string().max(100)) });

function isTooLarge(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'statusCode' in error && error.statusCode === 413;
}

/** Image uploads (jpg/png by magic bytes, at most 4 MB) and their signed read URLs. */
export function registerUploadRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, clock } = ctx;

  app.post('/api/upload', async (request) => {
    const { userId } = requireSession(db, request, clock.now());
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

  app.get('/api/upload/url', async (request) => {
    const { userId } = requireSession(db, request, clock.now());
    return ok(signedUrl(ctx, userId, parseInput(urlQuery, request.query).id));
  });

  app.get<{ Params: { id: string } }>('/api/upload/:id', async (request, reply) => {
    const { exp, sig } = parseInput(readQuery, request.query);
    const file = readSigned(ctx, request.params.id, exp, sig);
    return reply
      .header('content-type', file.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, max-age=300')
      .send(file.data);
  });
}
