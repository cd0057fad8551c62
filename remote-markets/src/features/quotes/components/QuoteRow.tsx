import { lazy, memo, Suspense } from 'react';
import { useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { CoinLogo, type MarketQuote, type QuoteStore, useQuoteSelector } from '@app/shared';
import { fitFigureSize } from '../../../ui/fitFigure';
import { StarBorderIcon, StarIcon } from '../../../ui/icons';
import { formatChange, formatPrice, formatVolume } from '../model/format';
import { ChangeBadge, pill } from './ChangeBadge';
import { MINI_HEIGHT, MINI_WIDTH } from '../model/miniChart';

// The mini chart's code (its data loader, the SVG line, the Highcharts hand-over) loads after the
// list has rendered: no route's first render carries it. Its box is kept meanwhile.
const MiniChart = lazy(() => import('./MiniChart').then((m) => ({ default: m.MiniChart })));
const miniBox = <Box aria-hidden sx={{ width: MINI_WIDTH, height: MINI_HEIGHT, flex: 'none' }} />;

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

// Live values as text: a tick re-renders these leaves only (plain text and attributes, no
// style computation); the row's frame renders again only when its name or trading state changes.
const selectMeta = (q: MarketQuote | undefined) =>
  q ? `${q.symbol}|${q.base}|${q.quote}|${q.title}|${q.logo}|${q.tab}|${q.inTrade}` : '';
const selectPrice = (q: MarketQuote | undefined) => formatPrice(q?.price);
const selectVolume = (q: MarketQuote | undefined) => q?.volume ?? '';
const selectChange = (q: MarketQuote | undefined) => (q ? `${q.color}${formatChange(q.change)}` : '0--');

/**
 * The live price of a quote, as text. With `fitMax` its font is at most that many px and shrinks
 * to the width of the nearest inline-size container (`fitRoom`, CSS) rather than being cut.
 */
export function LivePrice({
  store,
  currencyId,
  fitMax,
  fitRoom,
}: {
  store: QuoteStore;
  currencyId: number;
  fitMax?: number;
  fitRoom?: string;
}) {
  const price = useQuoteSelector(store, currencyId, selectPrice);
  if (fitMax === undefined) return <>{price}</>;
  return <span style={{ fontSize: fitFigureSize(price, fitMax, fitRoom) }}>{price}</span>;
}

/** The live volume in compact units (K, M, B; 万, 亿 in Chinese), as text. */
export function LiveVolume({ store, currencyId }: { store: QuoteStore; currencyId: number }) {
  const { i18n } = useLingui();
  return <>{formatVolume(useQuoteSelector(store, currencyId, selectVolume), i18n.locale)}</>;
}

/**
 * A row's second line: "Vol 1.2K", or the title before it where the row has no mini chart. It
 * shrinks to its column (an inline-size container) rather than cutting the volume.
 */
function RowCaption({ store, currencyId, title }: { store: QuoteStore; currencyId: number; title?: string }) {
  const { t, i18n } = useLingui();
  const volume = formatVolume(useQuoteSelector(store, currencyId, selectVolume), i18n.locale);
  const text = title ? `${title} · ${t`Vol ${volume}`}` : t`Vol ${volume}`;
  return <span style={{ fontSize: fitFigureSize(text, 12) }}>{text}</span>;
}

/**
 * The live change percent in a span whose data-color (1 up, -1 down, 0 flat) the parent styles:
 * a colour change is an attribute change, not a new style.
 */
export function LiveChange({
  store,
  currencyId,
  className,
  testId,
  fitMax,
  fitRoom,
}: {
  store: QuoteStore;
  currencyId: number;
  className?: string;
  testId?: string;
  /** As LivePrice's: the text's font at most `fitMax` px, shrunk to `fitRoom`. */
  fitMax?: number;
  fitRoom?: string;
}) {
  const value = useQuoteSelector(store, currencyId, selectChange);
  const color = value.startsWith('-1') ? '-1' : value.slice(0, 1);
  const text = value.slice(color.length);
  return (
    <span
      className={className}
      data-color={color}
      data-testid={testId}
      style={fitMax === undefined ? undefined : { fontSize: fitFigureSize(text, fitMax, fitRoom) }}
    >
      {text}
    </span>
  );
}

// A row's button is an inline-size container. Logo, gaps and mini chart take 112 px of it; the
// price may take 24% and the change badge 22% (its text that less the pill's 16 px padding),
// drawn smaller when longer, so that the name column keeps its 64 px: at 360 px wide the row
// has 328 px, and 98,765,432.10 with +145195.03% still leave the name and its volume readable.
const PRICE_ROOM = '24cqi';
const BADGE_ROOM = '22cqi - 16px';
// The name column shrinks first, down to 64 px; its caption fits it.
const nameColumn = { flex: 1, minWidth: 64, containerType: 'inline-size' } as const;

const rowStyle = {
  display: 'flex',
  alignItems: 'center',
  borderBottom: 1,
  borderColor: 'divider',
  '& .quote-change': { fontVariantNumeric: 'tabular-nums', color: 'text.secondary' },
  '& .quote-change[data-color="1"]': { color: 'success.main' },
  '& .quote-change[data-color="-1"]': { color: 'error.main' },
  '& .quote-badge': { ...pill, bgcolor: 'action.disabledBackground', color: 'text.primary' },
  '& .quote-badge[data-color="1"]': { bgcolor: 'success.main', color: 'success.contrastText' },
  '& .quote-badge[data-color="-1"]': { bgcolor: 'error.main', color: 'error.contrastText' },
} as const;

/**
 * One live row: its frame (name, logo, buttons) renders once; price, change and volume are
 * leaves that follow their quote. Tapping it opens the chart with the quote as it is then.
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
  useQuoteSelector(store, currencyId, selectMeta);
  const quote = store.get(currencyId);
  const { t } = useLingui();
  if (!quote) return null;
  return (
    <Box
      component="li"
      data-testid={`quote-row-${quote.symbol}`}
      sx={selected ? { ...rowStyle, bgcolor: 'action.selected' } : rowStyle}
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
        onClick={() => {
          const current = store.get(currencyId);
          if (current) onOpen(current);
        }}
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
          containerType: 'inline-size',
        }}
      >
        {!onToggleFavourite && <CoinLogo src={quote.logo} name={quote.base} />}
        <Box sx={nameColumn}>
          <Typography component="div" noWrap sx={{ fontSize: 15 }}>
            <PairName quote={quote} />
          </Typography>
          <Typography component="div" variant="caption" color="text.secondary" noWrap>
            {quote.tab !== 0 && miniChart ? (
              quote.title
            ) : (
              <RowCaption
                store={store}
                currencyId={currencyId}
                title={quote.tab !== 0 ? quote.title : undefined}
              />
            )}
          </Typography>
        </Box>
        {miniChart && (
          <Suspense fallback={miniBox}>
            <MiniChart symbol={quote.symbol} />
          </Suspense>
        )}
        <Box sx={{ minWidth: 80, flexShrink: 0, textAlign: 'right' }}>
          <Typography
            component="div"
            data-testid="quote-price"
            sx={{ fontWeight: 600, fontSize: 15, fontVariantNumeric: 'tabular-nums' }}
            noWrap
          >
            <LivePrice store={store} currencyId={currencyId} fitMax={15} fitRoom={PRICE_ROOM} />
          </Typography>
          {!quote.inTrade && (
            <Typography component="div" variant="caption">
              <LiveChange store={store} currencyId={currencyId} className="quote-change" />
            </Typography>
          )}
        </Box>
        {quote.inTrade ? (
          <LiveChange
            store={store}
            currencyId={currencyId}
            className="quote-badge"
            fitMax={13.5}
            fitRoom={BADGE_ROOM}
          />
        ) : (
          <ChangeBadge change={quote.change} color={quote.color} closed />
        )}
      </ButtonBase>
    </Box>
  );
});
