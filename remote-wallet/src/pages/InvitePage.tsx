import { PageShell, withCatalog } from '@app/shared';
import { catalog } from '../catalog';
import { InvitePanel } from '../features/invite/components/InvitePanel';

function InvitePage() {
  return (
    <PageShell>
      <InvitePanel />
    </PageShell>
  );
}

export default withCatalog(catalog, 'wallet/InvitePage', InvitePage);
