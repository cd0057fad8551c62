import { PageShell, withCatalog, LoadView, useLoad } from '@app/shared';
import { catalog } from '../catalog';
import { walletApi } from '../features/wallet/api/walletApi';
import { WithdrawalList } from '../features/wallet/components/WithdrawalList';

function WithdrawalRecordPage() {
  const withdrawals = useLoad(() => walletApi.withdrawals());
  return (
    <PageShell>
      <LoadView loaded={withdrawals} rows={5} height={120}>
        {(list) => <WithdrawalList items={list} />}
      </LoadView>
    </PageShell>
  );
}

export default withCatalog(catalog, 'wallet/WithdrawalRecordPage', WithdrawalRecordPage);
