import { PageShell, withCatalog, useLoad, LoadView } from '@app/shared';
import { catalog } from '../catalog';
import { fiatApi } from '../features/fiat/api/fiatApi';
import { FiatBuyForm } from '../features/fiat/components/FiatBuyForm';
import { FiatRecords } from '../features/fiat/components/FiatRecords';

/** Buy USDT with fiat from a matched merchant (/Recharge, /buy). */
function FiatBuyPage() {
  const info = useLoad(fiatApi.info);
  return (
    <PageShell>
      <LoadView loaded={info} rows={4}>
        {(data) => <FiatBuyForm info={data} onStale={info.reload} />}
      </LoadView>
      <FiatRecords />
    </PageShell>
  );
}

export default withCatalog(catalog, 'otc/FiatBuyPage', FiatBuyPage);
