import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CopyButton } from '../../common/components/CopyButton';
import { LoadView } from '../../common/components/LoadView';
import { useLoad } from '../../common/hooks/useLoad';
import { walletApi } from '../api/walletApi';
import { coinsOf } from '../model/wallets';
import { CoinSelect } from './CoinSelect';

function AddressCard({ currencyId }: { currencyId: number }) {
  const { t } = useLingui();
  const address = useLoad(() => walletApi.depositAddress(currencyId), String(currencyId));
  return (
    <LoadView loaded={address} rows={1} height={96}>
      {(data) => (
        <Paper variant="outlined" sx={{ p: 2 }}>
          {data.demo && (
            <Alert severity="warning" role="note" sx={{ mb: 1 }}>
              <Trans>Demo address: not a real chain address, do not send real funds</Trans>
            </Alert>
          )}
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            <Trans>{data.currency_name} deposit address</Trans>
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5 }}>
            <Typography
              sx={{ flex: 1, overflowWrap: 'anywhere', fontFamily: 'monospace' }}
              data-testid="deposit-address"
            >
              {data.address}
            </Typography>
            <CopyButton text={data.address} label={t`Copy address`} />
          </Stack>
        </Paper>
      )}
    </LoadView>
  );
}

/** Crypto deposit (/recharge): coin picker, the user's address with copy, confirmation note (doc 2 §9). */
export function DepositPanel() {
  const wallets = useLoad(() => walletApi.list());
  const [picked, setPicked] = useState<number | null>(null);
  return (
    <LoadView loaded={wallets} rows={3}>
      {(list) => {
        const coins = coinsOf(list);
        const currencyId = picked ?? coins.find((c) => c.name === 'USDT')?.id ?? coins[0]?.id ?? 3;
        return (
          <Stack spacing={2}>
            <CoinSelect coins={coins} value={currencyId} onChange={setPicked} />
            <AddressCard currencyId={currencyId} />
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              <Trans>
                Deposits are credited after 1 network confirmation and can be withdrawn after 6 confirmations.
              </Trans>
            </Typography>
          </Stack>
        );
      }}
    </LoadView>
  );
}
