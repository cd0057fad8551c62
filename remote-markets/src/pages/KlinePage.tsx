import { PageShell, useSearchParams, withCatalog } from '@app/shared';
import { catalog } from '../catalog';
import { KlineScreen } from '../features/chart/components/KlineScreen';
import { klineBackTarget } from '../features/chart/model/backTarget';

function KlinePage() {
  const [params] = useSearchParams();
  return (
    <PageShell backTo={klineBackTarget(params)}>
      <KlineScreen />
    </PageShell>
  );
}

export default withCatalog(catalog, 'markets/KlinePage', KlinePage);
