import { memo } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { ErrorState, ListSkeleton, marketColors } from '@app/shared';
import { decimalsOf, show } from '../../../lib/decimal';
import { useLive, useLiveSelect } from '../../../lib/live';
import type { DepthLive } from '../hooks/useDepth';
import type { QuoteLive } from '../hooks/useQuote';

// The book's shell (header, lists, styles) renders once; a depth tick re-renders only the rows
// of each side (plain elements updated in place, keyed by position) and the last price. Only
// the transform of a row's depth bar changes: no style recalculation beyond it, no repaint.
const rowSx = {
  listStyle: 'none',
  position: 'relative',
  '& > button, & > div': {
    position: 'relative',
    width: '100%',
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'center',
    boxSizing: 'border-box',
    px: 1,
    height: 24,
    fontSize: 12,
    fontVariantNumeric: 'tabular-nums',
    border: 0,
    font: 'inherit',
    color: 'inherit',
    background: 'none',
    cursor: 'pointer',
    textAlign: 'left',
  },
  '& > div': { cursor: 'default' },
  '& [data-q]': { color: 'text.secondary', position: 'relative' },
  '& [data-p]': { position: 'relative' },
  '& [data-bar]': {
    position: 'absolute',
    inset: 0,
    transformOrigin: 'right center',
    pointerEvents: 'none',
  },
} as const;
const listSx = { m: 0, p: 0, '& > li': rowSx } as const;
const headSx = {
  display: 'flex',
  justifyContent: 'space-between',
  px: 1,
  pb: 0.5,
  fontSize: 11,
  color: 'text.secondary',
} as const;

const Level = memo(function Level({
  price,
  amount,
  depth,
  side,
  priceDecimals,
  pickLabel,
  onPick,
}: {
  price: string;
  amount: string;
  depth: string;
  side: 'bid' | 'ask';
  priceDecimals: number;
  pickLabel: string;
  onPick?: (price: string) => void;
}) {
  const color = side === 'bid' ? marketColors.up : marketColors.down;
  const bar = { background: `${color}26`, transform: `scaleX(${depth})` };
  const body = (
    <>
      <i data-bar="" style={bar} />
      <span data-p="" style={{ color }}>
        {show(price, priceDecimals)}
      </span>
      <span data-q="">{amount}</span>
    </>
  );
  return (
    <li>
      {onPick ? (
        <button type="button" onClick={() => onPick(price)} aria-label={pickLabel}>
          {body}
        </button>
      ) : (
        <div>{body}</div>
      )}
    </li>
  );
});

function BookSide({
  depth,
  quote,
  side,
  levels,
  onPick,
}: {
  depth: DepthLive;
  quote: QuoteLive;
  side: 'bid' | 'ask';
  levels: number;
  onPick?: (price: string) => void;
}) {
  const { t } = useLingui();
  const snapshot = useLive(depth.live);
  const quoteDecimals = useLiveSelect(quote, (q) => (q ? decimalsOf(q.price) : null));
  const rows =
    side === 'ask' ? snapshot.book.asks.slice(0, levels).reverse() : snapshot.book.bids.slice(0, levels);
  const decimals = quoteDecimals ?? decimalsOf(rows[0]?.price);
  return (
    <>
      {rows.map((level, i) => (
        <Level
          // Keyed by distance from the last price: a tick updates rows in place.
          key={side === 'ask' ? rows.length - i : i}
          price={level.price}
          amount={level.amount}
          depth={level.depth}
          side={side}
          priceDecimals={decimals}
          pickLabel={onPick ? t`Use price ${level.price}` : ''}
          onPick={onPick}
        />
      ))}
    </>
  );
}

function LastPrice({ quote }: { quote: QuoteLive }) {
  const price = useLiveSelect(quote, (q) => q?.price);
  const up = useLiveSelect(quote, (q) => (q ? !q.change.startsWith('-') : true));
  return (
    <span style={{ color: up ? marketColors.up : marketColors.down, fontSize: 16, fontWeight: 700 }}>
      {price ? show(price, decimalsOf(price)) : '--'}
    </span>
  );
}

/**
 * The order book (doc 1 §2): asks (red, best lowest next to the last price) above, bids (green)
 * below, as many levels as the screen asks for and the server published (nothing invented).
 * Tapping a level fills the price. While a market is closed the last snapshot stays on screen,
 * marked closed.
 */
export const LiveBook = memo(function LiveBook({
  depth,
  quote,
  levels,
  closed,
  onPick,
}: {
  depth: DepthLive;
  quote: QuoteLive;
  levels: number;
  closed: boolean;
  onPick?: (price: string) => void;
}) {
  const { t } = useLingui();
  const status = useLiveSelect(depth.live, (s) => s.status);
  const empty = useLiveSelect(depth.live, (s) => s.book.asks.length === 0 && s.book.bids.length === 0);
  if (status === 'loading') return <ListSkeleton rows={levels} height={20} />;
  if (status === 'error') return <ErrorState onRetry={depth.retry} />;
  return (
    <Box data-testid="order-book" aria-label={t`Order book`} role="region" sx={{ contain: 'content' }}>
      <Box sx={headSx}>
        <span>
          <Trans>Price</Trans>
        </span>
        <span>
          <Trans>Amount</Trans>
        </span>
      </Box>
      <Box component="ul" aria-label={t`Asks`} sx={listSx}>
        <BookSide depth={depth} quote={quote} side="ask" levels={levels} onPick={onPick} />
      </Box>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          px: 1,
          py: 0.75,
          gap: 1,
        }}
        data-testid="book-last-price"
      >
        <LastPrice quote={quote} />
        {closed && <Chip size="small" color="warning" label={<Trans>Market closed</Trans>} />}
      </Box>
      <Box component="ul" aria-label={t`Bids`} sx={listSx}>
        <BookSide depth={depth} quote={quote} side="bid" levels={levels} onPick={onPick} />
      </Box>
      {empty && (
        <Box sx={{ py: 2, textAlign: 'center', fontSize: 12, color: 'text.secondary' }} role="status">
          <Trans>No orders in the book</Trans>
        </Box>
      )}
    </Box>
  );
});
