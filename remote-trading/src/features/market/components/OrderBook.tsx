import { memo } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { ErrorState, ListSkeleton, marketColors } from '@app/shared';
import { show } from '../../../lib/decimal';
import type { Book, BookLevel } from '../model/depth';

// Rows are plain elements with static styles (set once on the list): a depth tick changes text
// and one inline background per row, nothing else (no style recalculation in emotion, no remount).
const rowSx = {
  listStyle: 'none',
  '& > button, & > div': {
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
  '& [data-q]': { color: 'text.secondary' },
} as const;
const listSx = { m: 0, p: 0, '& > li': rowSx } as const;

const Level = memo(function Level({
  level,
  side,
  priceDecimals,
  onPick,
}: {
  level: BookLevel;
  side: 'bid' | 'ask';
  priceDecimals: number;
  onPick?: (price: string) => void;
}) {
  const { t } = useLingui();
  const color = side === 'bid' ? marketColors.up : marketColors.down;
  const style = {
    background: `linear-gradient(to left, ${color}26 ${level.depth}, transparent ${level.depth})`,
  };
  const body = (
    <>
      <span style={{ color }}>{show(level.price, priceDecimals)}</span>
      <span data-q="">{level.amount}</span>
    </>
  );
  return (
    <li>
      {onPick ? (
        <button
          type="button"
          style={style}
          onClick={() => onPick(level.price)}
          aria-label={t`Use price ${level.price}`}
        >
          {body}
        </button>
      ) : (
        <div style={style}>{body}</div>
      )}
    </li>
  );
});

/**
 * The order book: asks (red, best lowest next to the last price) above, bids (green) below, as
 * many levels as the screen asks for and the server published. Tapping a level fills the price.
 * While a market is closed the last snapshot stays on screen marked closed.
 */
export const OrderBook = memo(function OrderBook({
  book,
  status,
  levels,
  lastPrice,
  lastUp,
  priceDecimals,
  closed,
  onPick,
  onRetry,
}: {
  book: Book;
  status: 'loading' | 'ready' | 'error';
  levels: number;
  lastPrice: string | undefined;
  lastUp: boolean;
  priceDecimals: number;
  closed: boolean;
  onPick?: (price: string) => void;
  onRetry: () => void;
}) {
  const { t } = useLingui();
  if (status === 'loading') return <ListSkeleton rows={levels} height={20} />;
  if (status === 'error') return <ErrorState onRetry={onRetry} />;
  const asks = book.asks.slice(0, levels).reverse();
  const bids = book.bids.slice(0, levels);
  return (
    <Box data-testid="order-book" aria-label={t`Order book`} role="region" sx={{ contain: 'content' }}>
      <Box
        sx={{
          display: 'flex',
          justifyContent: 'space-between',
          px: 1,
          pb: 0.5,
          fontSize: 11,
          color: 'text.secondary',
        }}
      >
        <span>
          <Trans>Price</Trans>
        </span>
        <span>
          <Trans>Amount</Trans>
        </span>
      </Box>
      <Box component="ul" aria-label={t`Asks`} sx={listSx}>
        {asks.map((level, i) => (
          // Keyed by position: a tick updates rows in place.
          <Level
            key={asks.length - i}
            level={level}
            side="ask"
            priceDecimals={priceDecimals}
            onPick={onPick}
          />
        ))}
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
        <Box
          component="span"
          sx={{ fontSize: 16, fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
          style={{ color: lastUp ? marketColors.up : marketColors.down }}
        >
          {lastPrice ? show(lastPrice, priceDecimals) : '--'}
        </Box>
        {closed && <Chip size="small" color="warning" label={<Trans>Market closed</Trans>} />}
      </Box>
      <Box component="ul" aria-label={t`Bids`} sx={listSx}>
        {bids.map((level, i) => (
          <Level key={i} level={level} side="bid" priceDecimals={priceDecimals} onPick={onPick} />
        ))}
      </Box>
      {asks.length === 0 && bids.length === 0 && (
        <Box sx={{ py: 2, textAlign: 'center', fontSize: 12, color: 'text.secondary' }} role="status">
          <Trans>No orders in the book</Trans>
        </Box>
      )}
    </Box>
  );
});
