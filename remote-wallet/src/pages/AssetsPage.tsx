import Stack from '@mui/material/Stack';
import { PageShell, withCatalog } from '@app/shared';
import { catalog } from '../catalog';
import { AssetLinks } from '../features/account/components/AssetLinks';
import { AssetCentre } from '../features/wallet/components/AssetCentre';

function AssetsPage() {
  return (
    <PageShell>
      <Stack spacing={2}>
        <AssetCentre />
        <AssetLinks />
      </Stack>
    </PageShell>
  );
}

export default withCatalog(catalog, 'wallet/AssetsPage', AssetsPage);
