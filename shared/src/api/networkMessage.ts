// The network failure's message, in the shared catalogue that every route loads at start-up: the
// other failures' texts are a catalogue of their own (`errors`, ./errorCatalog.ts) loaded after
// the first render, and a network failure may be why that catalogue cannot load.
import { msg } from '@lingui/core/macro';

export const networkFailureMessage = msg({
  id: 'apitip.network',
  message: 'Network error, please try again',
});
