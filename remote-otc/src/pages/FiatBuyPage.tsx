import { PageShell, withCatalog, useQuery, LoadView } from '@app/shared';
import { catalog } from '../catalog';
import { fiatApi } from '../features/fiat/api/fiatApi';
import { fiatKeys } from '../features/fiat/api/keys';
import { FiatBuyForm } from '../features/fiat/components/FiatBuyForm';
import { FiatBuySkeleton } from '../features/fiat/components/FiatBuySkeleton';
import { FiatRecords } from '../features/fiat/components/FiatRecords';

/** Buy USDT with fiat from a matched merchant (/Recharge, /buy). */
function FiatBuyPage() {
  const info = useQuery({ queryKey: fiatKeys.info(), queryFn: ({ signal }) => fiatApi.info(signal) });
  return (
    <PageShell>
      {info.status === 'pending' ? (
        <FiatBuySkeleton />
      ) : (
        <LoadView query={info}>{(data) => <FiatBuyForm info={data} />}</LoadView>
      )}
      <FiatRecords />
    </PageShell>
  );
}

export default withCatalog(catalog, 'otc/FiatBuyPage', FiatBuyPage);
