import { PageShell, withCatalog, LoadView } from '@app/shared';
import { useWithdrawals } from '../features/wallet/hooks/useWalletQueries';
import { catalog } from '../catalog';
import { WithdrawalList } from '../features/wallet/components/WithdrawalList';

function WithdrawalRecordPage() {
  const withdrawals = useWithdrawals();
  return (
    <PageShell>
      <LoadView query={withdrawals} rows={5} height={120}>
        {(list) => <WithdrawalList items={list} />}
      </LoadView>
    </PageShell>
  );
}

export default withCatalog(catalog, 'wallet/WithdrawalRecordPage', WithdrawalRecordPage);
