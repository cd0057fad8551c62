import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import {
  AppProviders,
  bootstrapApp,
  loadErrorMessages,
  preloadApiClient,
  registerCatalog,
  type Locale,
} from '@app/shared';
import { App } from './App';
import { loadRuntimeConfig } from './config';
import { releaseFirstFrame } from './firstFrame';
import { loadPage, loadRemoteManifests } from './remotes';
import { routes } from './routes';

export async function start(): Promise<void> {
  void registerCatalog('host', (locale: Locale) => import(`../../../locales/${locale}/host`));
  const [config] = await Promise.all([
    loadRuntimeConfig(),
    bootstrapApp(),
    // A missing remotes.json must not block start: remote routes then show their error screen.
    loadRemoteManifests()
      .then((map) => {
        preloadCurrentPage();
        return map;
      })
      .catch(() => ({})),
  ]);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing');
  releaseFirstFrame(root);
  afterFirstPage(root, () => {
    void loadErrorMessages().catch(() => undefined);
    // ky and zod, evaluated now rather than inside the first screen commit that makes a call.
    preloadApiClient();
  });
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

/**
 * Starts loading the remote page of the address being opened as soon as remotes.json is known,
 * beside the rest of the start-up, instead of after the first render of the route (the route's
 * RemotePage then finds it loading or loaded). Routes behind login are left to the guard.
 */
function preloadCurrentPage(): void {
  const route = routes.find((r) => r.path === window.location.pathname);
  if (!route || route.auth) return;
  loadPage(route.remote, route.page).catch(() => {
    // RemotePage shows the failure (and retries) when the route renders.
  });
}

/**
 * Runs `task` at the first idle moment after a page is in the root (`[data-page]`): what no first
 * render needs (the failures' texts, the API client's ky and zod) loads after it, not beside it.
 */
function afterFirstPage(root: HTMLElement, task: () => void): void {
  const idle = () =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(task, { timeout: 2000 })
      : setTimeout(task, 200);
  if (root.querySelector('[data-page]')) return void idle();
  const observer = new MutationObserver(() => {
    if (!root.querySelector('[data-page]')) return;
    observer.disconnect();
    idle();
  });
  observer.observe(root, { childList: true, subtree: true });
}
