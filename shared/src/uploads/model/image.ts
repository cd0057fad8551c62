// Image rule of uploads (doc 2 §5, §9): jpg or png, at most 4 MB; the server checks again.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

export const MAX_IMAGE_BYTES = 4 * 1024 * 1024;
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png']);
const IMAGE_NAME = /\.(jpe?g|png)$/i;

export type ImageProblem = 'imageType' | 'imageSize';

export function checkImage(file: Pick<File, 'type' | 'size' | 'name'>): ImageProblem | null {
  const typeOk = file.type ? IMAGE_TYPES.has(file.type) : IMAGE_NAME.test(file.name);
  if (!typeOk) return 'imageType';
  if (file.size > MAX_IMAGE_BYTES) return 'imageSize';
  return null;
}

export const imageProblemMessage: Record<ImageProblem, MessageDescriptor> = {
  imageType: msg({ id: 'upload.type', message: 'Only jpg and png images are accepted' }),
  imageSize: msg({ id: 'upload.size', message: 'The image must not exceed 4 MB' }),
};
