import { PageShell, withCatalog } from '@app/shared';
import { catalog } from '../catalog';
import { LoginForm } from '../features/auth/components/LoginForm';

function LoginPage() {
  return (
    <PageShell>
      <LoginForm />
    </PageShell>
  );
}

export default withCatalog(catalog, 'wallet/LoginPage', LoginPage);
