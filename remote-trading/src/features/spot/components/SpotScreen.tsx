import { Suspense, lazy, useCallback, useState } from 'react';
import Box from '@mui/material/Box';
import {
  isNonTradingTime,
  type MarketPair,
  type MarketQuote,
  type MarketTab,
  pairOfQuote,
  storedPair,
  storePair,
  useQuoteLive,
} from '@app/shared';
import { useDepth, useInTrade } from '@app/shared/market-book';
import { OrderBook, OrderBookSkeleton } from '@app/shared/OrderBook';
import { PairBar, PairBarSkeleton } from '../../market';
import { OrderListSkeleton } from '../../order-ticket';
import { Later } from '../../trading';
import { useSpotData } from '../hooks/useSpotData';
import type { SpotSide } from '../model/spot';
import { SpotForm } from './SpotForm';
import { SpotOrders } from './SpotOrders';

// The coin drawer (and the drawer code it needs) loads when it is first opened.
const CoinDrawer = lazy(() => import('@app/shared/CoinDrawer').then((m) => ({ default: m.CoinDrawer })));

/** Ten levels a side in the spot variant (doc 1 §9). */
export const SPOT_BOOK_LEVELS = 10;
const SPOT_TABS: readonly MarketTab[] = [0];

/**
 * The spot trade screen (doc 1 §2): form and 10-level book side by side, orders below (the pair
 * bar, the book and the orders in later commits than the form, see Later). Live
 * prices reach only the nodes that show them (Live values), not this screen.
 */
export function SpotScreen() {
  const [pair, setPair] = useState<MarketPair>(storedPair);
  const [side, setSide] = useState<SpotSide>('buy');
  const [drawer, setDrawer] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const [picked, setPicked] = useState<{ price: string; at: number } | null>(null);
  const quote = useQuoteLive(pair);
  const inTrade = useInTrade(pair);
  const blocked = isNonTradingTime(pair.tab, inTrade);
  const depth = useDepth(pair, { levels: SPOT_BOOK_LEVELS, frozen: inTrade === false });
  const data = useSpotData(pair);
  const onPick = useCallback((price: string) => setPicked({ price, at: Date.now() }), []);
  const onPickPair = useCallback((q: MarketQuote) => {
    const next = pairOfQuote(q);
    storePair(next);
    setPair(next);
    setDrawer(false);
  }, []);
  const openDrawer = useCallback(() => {
    setDrawerUsed(true);
    setDrawer(true);
  }, []);
  return (
    <Box>
      <Later placeholder={<PairBarSkeleton />}>
        <PairBar pair={pair} quote={quote} from="exchange" onOpenDrawer={openDrawer} />
      </Later>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1.15fr) minmax(0, 1fr)', gap: 1.5 }}>
        <SpotForm
          key={pair.currencyId}
          pair={pair}
          side={side}
          onSideChange={setSide}
          depth={depth}
          quote={quote}
          pickedPrice={picked}
          deal={data.deal.data}
          blocked={blocked}
          onSubmitted={data.reload}
        />
        <Later placeholder={<OrderBookSkeleton levels={SPOT_BOOK_LEVELS} />}>
          <OrderBook
            depth={depth}
            quote={quote}
            levels={SPOT_BOOK_LEVELS}
            closed={inTrade === false}
            onPick={onPick}
          />
        </Later>
      </Box>
      <Later placeholder={<OrderListSkeleton />}>
        <SpotOrders pending={data.pending} completed={data.completed} onChanged={data.reload} />
      </Later>
      {drawerUsed && (
        <Suspense fallback={null}>
          <CoinDrawer
            open={drawer}
            onClose={() => setDrawer(false)}
            onPick={onPickPair}
            selectedId={pair.currencyId}
            initialTab={0}
            tabs={SPOT_TABS}
          />
        </Suspense>
      )}
    </Box>
  );
}
