import { useLingui } from '@lingui/react/macro';
import { PageShell, withCatalog, LoadView } from '@app/shared';
import { useChargeLog } from '../features/wallet/hooks/useWalletQueries';
import { catalog } from '../catalog';
import { ChargeLogList } from '../features/wallet/components/ChargeLogList';

function DepositRecordPage() {
  const { t } = useLingui();
  const log = useChargeLog();
  return (
    <PageShell>
      <LoadView query={log} rows={5} height={96}>
        {(answer) => (
          <ChargeLogList items={answer.data.filter((e) => e.type === 'deposit')} label={t`Deposit records`} />
        )}
      </LoadView>
    </PageShell>
  );
}

export default withCatalog(catalog, 'wallet/DepositRecordPage', DepositRecordPage);
