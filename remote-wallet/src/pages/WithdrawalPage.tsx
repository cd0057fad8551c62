import { PageShell, withCatalog } from '@app/shared';
import { catalog } from '../catalog';
import { WithdrawalForm } from '../features/wallet/components/WithdrawalForm';

function WithdrawalPage() {
  return (
    <PageShell>
      <WithdrawalForm />
    </PageShell>
  );
}

export default withCatalog(catalog, 'wallet/WithdrawalPage', WithdrawalPage);
