import { memo } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import { ErrorState, ListSkeleton, EmptyState, marketColors } from '@app/shared';
import { formatPrice } from '../../quotes';
import type { Book, BookLevel } from '../model/depth';

/** Plain elements styled by their list (a level changes with every book: no style work per level). */
const Level = memo(function Level({
  level,
  side,
  decimals,
}: {
  level: BookLevel;
  side: 'bid' | 'ask';
  decimals: number;
}) {
  const bid = side === 'bid';
  return (
    <li
      style={{
        background: `linear-gradient(to ${bid ? 'left' : 'right'}, ${bid ? marketColors.up : marketColors.down}26 ${level.depth}, transparent ${level.depth})`,
      }}
    >
      <span className="book-amount">{level.amount}</span>
      <span className="book-price">{formatPrice(level.price, decimals)}</span>
    </li>
  );
});

const levelList = (bid: boolean) =>
  ({
    listStyle: 'none',
    m: 0,
    p: 0,
    '& > li': {
      position: 'relative',
      display: 'flex',
      flexDirection: bid ? 'row' : 'row-reverse',
      justifyContent: 'space-between',
      px: 1,
      height: 26,
      alignItems: 'center',
      fontSize: 12.5,
      fontVariantNumeric: 'tabular-nums',
    },
    '& .book-amount': { color: 'text.secondary' },
    '& .book-price': { color: bid ? 'success.main' : 'error.main', fontWeight: 500 },
  }) as const;
const bidList = levelList(true);
const askList = levelList(false);

/** The order book, 10 levels a side: bids (green) left, asks (red) right; bars show cumulative depth. */
export function OrderBook({
  book,
  status,
  decimals,
  onRetry,
}: {
  book: Book;
  status: 'loading' | 'ready' | 'error';
  decimals: number;
  onRetry: () => void;
}) {
  const { t } = useLingui();
  if (status === 'loading') return <ListSkeleton rows={6} height={24} />;
  if (status === 'error') return <ErrorState onRetry={onRetry} />;
  if (book.bids.length === 0 && book.asks.length === 0) return <EmptyState />;
  const head = {
    display: 'flex',
    justifyContent: 'space-between',
    px: 1,
    py: 0.75,
    fontSize: 12,
    color: 'text.secondary',
  };
  return (
    <Box sx={{ display: 'flex', gap: 0.5 }} data-testid="order-book">
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={head}>
          <span>
            <Trans>Amount</Trans>
          </span>
          <span>
            <Trans>Bid</Trans>
          </span>
        </Box>
        <Box component="ul" aria-label={t`Bids`} sx={bidList}>
          {book.bids.map((level, i) => (
            // Keyed by position: a tick updates the rows in place instead of replacing them.
            <Level key={i} level={level} side="bid" decimals={decimals} />
          ))}
        </Box>
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ ...head, flexDirection: 'row-reverse' }}>
          <span>
            <Trans>Amount</Trans>
          </span>
          <span>
            <Trans>Ask</Trans>
          </span>
        </Box>
        <Box component="ul" aria-label={t`Asks`} sx={askList}>
          {book.asks.map((level, i) => (
            // Keyed by position: a tick updates the rows in place instead of replacing them.
            <Level key={i} level={level} side="ask" decimals={decimals} />
          ))}
        </Box>
      </Box>
    </Box>
  );
}
