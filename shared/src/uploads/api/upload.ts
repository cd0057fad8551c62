// POST /api/upload with upload progress: fetch has no upload progress, so this one call uses
// XMLHttpRequest, with the same headers as the API client (lang, Authorization, _t).
// Screens call uploadApi.uploadImage() at call time so tests stub it with jest.spyOn.
import { ApiError, buildUrl } from '../../api/client';
import { StorageKey, readStorage } from '../../config/storage';
import { storedLocale } from '../../i18n/i18n';
import { handleInvalidSession } from '../../session/session';

export interface UploadOptions {
  /** 0..100 while the body is sent. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

interface Envelope {
  type: string;
  message: unknown;
  code?: string;
  wait?: number;
}

/** Uploads one image; resolves with its upload id (`upl_...`). */
function uploadImage(file: File, options: UploadOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl('/api/upload'));
    xhr.setRequestHeader('lang', storedLocale());
    const token = readStorage(StorageKey.token);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        options.onProgress?.(Math.min(100, Math.floor((event.loaded * 100) / event.total)));
    };
    xhr.onerror = () => reject(new ApiError('network.error', 'Network error', 0));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    xhr.onload = () => {
      let envelope: Envelope;
      try {
        envelope = JSON.parse(xhr.responseText) as Envelope;
      } catch {
        reject(new ApiError('network.bad_answer', `Unexpected answer (${xhr.status})`, xhr.status));
        return;
      }
      if (envelope.type === 'ok' && typeof envelope.message === 'string') {
        options.onProgress?.(100);
        resolve(envelope.message);
        return;
      }
      if (String(envelope.type) === '999') {
        handleInvalidSession();
        reject(new ApiError('session.invalid', String(envelope.message), xhr.status));
        return;
      }
      reject(new ApiError(envelope.code ?? 'unknown', String(envelope.message), xhr.status, envelope.wait));
    };
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append('file', file);
    xhr.send(body);
  });
}

export const uploadApi = { uploadImage };
