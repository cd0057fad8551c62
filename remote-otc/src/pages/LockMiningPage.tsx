import { Trans } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import { Link, PageShell, withCatalog, useQuery, LoadView } from '@app/shared';
import { catalog } from '../catalog';
import { lockupKeys } from '../features/lockup/api/keys';
import { loadLockupCatalogue } from '../features/lockup/model/catalogue';
import { LockProductList } from '../features/lockup/components/LockProductList';

/** Lock-up mining products (/zhiya, a bottom tab). */
function LockMiningPage() {
  const products = useQuery({
    queryKey: lockupKeys.products(),
    queryFn: ({ signal }) => loadLockupCatalogue(signal),
  });
  return (
    <PageShell
      hideBack
      actions={
        <Button component={Link} to="/zhiyaOrder" size="small" sx={{ minHeight: 44 }}>
          <Trans>My orders</Trans>
        </Button>
      }
    >
      <LoadView query={products} rows={4} height={150}>
        {(data) => <LockProductList data={data} />}
      </LoadView>
    </PageShell>
  );
}

export default withCatalog(catalog, 'otc/LockMiningPage', LockMiningPage);
