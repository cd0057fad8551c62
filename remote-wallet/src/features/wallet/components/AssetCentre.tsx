import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { EmptyState, Link, LoadView, readStorage, writeStorage } from '@app/shared';
import { useWallets } from '../hooks/useWalletQueries';
import { walletTypeLabel } from '../model/messages';
import {
  HIDE_SMALL_KEY,
  coinAmount,
  isSmallBalance,
  walletTotal,
  walletViews,
  type WalletView,
} from '../model/wallets';

export function WalletSection({ wallet, hideSmall = false }: { wallet: WalletView; hideSmall?: boolean }) {
  const { i18n } = useLingui();
  const title = i18n._(walletTypeLabel[wallet.type]);
  const total = walletTotal(wallet);
  const coins = hideSmall ? wallet.coins.filter((c) => !isSmallBalance(c)) : wallet.coins;
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
      {coins.length === 0 ? (
        <EmptyState />
      ) : (
        <Stack sx={{ mt: 1 }}>
          {coins.map((coin) => (
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
  const { t } = useLingui();
  const wallets = useWallets();
  const [hideSmall, setHideSmall] = useState(() => readStorage(HIDE_SMALL_KEY) === '1');
  return (
    <Stack spacing={1}>
      <FormControlLabel
        control={
          <Switch
            checked={hideSmall}
            onChange={(e) => {
              setHideSmall(e.target.checked);
              writeStorage(HIDE_SMALL_KEY, e.target.checked ? '1' : null);
            }}
          />
        }
        label={t`Hide small balances`}
        sx={{ alignSelf: 'flex-end', minHeight: 44, mr: 0 }}
      />
      {/* Four accounts of every currency run to thousands of pixels: six skeleton cards (1,000 px)
          keep the links below them under the fold of a phone while the list loads, so the list
          arriving moves nothing in view (they sat at the bottom edge and jumped away). */}
      <LoadView query={wallets} rows={6} height={160}>
        {(list) => (
          <Stack spacing={2}>
            {walletViews(list).map((wallet) => (
              <WalletSection key={wallet.type} wallet={wallet} hideSmall={hideSmall} />
            ))}
          </Stack>
        )}
      </LoadView>
    </Stack>
  );
}
