// Failures shown translated by code. The messages are one typed map, ErrorCode -> message
// descriptor (./errorMessages.ts: `satisfies Record<ApiErrorCode, MessageDescriptor>`, so a code
// without a translation is a compile error, and each entry is a `msg` macro, so extraction sees
// every message). Every call below goes through that map's descriptors.
import type { I18n, MessageDescriptor } from '@lingui/core';
import { ApiError, type ApiErrorCode } from './client';
import { apiErrorMessages } from './errorMessages';

/**
 * The descriptor of a code. A production build keeps only the id of each descriptor
 * (`apitip.<code>`, the catalogue has the text; a test checks every entry's id), so it builds
 * the id from the code and the map stays out of the start-up bundle; development and tests read
 * the map's English text.
 */
function descriptorOf(code: ApiErrorCode): MessageDescriptor {
  if (process.env.NODE_ENV === 'production') return { id: `apitip.${code}` };
  return apiErrorMessages[code];
}

/** The translated text of a failure: by its code; anything that is not an ApiError is a network failure. */
export function apiErrorMessage(i18n: I18n, error: unknown): string {
  const code: ApiErrorCode = error instanceof ApiError ? error.code : 'network';
  return i18n._(descriptorOf(code));
}
