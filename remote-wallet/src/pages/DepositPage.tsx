import { PageShell, withCatalog } from '@app/shared';
import { catalog } from '../catalog';
import { DepositPanel } from '../features/wallet/components/DepositPanel';

function DepositPage() {
  return (
    <PageShell>
      <DepositPanel />
    </PageShell>
  );
}

export default withCatalog(catalog, 'wallet/DepositPage', DepositPage);
