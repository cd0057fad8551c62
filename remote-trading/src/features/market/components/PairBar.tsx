import { memo } from 'react';
import { useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import {
  CoinLogo,
  formatChangePercent,
  klineUrl,
  useLiveSelect,
  useNavigate,
  visuallyHidden,
  type MarketPair,
  type QuoteLive,
} from '@app/shared';
import { dec } from '../../../lib/decimal';
import { ChartIcon, MenuIcon } from '../../../ui/icons';

function ChangeText({ quote }: { quote: QuoteLive }) {
  const change = useLiveSelect(quote, (q) => q?.change);
  const up = change !== undefined && dec(change).gt(0);
  const { palette } = useTheme();
  return (
    <span
      style={{ color: up ? palette.success.main : palette.error.main, fontSize: 13 }}
      data-testid="pair-change"
    >
      {change !== undefined ? formatChangePercent(change) : ''}
    </span>
  );
}

/** The bar's height: its buttons' (the theme's 44 px touch targets), in every locale. */
const PAIR_BAR_HEIGHT = 44;

/**
 * The bar's place while it waits for its commit (the screens mount it after the form, see
 * Later): the same height and margin, so nothing below moves when it comes.
 */
export function PairBarSkeleton() {
  return <Box sx={{ height: PAIR_BAR_HEIGHT, mb: 1 }} />;
}

/** The pair button (opens the coin drawer), its change, and the chart button. */
export const PairBar = memo(function PairBar({
  pair,
  quote: quoteLive,
  from,
  mode,
  onOpenDrawer,
}: {
  pair: MarketPair;
  quote: QuoteLive;
  /** Where the chart's back button returns (doc 1 §2). */
  from: 'exchange' | 'trade';
  mode?: number;
  onOpenDrawer: () => void;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  // The bar renders when the quote first arrives (logo); ticks reach the change text alone.
  const logo = useLiveSelect(quoteLive, (q) => (q ? q.logo : null));
  // The chart link carries the header values as they are when it is followed.
  const chartUrl = () => klineUrl(pair.tab, quoteLive.get(), { from, mode });
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
      <Button onClick={onOpenDrawer} startIcon={<MenuIcon />} color="inherit" sx={{ gap: 0.5 }}>
        {logo !== null && <CoinLogo src={logo} name={pair.name} size={22} />}
        <Typography component="span" sx={{ fontWeight: 700 }}>
          {pair.symbol}
        </Typography>
        <Box component="span" sx={visuallyHidden}>
          {t`Choose a pair (${pair.symbol})`}
        </Box>
      </Button>
      <ChangeText quote={quoteLive} />
      <Box sx={{ flex: 1 }} />
      <IconButton
        component="a"
        href={chartUrl()}
        onClick={(e: React.MouseEvent) => {
          e.preventDefault();
          navigate(chartUrl());
        }}
        aria-label={t`Chart`}
      >
        <ChartIcon />
      </IconButton>
    </Box>
  );
});
