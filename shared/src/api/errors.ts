// Failures shown translated by code (the table: ./errorMessages.ts).
import type { I18n } from '@lingui/core';
import { ApiError, type ApiErrorCode } from './client';
import { apiErrorMessages } from './errorMessages';

/** The translated text of a failure: by its code; anything that is not an ApiError is a network failure. */
export function apiErrorMessage(i18n: I18n, error: unknown): string {
  const code: ApiErrorCode = error instanceof ApiError ? error.code : 'network';
  // A production build keeps only the id of each descriptor (`apitip.<code>`, the catalogue has
  // the text), so it asks by id and the table stays out of the start-up bundle; development and
  // tests read the table's English text.
  if (process.env.NODE_ENV === 'production') return i18n._({ id: `apitip.${code}` });
  return i18n._(apiErrorMessages[code]);
}
