import { memo } from 'react';
import { useDepth } from '../hooks/useDepth';
import type { TradePair } from '../model/pair';
import { OrderBook } from './OrderBook';

/** The order book with its own live depth, so depth ticks re-render the book alone. */
export const LiveBook = memo(function LiveBook({
  pair,
  levels,
  closed,
  lastPrice,
  lastUp,
  priceDecimals,
}: {
  pair: TradePair;
  levels: number;
  closed: boolean;
  lastPrice: string | undefined;
  lastUp: boolean;
  priceDecimals: number;
}) {
  const depth = useDepth(pair, levels, closed);
  return (
    <OrderBook
      book={depth.book}
      status={depth.status}
      levels={levels}
      lastPrice={lastPrice}
      lastUp={lastUp}
      priceDecimals={priceDecimals}
      closed={closed}
      onRetry={depth.retry}
    />
  );
});
