import { PageShell, withCatalog } from '@app/shared';
import { catalog } from '../catalog';
import { MarketsScreen } from '../features/quotes/components/MarketsScreen';

function QuotesPage() {
  return (
    <PageShell hideBack>
      <MarketsScreen />
    </PageShell>
  );
}

export default withCatalog(catalog, 'markets/QuotesPage', QuotesPage);
