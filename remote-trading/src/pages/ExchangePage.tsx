import { PageShell, withCatalog } from '@app/shared';
import { catalog } from '../catalog';
import { SpotScreen } from '../features/spot/components/SpotScreen';

function ExchangePage() {
  return (
    <PageShell>
      <SpotScreen />
    </PageShell>
  );
}

export default withCatalog(catalog, 'trading/ExchangePage', ExchangePage);
