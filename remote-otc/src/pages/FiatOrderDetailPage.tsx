import { ComingSoon, PageShell, withCatalog } from '@app/shared';
import { catalog } from '../catalog';

function FiatOrderDetailPage() {
  return (
    <PageShell>
      <ComingSoon />
    </PageShell>
  );
}

export default withCatalog(catalog, 'otc/FiatOrderDetailPage', FiatOrderDetailPage);
