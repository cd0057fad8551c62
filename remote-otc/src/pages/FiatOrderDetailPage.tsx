import { useCallback, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import { ErrorState, PageShell, useSearchParams, withCatalog, useLoad, LoadView } from '@app/shared';
import { catalog } from '../catalog';
import { fiatApi, type FiatOrder } from '../features/fiat/api/fiatApi';
import { clockOffset } from '../features/fiat/model/fiat';
import { FiatOrderView } from '../features/fiat/components/FiatOrderView';

/** A fiat buy order (/Detail?id=). */
function FiatOrderDetailPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const offset = useRef(0);
  const load = useCallback(async (): Promise<FiatOrder> => {
    const order = await fiatApi.detail(id);
    offset.current = clockOffset(order.now, Date.now());
    return order;
  }, [id]);
  const loaded = useLoad(load, id);
  return (
    <PageShell backTo="/Recharge">
      {id === '' ? (
        <ErrorState message={t`Order not found`} />
      ) : (
        <LoadView loaded={loaded} rows={5}>
          {(order) => <FiatOrderView order={order} offset={offset.current} onChanged={loaded.reload} />}
        </LoadView>
      )}
    </PageShell>
  );
}

export default withCatalog(catalog, 'otc/FiatOrderDetailPage', FiatOrderDetailPage);
