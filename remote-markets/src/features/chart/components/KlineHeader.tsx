import { useEffect } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useLingui as useRuntimeLingui } from '@lingui/react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import {
  type MarketPair,
  type MarketQuote,
  type QuoteColor,
  type QuoteStore,
  useQuoteSelector,
  visuallyHidden,
} from '@app/shared';
import { fitFigureSize } from '../../../ui/fitFigure';
import { ArrowDropDownIcon } from '../../../ui/icons';
import {
  ClosedLabel,
  colorKey,
  formatChange,
  formatPrice,
  formatVolume,
  loadCompactFormatter,
  signOf,
  tabLabels,
} from '../../quotes';

/** What the header shows before the live quote is known: the values the chart was opened with. */
export interface HeaderFallback {
  nowPrice?: string;
  change?: string;
  high?: string;
  low?: string;
  vol?: string;
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Box
      sx={{ display: 'flex', justifyContent: 'space-between', gap: 1.5, fontSize: 12, lineHeight: '20px' }}
    >
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {label}
      </Box>
      <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Box>
    </Box>
  );
}

/** Tab, pair (opens the market list), price, change %, high, low and volume (doc 1 §2 Chart screen). */
export function KlineHeader({
  pair,
  store,
  fallback,
  inTrade,
  onOpenMarkets,
}: {
  pair: MarketPair;
  store: QuoteStore;
  fallback: HeaderFallback;
  inTrade: boolean;
  onOpenMarkets: () => void;
}) {
  const { t } = useLingui();
  const { i18n } = useRuntimeLingui();
  const pairText = pair.tab === 0 ? `${pair.name}/USDT` : pair.name;
  // The volume's formatter, requested beside the quote (see loadCompactFormatter).
  useEffect(loadCompactFormatter, []);
  return (
    <Box sx={{ px: 2, pt: 1, pb: 1.5 }}>
      <ButtonBase
        onClick={onOpenMarkets}
        aria-haspopup="dialog"
        sx={{ minHeight: 44, gap: 1, borderRadius: 1, pr: 0.5, ml: -0.5, pl: 0.5 }}
      >
        <Box
          component="span"
          sx={{
            fontSize: 11,
            px: 0.75,
            py: 0.25,
            borderRadius: 0.75,
            bgcolor: 'action.selected',
            color: 'text.secondary',
          }}
        >
          {i18n._(tabLabels[pair.tab])}
        </Box>
        <Typography component="span" sx={{ fontSize: 20, fontWeight: 700 }} data-testid="kline-pair">
          {pairText}
        </Typography>
        <ArrowDropDownIcon />
        {!inTrade && <ClosedLabel />}
        <Box component="span" sx={visuallyHidden}>
          {t`${pairText}, choose another pair`}
        </Box>
      </ButtonBase>
      <HeaderQuote pair={pair} store={store} fallback={fallback} />
    </Box>
  );
}

const selectQuote = (q: MarketQuote | undefined) => q;

/** Price, change, high, low and volume: the part of the header that follows every tick. */
function HeaderQuote({
  pair,
  store,
  fallback,
}: {
  pair: MarketPair;
  store: QuoteStore;
  fallback: HeaderFallback;
}) {
  const { t, i18n } = useLingui();
  const quote = useQuoteSelector(store, pair.currencyId, selectQuote);
  const price = formatPrice(quote?.price ?? fallback.nowPrice);
  const change = quote?.change ?? fallback.change ?? '0';
  const color: QuoteColor = quote?.color ?? signOf(change);
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between', gap: 2, mt: 0.5 }}>
      {/* The rest of the row beside the stats: the price shrinks to it rather than being cut. */}
      <Box sx={{ flex: 1, minWidth: 0, containerType: 'inline-size' }}>
        <Typography
          component="div"
          data-testid="kline-price"
          sx={{
            fontSize: 28,
            fontWeight: 700,
            lineHeight: 1.2,
            color: colorKey(color),
            fontVariantNumeric: 'tabular-nums',
          }}
          noWrap
        >
          <span style={{ fontSize: fitFigureSize(price, 28) }}>{price}</span>
        </Typography>
        <Typography
          component="div"
          sx={{ color: colorKey(color), fontWeight: 600, fontSize: 14 }}
          data-testid="kline-change"
        >
          {formatChange(change)}
        </Typography>
      </Box>
      <Box sx={{ minWidth: 132 }}>
        <Stat label={t`High`} value={formatPrice(quote?.high ?? fallback.high)} />
        <Stat label={t`Low`} value={formatPrice(quote?.low ?? fallback.low)} />
        <Stat
          label={pair.tab === 0 ? t`24h Vol` : t`Vol`}
          value={formatVolume(quote?.volume ?? fallback.vol, i18n.locale)}
        />
      </Box>
    </Box>
  );
}
