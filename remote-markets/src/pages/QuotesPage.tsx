import { ComingSoon, PageShell, withCatalog } from '@app/shared';
import { catalog } from '../catalog';

function QuotesPage() {
  return (
    <PageShell hideBack>
      <ComingSoon />
    </PageShell>
  );
}

export default withCatalog(catalog, 'markets/QuotesPage', QuotesPage);
