// The page's own texts (scripts/index.html): the notice over the static first frame when the
// app's scripts do not load. No module of the app imports this file: the page's inline script
// gets the texts from host.po at build time (scripts/first-frame.cjs MESSAGES), before any of the
// app runs. They are declared here so that `lingui extract` keeps them in the catalogue.
import { msg } from '@lingui/core/macro';

export const pageMessages = {
  failed: msg({
    id: 'page.failed',
    message: 'The app could not be loaded. Check your connection and try again.',
  }),
};
