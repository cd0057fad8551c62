import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { QRCodeSVG } from 'qrcode.react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CopyButton } from '../../common';
import { coinsOf } from '../model/wallets';
import { CoinSelect } from './CoinSelect';
import { LoadView } from '@app/shared';
import { useDepositAddress, useWallets } from '../hooks/useWalletQueries';

/**
 * The address card's height (the demo notice, the QR code with its quiet zone, the label and a
 * two-line address), its skeleton's too: the note below stays where it is when it arrives.
 */
const ADDRESS_CARD_HEIGHT = 380;

function AddressCard({ currencyId }: { currencyId: number }) {
  const { t } = useLingui();
  const address = useDepositAddress(currencyId);
  return (
    <LoadView query={address} rows={1} height={ADDRESS_CARD_HEIGHT}>
      {(data) => (
        <Paper variant="outlined" sx={{ p: 2 }}>
          {data.demo && (
            <Alert severity="warning" role="note" sx={{ mb: 1 }}>
              <Trans>Demo address: not a real chain address, do not send real funds</Trans>
            </Alert>
          )}
          <Box sx={{ display: 'flex', justifyContent: 'center', mb: 1 }}>
            {/* White quiet zone in both themes: scanners need dark modules on light. */}
            <Box sx={{ p: 1, bgcolor: '#fff', borderRadius: 1, lineHeight: 0 }}>
              <QRCodeSVG
                value={data.address}
                size={150}
                role="img"
                aria-label={t`QR code of the deposit address`}
                data-testid="deposit-qr"
              />
            </Box>
          </Box>
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

/** Crypto deposit (/recharge): coin picker, the user's address with its QR code and copy, confirmation note (doc 2 §9). */
export function DepositPanel() {
  const wallets = useWallets();
  const [picked, setPicked] = useState<number | null>(null);
  if (wallets.status === 'pending')
    return (
      <Stack spacing={2} aria-busy="true">
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={ADDRESS_CARD_HEIGHT} />
      </Stack>
    );
  return (
    <LoadView query={wallets}>
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
