import { PageShell, withCatalog } from '@app/shared';
import { catalog } from '../catalog';
import { AccountCentre } from '../features/account/components/AccountCentre';

function AccountPage() {
  return (
    <PageShell hideBack>
      <AccountCentre />
    </PageShell>
  );
}

export default withCatalog(catalog, 'wallet/AccountPage', AccountPage);
