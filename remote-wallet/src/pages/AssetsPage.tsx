import { PageShell, withCatalog } from '@app/shared';
import { catalog } from '../catalog';
import { AssetCentre } from '../features/wallet/components/AssetCentre';

function AssetsPage() {
  return (
    <PageShell>
      <AssetCentre />
    </PageShell>
  );
}

export default withCatalog(catalog, 'wallet/AssetsPage', AssetsPage);
