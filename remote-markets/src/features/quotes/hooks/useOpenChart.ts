import { useCallback } from 'react';
import { useNavigate } from '@app/shared';
import { klineUrl, rememberPair, type ChartOrigin } from '../model/chartLink';
import type { MarketQuote } from '../model/quote';

/** Stores the pair and opens /kline (a stable callback, so memoised rows stay memoised). */
export function useOpenChart(from?: ChartOrigin): (quote: MarketQuote) => void {
  const navigate = useNavigate();
  return useCallback(
    (quote: MarketQuote) => {
      rememberPair(quote);
      navigate(klineUrl(quote, from));
    },
    [navigate, from],
  );
}
