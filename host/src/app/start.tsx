import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders, bootstrapApp, registerCatalog, type Locale } from '@app/shared';
import { App } from './App';
import { loadRuntimeConfig } from './config';
import { loadRemoteManifests } from './remotes';

export async function start(): Promise<void> {
  void registerCatalog('host', (locale: Locale) => import(`../../../locales/${locale}/host`));
  const [config] = await Promise.all([
    loadRuntimeConfig(),
    bootstrapApp(),
    // A missing remotes.json must not block start: remote routes then show their error screen.
    loadRemoteManifests().catch(() => ({})),
  ]);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing');
  const reactRoot = createRoot(root);
  // The first render is a transition: React renders the page in slices that yield to the
  // browser (under a phone's CPU one synchronous render of the home page was a long task of
  // several hundred ms).
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <AppProviders>
          <App config={config} />
        </AppProviders>
      </StrictMode>,
    ),
  );
}
