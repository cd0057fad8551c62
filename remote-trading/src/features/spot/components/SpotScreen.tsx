import { useCallback, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import { useNavigate } from '@app/shared';
import { decimalsOf } from '../../../lib/decimal';
import { CoinDrawer } from '../../market/components/CoinDrawer';
import { OrderBook } from '../../market/components/OrderBook';
import { PairBar } from '../../market/components/PairBar';
import { useDepth } from '../../market/hooks/useDepth';
import { useQuote } from '../../market/hooks/useQuote';
import { useInTrade } from '../../market/hooks/useSchedule';
import { bestPrice } from '../../market/model/depth';
import {
  isNonTradingTime,
  storePair,
  storedPair,
  type MarketTab,
  type TradePair,
} from '../../market/model/pair';
import { klineUrl, pairOfQuote, type TradeQuote } from '../../market/model/quote';
import { useSpotData } from '../hooks/useSpotData';
import type { SpotSide } from '../model/spot';
import { SpotForm } from './SpotForm';
import { SpotOrders } from './SpotOrders';

/** Ten levels a side in the spot variant (doc 1 §9). */
export const SPOT_BOOK_LEVELS = 10;
const SPOT_TABS: readonly MarketTab[] = [0];

/** The spot trade screen (doc 1 §2): form and 10-level book side by side, orders below. */
export function SpotScreen() {
  const [pair, setPair] = useState<TradePair>(storedPair);
  const [side, setSide] = useState<SpotSide>('buy');
  const [drawer, setDrawer] = useState(false);
  const [picked, setPicked] = useState<{ price: string; at: number } | null>(null);
  const navigate = useNavigate();
  const quote = useQuote(pair);
  const inTrade = useInTrade(pair);
  const blocked = isNonTradingTime(pair.tab, inTrade);
  const depth = useDepth(pair, SPOT_BOOK_LEVELS, inTrade === false);
  const data = useSpotData(pair);
  const priceDecimals = decimalsOf(quote?.price ?? depth.book.asks[0]?.price);
  const market = bestPrice(depth.book, side) ?? quote?.price ?? null;
  const onPick = useCallback((price: string) => setPicked({ price, at: Date.now() }), []);
  const onPickPair = useCallback(
    (q: TradeQuote) => {
      const next = pairOfQuote(q);
      storePair(next);
      setPair(next);
      setDrawer(false);
      void navigate;
    },
    [navigate],
  );
  const chartUrl = useMemo(() => klineUrl(quote, pair, 'exchange'), [quote, pair]);
  return (
    <Box>
      <PairBar pair={pair} quote={quote} chartUrl={chartUrl} onOpenDrawer={() => setDrawer(true)} />
      <Box sx={{ display: 'grid', gridTemplateColumns: '1.15fr 1fr', gap: 1.5 }}>
        <SpotForm
          key={pair.currencyId}
          pair={pair}
          side={side}
          onSideChange={setSide}
          marketPrice={market}
          priceDecimals={priceDecimals}
          pickedPrice={picked}
          deal={data.deal.data}
          blocked={blocked}
          onSubmitted={data.reload}
        />
        <OrderBook
          book={depth.book}
          status={depth.status}
          levels={SPOT_BOOK_LEVELS}
          lastPrice={quote?.price}
          lastUp={quote ? !quote.change.startsWith('-') : true}
          priceDecimals={priceDecimals}
          closed={inTrade === false}
          onPick={onPick}
          onRetry={depth.retry}
        />
      </Box>
      <SpotOrders pending={data.pending} completed={data.completed} onChanged={data.reload} />
      <CoinDrawer
        open={drawer}
        onClose={() => setDrawer(false)}
        onPick={onPickPair}
        selectedId={pair.currencyId}
        initialTab={0}
        tabs={SPOT_TABS}
      />
    </Box>
  );
}
