import { PageShell, withCatalog } from '@app/shared';
import { catalog } from '../catalog';
import { RegisterForm } from '../features/auth/components/RegisterForm';

function RegisterPage() {
  return (
    <PageShell>
      <RegisterForm />
    </PageShell>
  );
}

export default withCatalog(catalog, 'wallet/RegisterPage', RegisterPage);
