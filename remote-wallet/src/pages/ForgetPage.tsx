import { PageShell, withCatalog } from '@app/shared';
import { catalog } from '../catalog';
import { ForgetForm } from '../features/auth/components/ForgetForm';

function ForgetPage() {
  return (
    <PageShell>
      <ForgetForm />
    </PageShell>
  );
}

export default withCatalog(catalog, 'wallet/ForgetPage', ForgetPage);
