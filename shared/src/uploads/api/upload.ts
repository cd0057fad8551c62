// POST /api/upload with upload progress: fetch has no upload progress, so this one call uses
// XMLHttpRequest, with the same headers as the API client (lang, Authorization from the
// session, _t) and the same failure handling (typed ApiError, the 999 flow).
import { ApiError, failureOf } from '../../api/client';
import { withErrorMessages } from '../../api/errorCatalog';
import { storedLocale } from '../../i18n/i18n';
import { sessionToken } from '../../session/store';

export interface UploadOptions {
  /** 0..100 while the body is sent. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** Uploads one image; resolves with its upload id (`upl_...`). */
export function uploadImage(file: File, options: UploadOptions = {}): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/upload?_t=${Date.now()}`);
    xhr.setRequestHeader('lang', storedLocale());
    const token = sessionToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        options.onProgress?.(Math.min(100, Math.floor((event.loaded * 100) / event.total)));
    };
    xhr.onerror = () => reject(new ApiError('network', 'Network error', 0));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    xhr.onload = () => {
      let envelope: unknown;
      try {
        envelope = JSON.parse(xhr.responseText);
      } catch {
        envelope = undefined;
      }
      const answer = envelope as { type?: unknown; message?: unknown } | undefined;
      if (answer?.type === 'ok' && typeof answer.message === 'string') {
        options.onProgress?.(100);
        resolve(answer.message);
        return;
      }
      void failureOf(xhr.status, envelope).then(reject);
    };
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append('file', file);
    xhr.send(body);
  }).catch(withErrorMessages);
}
