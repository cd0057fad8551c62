import { useCallback } from 'react';
import {
  type ChartOrigin,
  klineUrl,
  type MarketQuote,
  pairOfQuote,
  storePair,
  useNavigate,
} from '@app/shared';

/** Stores the pair and opens /kline (a stable callback, so memoised rows stay memoised). */
export function useOpenChart(from?: ChartOrigin): (quote: MarketQuote) => void {
  const navigate = useNavigate();
  return useCallback(
    (quote: MarketQuote) => {
      storePair(pairOfQuote(quote));
      navigate(klineUrl(quote.tab, quote, { from }));
    },
    [navigate, from],
  );
}
