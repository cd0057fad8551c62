import { Trans } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import { Link, PageShell, withCatalog, useLoad, LoadView } from '@app/shared';
import { catalog } from '../catalog';
import { lockupApi } from '../features/lockup/api/lockupApi';
import { LockProductList } from '../features/lockup/components/LockProductList';

/** Lock-up mining products (/zhiya, a bottom tab). */
function LockMiningPage() {
  const loaded = useLoad(lockupApi.products);
  return (
    <PageShell
      hideBack
      actions={
        <Button component={Link} to="/zhiyaOrder" size="small" sx={{ minHeight: 44 }}>
          <Trans>My orders</Trans>
        </Button>
      }
    >
      <LoadView loaded={loaded} rows={4} height={150}>
        {(data) => <LockProductList data={data} />}
      </LoadView>
    </PageShell>
  );
}

export default withCatalog(catalog, 'otc/LockMiningPage', LockMiningPage);
