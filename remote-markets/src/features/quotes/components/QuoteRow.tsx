import { memo } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { StarBorderIcon, StarIcon } from '../../../ui/icons';
import { useQuote } from '../hooks/useMarketQuotes';
import { colorKey, formatChange, formatPrice, formatVolume } from '../model/format';
import type { MarketQuote } from '../model/quote';
import type { QuoteStore } from '../model/quoteStore';
import { ChangeBadge } from './ChangeBadge';
import { CoinLogo } from './CoinLogo';
import { MiniChart } from './MiniChart';

export interface QuoteRowProps {
  store: QuoteStore;
  currencyId: number;
  onOpen: (quote: MarketQuote) => void;
  /** The home list draws a 7-day mini chart per row. */
  miniChart?: boolean;
  /** The quotes page shows a favourite star. */
  favourite?: boolean;
  onToggleFavourite?: (symbol: string) => void;
  /** The drawer of the chart page marks the pair on screen. */
  selected?: boolean;
}

/** The pair's name as shown: BTC/USDT for crypto, the code for metals and futures. */
export function PairName({ quote }: { quote: MarketQuote }) {
  return (
    <>
      <Box component="span" sx={{ fontWeight: 600 }}>
        {quote.base}
      </Box>
      {quote.tab === 0 && (
        <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.8em' }}>
          /{quote.quote}
        </Box>
      )}
    </>
  );
}

export function ClosedLabel() {
  return (
    <Box
      component="span"
      sx={{
        ml: 0.75,
        px: 0.5,
        borderRadius: 0.5,
        fontSize: 11,
        lineHeight: '16px',
        verticalAlign: 'middle',
        color: 'text.secondary',
        border: 1,
        borderColor: 'divider',
      }}
    >
      <Trans>Closed</Trans>
    </Box>
  );
}

/**
 * One live row: re-renders only when its own quote changes (memoised, subscribed to its quote).
 * Tapping it opens the chart.
 */
export const QuoteRow = memo(function QuoteRow({
  store,
  currencyId,
  onOpen,
  miniChart,
  favourite,
  onToggleFavourite,
  selected,
}: QuoteRowProps) {
  const quote = useQuote(store, currencyId);
  const { t } = useLingui();
  if (!quote) return null;
  return (
    <Box
      component="li"
      data-testid={`quote-row-${quote.symbol}`}
      sx={{
        display: 'flex',
        alignItems: 'center',
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: selected ? 'action.selected' : undefined,
      }}
    >
      {onToggleFavourite && (
        <IconButton
          aria-label={
            favourite ? t`Remove ${quote.symbol} from favourites` : t`Add ${quote.symbol} to favourites`
          }
          aria-pressed={favourite}
          onClick={() => onToggleFavourite(quote.symbol)}
          sx={{ color: favourite ? 'secondary.main' : 'text.secondary', ml: 0.5 }}
        >
          {favourite ? <StarIcon fontSize="small" /> : <StarBorderIcon fontSize="small" />}
        </IconButton>
      )}
      <ButtonBase
        onClick={() => onOpen(quote)}
        aria-current={selected ? 'true' : undefined}
        sx={{
          flex: 1,
          minWidth: 0,
          minHeight: 60,
          pl: onToggleFavourite ? 0.5 : 2,
          pr: 2,
          gap: 1,
          justifyContent: 'flex-start',
          textAlign: 'left',
        }}
      >
        {!onToggleFavourite && <CoinLogo src={quote.logo} name={quote.base} />}
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography component="div" noWrap sx={{ fontSize: 15 }}>
            <PairName quote={quote} />
          </Typography>
          <Typography component="div" variant="caption" color="text.secondary" noWrap>
            {quote.tab !== 0 && quote.title}
            {quote.tab !== 0 && !miniChart && ' · '}
            {(quote.tab === 0 || !miniChart) && <Trans>Vol {formatVolume(quote.volume)}</Trans>}
          </Typography>
        </Box>
        {miniChart && <MiniChart symbol={quote.symbol} />}
        <Box sx={{ minWidth: 80, textAlign: 'right' }}>
          <Typography
            component="div"
            data-testid="quote-price"
            sx={{ fontWeight: 600, fontSize: 15, fontVariantNumeric: 'tabular-nums' }}
            noWrap
          >
            {formatPrice(quote.price)}
          </Typography>
          {!quote.inTrade && (
            <Typography
              component="div"
              variant="caption"
              sx={{ color: colorKey(quote.color), fontVariantNumeric: 'tabular-nums' }}
            >
              {formatChange(quote.change)}
            </Typography>
          )}
        </Box>
        <ChangeBadge change={quote.change} color={quote.color} closed={!quote.inTrade} />
      </ButtonBase>
    </Box>
  );
});
