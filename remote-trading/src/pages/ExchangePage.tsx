import { lazy, useEffect } from 'react';
import { PageShell, preloadApiClient, withCatalog } from '@app/shared';
import { catalog } from '../catalog';
import { ScreenSuspense } from '../ui/ScreenSuspense';
import { screenLoader } from './screenLoader';

// The screen (the forms, the book, the order lists and the MUI controls and overlays they use)
// is not needed for the page's first render, its skeleton: its request starts after that
// render, beside the catalogue's (ExchangePageEntry), instead of before it.
const loadScreen = screenLoader(
  () => import(/* webpackChunkName: "spot-screen" */ '../features/spot/components/SpotScreen'),
  // In the screen's chunk (same name): loaded with it, evaluated a task before it.
  () => import(/* webpackChunkName: "spot-screen" */ '../ui/controls'),
);
const SpotScreen = lazy(() => loadScreen().then((m) => ({ default: m.SpotScreen })));

function ExchangePage() {
  return (
    <PageShell>
      <ScreenSuspense>
        <SpotScreen />
      </ScreenSuspense>
    </PageShell>
  );
}

const CatalogPage = withCatalog(catalog, 'trading/ExchangePage', ExchangePage);

export default function ExchangePageEntry() {
  useEffect(() => {
    // The screen's first commit makes its first calls: the API client (ky, then zod and the
    // contract) loads beside the screen's chunks, each evaluated in a task of its own, so that
    // commit finds it loaded instead of loading it inside its own task. A failure here is left
    // to the first call, which loads it again.
    preloadApiClient();
    // A failure shows when the screen renders (its lazy load asks again), not here.
    loadScreen().catch(() => undefined);
  }, []);
  return <CatalogPage />;
}
