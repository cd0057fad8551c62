import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { ErrorState, Link, apiErrorMessage } from '@app/shared';
import { useWallets } from '../hooks/useWalletQueries';
import { DepositIcon, SwapIcon, WalletIcon, WithdrawIcon } from '../../common';
import { totalAssetsUsd } from '../model/wallets';

/** Total assets in USD (sum of the four usdt_totle, 2 decimals) and the four shortcut tiles. */
export function TotalAssetsCard() {
  const { t, i18n } = useLingui();
  const wallets = useWallets();
  const tiles = [
    { to: '/recharge', label: t`Deposit`, icon: <DepositIcon /> },
    { to: '/withdrawal', label: t`Withdraw`, icon: <WithdrawIcon /> },
    { to: '/transfer', label: t`Transfer`, icon: <SwapIcon /> },
    { to: '/assets', label: t`Asset centre`, icon: <WalletIcon /> },
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        <Trans>Total assets (USD)</Trans>
      </Typography>
      {/* The skeleton sits in the figure's own line box, so the figure takes its place exactly. */}
      {wallets.status === 'pending' && (
        <Typography variant="h1" component="p" sx={{ fontSize: 28 }} aria-busy="true">
          <Skeleton width="60%" data-testid="total-skeleton" />
        </Typography>
      )}
      {wallets.status === 'error' && (
        <ErrorState message={apiErrorMessage(i18n, wallets.error)} onRetry={() => void wallets.refetch()} />
      )}
      {wallets.status === 'success' && (
        <Typography variant="h1" component="p" sx={{ fontSize: 28 }} data-testid="total-assets">
          {totalAssetsUsd(wallets.data)}
        </Typography>
      )}
      <Box
        component="nav"
        aria-label={t`Shortcuts`}
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', mt: 2 }}
      >
        {tiles.map((tile) => (
          <ButtonBase
            key={tile.to}
            component={Link}
            to={tile.to}
            sx={{ flexDirection: 'column', gap: 0.5, minHeight: 64, borderRadius: 1, color: 'text.primary' }}
          >
            <Box sx={{ color: 'primary.main', display: 'flex' }}>{tile.icon}</Box>
            <Typography variant="caption">{tile.label}</Typography>
          </ButtonBase>
        ))}
      </Box>
    </Paper>
  );
}
