import { useLingui } from '@lingui/react/macro';
import { PageShell, withCatalog, LoadView, useLoad } from '@app/shared';
import { catalog } from '../catalog';
import { walletApi } from '../features/wallet/api/walletApi';
import { ChargeLogList } from '../features/wallet/components/ChargeLogList';

function DepositRecordPage() {
  const { t } = useLingui();
  const log = useLoad(() => walletApi.chargeLog());
  return (
    <PageShell>
      <LoadView loaded={log} rows={5} height={96}>
        {(answer) => (
          <ChargeLogList items={answer.data.filter((e) => e.type === 'deposit')} label={t`Deposit records`} />
        )}
      </LoadView>
    </PageShell>
  );
}

export default withCatalog(catalog, 'wallet/DepositRecordPage', DepositRecordPage);
