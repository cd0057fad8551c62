import { PageShell, withCatalog, useLoad, LoadView } from '@app/shared';
import { catalog } from '../catalog';
import { lockupApi } from '../features/lockup/api/lockupApi';
import { LockOrderList } from '../features/lockup/components/LockOrderList';

/** Lock-up orders (/zhiyaOrder); the cancel fee rate comes with the product list. */
function LockMiningOrdersPage() {
  const products = useLoad(lockupApi.products);
  return (
    <PageShell backTo="/zhiya">
      <LoadView loaded={products} rows={4} height={96}>
        {(data) => <LockOrderList feePercent={data.zhiya_qxsxf} />}
      </LoadView>
    </PageShell>
  );
}

export default withCatalog(catalog, 'otc/LockMiningOrdersPage', LockMiningOrdersPage);
