import { PageShell, withCatalog } from '@app/shared';
import { catalog } from '../catalog';
import { TransferForm } from '../features/wallet/components/TransferForm';

function TransferPage() {
  return (
    <PageShell>
      <TransferForm />
    </PageShell>
  );
}

export default withCatalog(catalog, 'wallet/TransferPage', TransferPage);
