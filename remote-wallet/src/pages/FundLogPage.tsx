import { PageShell, withCatalog } from '@app/shared';
import { catalog } from '../catalog';
import { FundLog } from '../features/wallet/components/FundLog';

function FundLogPage() {
  return (
    <PageShell>
      <FundLog />
    </PageShell>
  );
}

export default withCatalog(catalog, 'wallet/FundLogPage', FundLogPage);
