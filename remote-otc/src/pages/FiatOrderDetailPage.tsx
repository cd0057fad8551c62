import { useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import {
  ErrorState,
  PageShell,
  useSearchParams,
  withCatalog,
  useQuery,
  useRefreshAfterAction,
  LoadView,
} from '@app/shared';
import { catalog } from '../catalog';
import { fiatApi, type FiatOrder } from '../features/fiat/api/fiatApi';
import { fiatKeys } from '../features/fiat/api/keys';
import { clockOffset } from '../features/fiat/model/fiat';
import { FiatOrderView } from '../features/fiat/components/FiatOrderView';

/** A fiat buy order (/Detail?id=). */
function FiatOrderDetailPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const offset = useRef(0);
  const order = useQuery({
    queryKey: fiatKeys.order(id),
    queryFn: async ({ signal }): Promise<FiatOrder> => {
      const answer = await fiatApi.detail(id, signal);
      offset.current = clockOffset(answer.now, Date.now());
      return answer;
    },
    enabled: id !== '',
  });
  // Paid or cancelled: the order, the records, the buy page's count of open orders (and, once
  // confirmed, the balance) change.
  const refresh = useRefreshAfterAction();
  const onChanged = () => void refresh();
  return (
    <PageShell backTo="/Recharge">
      {id === '' ? (
        <ErrorState message={t`Order not found`} />
      ) : (
        <LoadView query={order} rows={5}>
          {(data) => <FiatOrderView order={data} offset={offset.current} onChanged={onChanged} />}
        </LoadView>
      )}
    </PageShell>
  );
}

export default withCatalog(catalog, 'otc/FiatOrderDetailPage', FiatOrderDetailPage);
