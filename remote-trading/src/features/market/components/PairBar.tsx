import { memo } from 'react';
import { useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { formatChangePercent, Link } from '@app/shared';
import { dec } from '../../../lib/decimal';
import { useLive } from '../../../lib/live';
import type { QuoteLive } from '../hooks/useQuote';
import { klineUrl } from '../model/quote';
import type { TradePair } from '../model/pair';
import { CoinLogo } from './CoinLogo';
import { ChartIcon, MenuIcon } from '../../../ui/icons';

/** The pair button (opens the coin drawer), its change, and the chart button. */
export const PairBar = memo(function PairBar({
  pair,
  quote: quoteLive,
  from,
  mode,
  onOpenDrawer,
}: {
  pair: TradePair;
  quote: QuoteLive;
  /** Where the chart's back button returns (doc 1 §2). */
  from: 'exchange' | 'trade';
  mode?: number;
  onOpenDrawer: () => void;
}) {
  const { t } = useLingui();
  const quote = useLive(quoteLive);
  const chartUrl = klineUrl(quote, pair, from, mode);
  const up = quote ? dec(quote.change).gt(0) : false;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
      <Button
        onClick={onOpenDrawer}
        startIcon={<MenuIcon />}
        aria-label={t`Choose a pair (${pair.symbol})`}
        color="inherit"
        sx={{ gap: 0.5 }}
      >
        {quote && <CoinLogo src={quote.logo} name={pair.name} size={22} />}
        <Typography component="span" sx={{ fontWeight: 700 }}>
          {pair.symbol}
        </Typography>
      </Button>
      <Typography
        component="span"
        sx={{ color: up ? 'success.main' : 'error.main', fontSize: 13 }}
        data-testid="pair-change"
      >
        {quote ? formatChangePercent(quote.change) : ''}
      </Typography>
      <Box sx={{ flex: 1 }} />
      <IconButton component={Link} to={chartUrl} aria-label={t`Chart`}>
        <ChartIcon />
      </IconButton>
    </Box>
  );
});
