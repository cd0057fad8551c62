import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EmptyState, Link, LoadView, useLoad } from '@app/shared';
import { walletApi } from '../api/walletApi';
import { walletTypeLabel } from '../model/messages';
import { coinAmount, walletTotal, walletViews, type WalletView } from '../model/wallets';

export function WalletSection({ wallet }: { wallet: WalletView }) {
  const { i18n } = useLingui();
  const title = i18n._(walletTypeLabel[wallet.type]);
  const total = walletTotal(wallet);
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2 }}>
      <Typography variant="h2" component="h2">
        {title}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        <Trans>Total (USDT)</Trans>
      </Typography>
      <Typography sx={{ fontSize: 22, fontWeight: 600 }} data-testid={`total-${wallet.type}`}>
        {total}
      </Typography>
      {wallet.coins.length === 0 ? (
        <EmptyState />
      ) : (
        <Stack sx={{ mt: 1 }}>
          {wallet.coins.map((coin) => (
            <ButtonBase
              key={coin.currencyId}
              component={Link}
              to={`/logs?currency=${coin.currencyId}&type=${wallet.type}`}
              sx={{
                display: 'grid',
                gridTemplateColumns: '1fr 1fr 1fr',
                alignItems: 'center',
                minHeight: 48,
                borderTop: 1,
                borderColor: 'divider',
                textAlign: 'left',
                color: 'text.primary',
              }}
            >
              <Typography sx={{ fontWeight: 600 }}>{coin.name}</Typography>
              <Box>
                <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
                  <Trans>Available</Trans>
                </Typography>
                <Typography variant="body2">{coinAmount(coin.available, coin.name)}</Typography>
              </Box>
              <Box>
                <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
                  <Trans>Locked</Trans>
                </Typography>
                <Typography variant="body2">{coinAmount(coin.locked, coin.name)}</Typography>
              </Box>
            </ButtonBase>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/** The asset centre (doc 1 §2, §3): the four wallets with totals and per-coin balances. */
export function AssetCentre() {
  const wallets = useLoad(() => walletApi.list());
  return (
    <LoadView loaded={wallets} rows={4} height={160}>
      {(list) => (
        <Stack spacing={2}>
          {walletViews(list).map((wallet) => (
            <WalletSection key={wallet.type} wallet={wallet} />
          ))}
        </Stack>
      )}
    </LoadView>
  );
}
