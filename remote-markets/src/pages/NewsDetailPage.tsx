import { ComingSoon, PageShell, withCatalog } from '@app/shared';
import { catalog } from '../catalog';

function NewsDetailPage() {
  return (
    <PageShell>
      <ComingSoon />
    </PageShell>
  );
}

export default withCatalog(catalog, 'markets/NewsDetailPage', NewsDetailPage);
