import { PageShell, withCatalog, useQuery, LoadView } from '@app/shared';
import { catalog } from '../catalog';
import '../features/common/model/errors';
import { lockupApi } from '../features/lockup/api/lockupApi';
import { lockupKeys } from '../features/lockup/api/keys';
import { LockOrderList } from '../features/lockup/components/LockOrderList';

/** Lock-up orders (/zhiyaOrder); the cancel fee rate comes with the product list. */
function LockMiningOrdersPage() {
  const products = useQuery({
    queryKey: lockupKeys.products(),
    queryFn: ({ signal }) => lockupApi.products(signal),
  });
  return (
    <PageShell backTo="/zhiya">
      <LoadView query={products} rows={4} height={96}>
        {(data) => <LockOrderList feePercent={data.zhiya_qxsxf} />}
      </LoadView>
    </PageShell>
  );
}

export default withCatalog(catalog, 'otc/LockMiningOrdersPage', LockMiningOrdersPage);
