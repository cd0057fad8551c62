import { memo } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import { EmptyState, ErrorState, formatClock, ListSkeleton } from '@app/shared';
import { type Trade } from '@app/shared/market-book';
import { formatPrice } from '../../quotes';

const row = {
  display: 'grid',
  gridTemplateColumns: '1fr 1.2fr 1fr',
  alignItems: 'center',
  px: 1,
  height: 26,
  fontSize: 12.5,
  fontVariantNumeric: 'tabular-nums',
} as const;

const TradeRow = memo(function TradeRow({ trade, decimals }: { trade: Trade; decimals: number }) {
  return (
    <Box component="li" sx={row}>
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {formatClock(trade.time)}
      </Box>
      <Box
        component="span"
        sx={{ textAlign: 'right', color: trade.side === 'buy' ? 'success.main' : 'error.main' }}
      >
        {formatPrice(trade.price, decimals)}
      </Box>
      <Box component="span" sx={{ textAlign: 'right' }}>
        {trade.amount}
      </Box>
    </Box>
  );
});

/** The last 20 trades (newest first): time (Asia/Shanghai), price (green buy, red sell), amount. */
export function TradeList({
  trades,
  status,
  decimals,
  onRetry,
}: {
  trades: Trade[];
  status: 'loading' | 'ready' | 'error';
  decimals: number;
  onRetry: () => void;
}) {
  const { t } = useLingui();
  if (status === 'loading') return <ListSkeleton rows={6} height={24} />;
  if (status === 'error') return <ErrorState onRetry={onRetry} />;
  if (trades.length === 0) return <EmptyState />;
  return (
    <Box data-testid="trade-list">
      <Box sx={{ ...row, color: 'text.secondary', fontSize: 12 }}>
        <span>
          <Trans>Time</Trans>
        </span>
        <Box component="span" sx={{ textAlign: 'right' }}>
          <Trans>Price</Trans>
        </Box>
        <Box component="span" sx={{ textAlign: 'right' }}>
          <Trans>Amount</Trans>
        </Box>
      </Box>
      <Box component="ul" aria-label={t`Recent trades`} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {trades.map((trade) => (
          <TradeRow key={trade.key} trade={trade} decimals={decimals} />
        ))}
      </Box>
    </Box>
  );
}
