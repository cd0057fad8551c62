import { StrictMode } from 'react';
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
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <App config={config} />
      </AppProviders>
    </StrictMode>,
  );
}
