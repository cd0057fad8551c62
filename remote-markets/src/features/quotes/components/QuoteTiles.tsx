import { Suspense, lazy, memo } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import { type MarketQuote, type MarketQuotesState, type QuoteStore, useQuoteSelector } from '@app/shared';
import { LiveChange, LivePrice, LiveVolume, PairName } from './QuoteRow';

// The retry of the tiles' error state: loaded when it shows, not before the home page's first
// render (MUI's Button is in no other part of it).
const Button = lazy(() => import('@mui/material/Button'));

/** Quote tiles on the home screen (doc 1 §9: 3). */
export const TILE_COUNT = 3;
/**
 * A tile's height, and its skeleton's: name (body2), price (17 px), change and volume (caption),
 * gaps and padding come to 111.3 px in the theme's type. One figure for both, so that the
 * tiles replacing their skeletons move nothing below them (CLS).
 */
export const TILE_HEIGHT = 112;

const selectMeta = (q: MarketQuote | undefined) => (q ? `${q.symbol}|${q.base}|${q.quote}|${q.tab}` : '');
const selectColor = (q: MarketQuote | undefined) => q?.color ?? 0;

const tileStyle = {
  flex: 1,
  minWidth: 0,
  minHeight: TILE_HEIGHT,
  borderRadius: 2,
  px: 1,
  py: 1.25,
  flexDirection: 'column',
  alignItems: 'center',
  gap: 0.25,
  bgcolor: 'background.paper',
  // The price shrinks to the tile's width rather than being cut (a long price at 360 px).
  containerType: 'inline-size',
  '--tile-color': (theme: Theme) => theme.palette.text.secondary,
  '&[data-color="1"]': { '--tile-color': (theme: Theme) => theme.palette.success.main },
  '&[data-color="-1"]': { '--tile-color': (theme: Theme) => theme.palette.error.main },
} as const;

/** One tile: its frame renders once; price, change, volume and colour follow the quote. */
const Tile = memo(function Tile({
  store,
  currencyId,
  onOpen,
}: {
  store: QuoteStore;
  currencyId: number;
  onOpen: (quote: MarketQuote) => void;
}) {
  useQuoteSelector(store, currencyId, selectMeta);
  const color = useQuoteSelector(store, currencyId, selectColor);
  const quote = store.get(currencyId);
  if (!quote) return null;
  return (
    <ButtonBase
      onClick={() => {
        const current = store.get(currencyId);
        if (current) onOpen(current);
      }}
      data-testid={`quote-tile-${quote.symbol}`}
      data-color={color}
      sx={tileStyle}
    >
      <Typography component="div" variant="body2" noWrap>
        <PairName quote={quote} />
      </Typography>
      <Typography
        component="div"
        noWrap
        data-testid="tile-price"
        sx={{
          color: 'var(--tile-color)',
          fontWeight: 700,
          fontSize: 17,
          fontVariantNumeric: 'tabular-nums',
          maxWidth: '100%',
        }}
      >
        <LivePrice store={store} currencyId={currencyId} fitMax={17} />
      </Typography>
      <Typography component="div" variant="caption" sx={{ color: 'var(--tile-color)', fontWeight: 600 }}>
        <LiveChange store={store} currencyId={currencyId} />
      </Typography>
      <Typography component="div" variant="caption" color="text.secondary" noWrap>
        <Trans>
          Vol <LiveVolume store={store} currencyId={currencyId} />
        </Trans>
      </Typography>
    </ButtonBase>
  );
});

/** The first three crypto pairs, live. */
export function QuoteTiles({
  state,
  onOpen,
}: {
  state: MarketQuotesState;
  onOpen: (quote: MarketQuote) => void;
}) {
  const { t } = useLingui();
  if (state.status === 'error') {
    return (
      <Box
        role="alert"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 1.5,
          minHeight: 56,
          borderRadius: 2,
          bgcolor: 'background.paper',
        }}
      >
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          <Trans>Quotes are unavailable.</Trans>
        </Typography>
        <Suspense fallback={null}>
          <Button onClick={state.retry}>
            <Trans>Retry</Trans>
          </Button>
        </Suspense>
      </Box>
    );
  }
  if (state.status !== 'ready') {
    return (
      <Box sx={{ display: 'flex', gap: 1 }} aria-busy={state.status === 'loading'}>
        {Array.from({ length: TILE_COUNT }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={TILE_HEIGHT} sx={{ flex: 1 }} />
        ))}
      </Box>
    );
  }
  return (
    <Box component="section" aria-label={t`Top pairs`} sx={{ display: 'flex', gap: 1 }}>
      {state.ids.slice(0, TILE_COUNT).map((id) => (
        <Tile key={id} store={state.store} currencyId={id} onOpen={onOpen} />
      ))}
    </Box>
  );
}
