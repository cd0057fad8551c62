import { PageShell, withCatalog, useLoad, LoadView } from '@app/shared';
import { catalog } from '../catalog';
import '../features/common/model/errors';
import { loadLockupCatalogue } from '../features/lockup/model/catalogue';
import { LockOrderList } from '../features/lockup/components/LockOrderList';

/** Lock-up orders (/zhiyaOrder); the cancel fee rate comes with the product list. */
function LockMiningOrdersPage() {
  const products = useLoad(loadLockupCatalogue);
  return (
    <PageShell backTo="/zhiya">
      <LoadView loaded={products} rows={4} height={96}>
        {(data) => <LockOrderList cancelFeeRate={data.cancelFeeRate} />}
      </LoadView>
    </PageShell>
  );
}

export default withCatalog(catalog, 'otc/LockMiningOrdersPage', LockMiningOrdersPage);
