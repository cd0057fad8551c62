// The account centre's full-screen dialogs of records (doc 1 §2): wallet balances per wallet type,
// the deposit/withdraw log, the buy records and the promotion list. Each loads when it opens.
import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { FullScreenDialog } from '../../common';
import { InviteeList } from '../../invite';
import {
  WALLET_TYPES,
  type WalletType,
  WalletSection,
  BuyRecordList,
  buyRecordsOf,
  ChargeLogList,
  walletTabSx,
  walletTypeLabel,
  walletOf,
  useBuyLog,
  useChargeLog,
  useWallets,
} from '../../wallet';
import { LoadView } from '@app/shared';
import { useInvitees } from '../hooks/useAccountQueries';

export type RecordDialog = 'balances' | 'charges' | 'buys' | 'promotion';

function Balances() {
  const { t, i18n } = useLingui();
  const [type, setType] = useState<WalletType>('change');
  const wallets = useWallets();
  return (
    <Stack spacing={2}>
      <Tabs
        value={type}
        onChange={(_, v: WalletType) => setType(v)}
        variant="fullWidth"
        aria-label={t`Account`}
      >
        {WALLET_TYPES.map((w) => (
          <Tab key={w} value={w} label={i18n._(walletTypeLabel[w])} sx={walletTabSx} />
        ))}
      </Tabs>
      <LoadView query={wallets} rows={3} height={72}>
        {(list) => <WalletSection wallet={walletOf(list, type)} />}
      </LoadView>
    </Stack>
  );
}

function Charges() {
  const { t } = useLingui();
  const log = useChargeLog();
  return (
    <LoadView query={log} rows={5} height={96}>
      {(answer) => <ChargeLogList items={answer.data} label={t`Deposit and withdrawal log`} />}
    </LoadView>
  );
}

function Buys() {
  const records = useBuyLog();
  return (
    <LoadView query={records} rows={5} height={80}>
      {(answer) => <BuyRecordList items={buyRecordsOf(answer)} />}
    </LoadView>
  );
}

function Promotion() {
  const invitees = useInvitees();
  return <InviteeList query={invitees} />;
}

export function RecordDialogs({ open, onClose }: { open: RecordDialog | null; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <>
      <FullScreenDialog open={open === 'balances'} title={t`Wallet balances`} onClose={onClose}>
        <Balances />
      </FullScreenDialog>
      <FullScreenDialog open={open === 'charges'} title={t`Deposit and withdrawal log`} onClose={onClose}>
        <Charges />
      </FullScreenDialog>
      <FullScreenDialog open={open === 'buys'} title={t`Buy records`} onClose={onClose}>
        <Buys />
      </FullScreenDialog>
      <FullScreenDialog open={open === 'promotion'} title={t`Promotion list`} onClose={onClose}>
        <Promotion />
      </FullScreenDialog>
    </>
  );
}
