// The API failures' texts (`apitip.<code>`) are a catalogue of their own (`errors`, see
// lingui.config.js), not part of the shared one every route loads before its first render. It
// loads when the host has shown the first page (an idle moment after it), and, should a failure
// come first, before that failure reaches anyone: `call` and the upload wait for it (./client.ts).
// Once registered it follows every language switch like the other catalogues.
import { registerCatalog, type Locale } from '../i18n/i18n';

/** Loads the failures' catalogue for the active language (once; a failed load is tried again). */
export function loadErrorMessages(): Promise<void> {
  // Quiet: no text on screen comes from it before it is in (its load re-renders nothing).
  return registerCatalog('errors', (locale: Locale) => import(`../../../locales/${locale}/errors`), {
    quiet: true,
  });
}

/** Runs `error`'s way up after the failures' catalogue is in (or could not load: then as it is). */
export async function withErrorMessages(error: unknown): Promise<never> {
  await loadErrorMessages().catch(() => undefined);
  throw error;
}
