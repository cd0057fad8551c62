import { lazy, useEffect } from 'react';
import { PageShell, useRouteMeta, withCatalog } from '@app/shared';
import { catalog } from '../catalog';
import { ScreenSuspense } from '../ui/ScreenSuspense';
import { screenLoader } from './screenLoader';

// The screen (the forms, the book, the order lists and the MUI controls and overlays they use,
// ~70 KiB gzip) is not needed for the page's first render, its skeleton: its request starts
// after that render, beside the catalogue's (TradePageEntry), instead of before it.
const loadScreen = screenLoader(
  () => import(/* webpackChunkName: "trade-screen" */ '../features/trade/components/TradeScreen'),
  // In the screen's chunk (same name): loaded with it, evaluated a task before it.
  () => import(/* webpackChunkName: "trade-screen" */ '../ui/controls'),
);
const TradeScreen = lazy(() => loadScreen().then((m) => ({ default: m.TradeScreen })));

function TradePage() {
  // /trade has the footer (a tab root, no back button); /trade2 is the variant with a back button.
  const meta = useRouteMeta();
  return (
    <PageShell hideBack={meta.path !== '/trade2'}>
      <ScreenSuspense>
        <TradeScreen />
      </ScreenSuspense>
    </PageShell>
  );
}

const CatalogPage = withCatalog(catalog, 'trading/TradePage', TradePage);

export default function TradePageEntry() {
  // A failure shows when the screen renders (its lazy load asks again), not here.
  useEffect(() => void loadScreen().catch(() => undefined), []);
  return <CatalogPage />;
}
