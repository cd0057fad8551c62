import { memo } from 'react';
import { decimalsOf } from '../../../lib/decimal';
import { useLive } from '../../../lib/live';
import type { DepthLive } from '../hooks/useDepth';
import type { QuoteLive } from '../hooks/useQuote';
import { OrderBook } from './OrderBook';

/** The order book reading its live depth and last price: a tick re-renders the book alone. */
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
  const snapshot = useLive(depth.live);
  const q = useLive(quote);
  return (
    <OrderBook
      book={snapshot.book}
      status={snapshot.status}
      levels={levels}
      lastPrice={q?.price}
      lastUp={q ? !q.change.startsWith('-') : true}
      priceDecimals={decimalsOf(q?.price ?? snapshot.book.asks[0]?.price)}
      closed={closed}
      onPick={onPick}
      onRetry={depth.retry}
    />
  );
});
