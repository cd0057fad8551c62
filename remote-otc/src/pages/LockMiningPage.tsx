import { ComingSoon, PageShell, withCatalog } from '@app/shared';
import { catalog } from '../catalog';

function LockMiningPage() {
  return (
    <PageShell hideBack>
      <ComingSoon />
    </PageShell>
  );
}

export default withCatalog(catalog, 'otc/LockMiningPage', LockMiningPage);
