import { z } from 'zod';
import { optionalText, text } from './fields';

export const uploadUrlQuery = z.object({ id: text(z.string().trim().min(1).max(64)) });
export const uploadReadQuery = z.object({
  exp: optionalText(z.string().max(20)),
  sig: optionalText(z.string().max(100)),
});
export const uploadParams = z.object({ id: z.string() });

/** `POST /api/upload`: the upload id (`upl_` + 32 characters). */
export const uploadAnswer = z.string();
export const uploadUrlAnswer = z.object({ url: z.string(), expires_at: z.number().int() });
