import { PageShell, withCatalog, useQuery, LoadView } from '@app/shared';
import { catalog } from '../catalog';
import { lockupKeys } from '../features/lockup/api/keys';
import { loadLockupCatalogue } from '../features/lockup/model/catalogue';
import { LockOrderList } from '../features/lockup/components/LockOrderList';

/** Lock-up orders (/zhiyaOrder); the cancel fee rate comes with the product list. */
function LockMiningOrdersPage() {
  const products = useQuery({
    queryKey: lockupKeys.products(),
    queryFn: ({ signal }) => loadLockupCatalogue(signal),
  });
  return (
    <PageShell backTo="/zhiya">
      <LoadView query={products} rows={4} height={96}>
        {(data) => <LockOrderList cancelFeeRate={data.cancelFeeRate} />}
      </LoadView>
    </PageShell>
  );
}

export default withCatalog(catalog, 'otc/LockMiningOrdersPage', LockMiningOrdersPage);
