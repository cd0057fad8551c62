import { ComingSoon, PageShell, withCatalog } from '@app/shared';
import { catalog } from '../catalog';

function TradePage() {
  return (
    <PageShell>
      <ComingSoon />
    </PageShell>
  );
}

export default withCatalog(catalog, 'trading/TradePage', TradePage);
