import { PageShell, useRouteMeta, withCatalog } from '@app/shared';
import { catalog } from '../catalog';
import { TradeScreen } from '../features/trade/components/TradeScreen';

function TradePage() {
  // /trade has the footer (a tab root, no back button); /trade2 is the variant with a back button.
  const meta = useRouteMeta();
  return (
    <PageShell hideBack={meta.path !== '/trade2'}>
      <TradeScreen />
    </PageShell>
  );
}

export default withCatalog(catalog, 'trading/TradePage', TradePage);
