import { PageShell, withCatalog } from '@app/shared';
import { catalog } from '../catalog';
import '../features/common/model/errors';
import { lockupApi } from '../features/lockup/api/lockupApi';
import { LockOrderList } from '../features/lockup/components/LockOrderList';
import { useLoad } from '../features/common/hooks/useLoad';
import { LoadView } from '../features/common/components/LoadView';

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
