import { ComingSoon, PageShell, withCatalog } from '@app/shared';
import { catalog } from '../catalog';

function KlinePage() {
  return (
    <PageShell>
      <ComingSoon />
    </PageShell>
  );
}

export default withCatalog(catalog, 'markets/KlinePage', KlinePage);
