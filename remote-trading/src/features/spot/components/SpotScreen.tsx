import { useCallback, useState } from 'react';
import Box from '@mui/material/Box';
import {
  CoinDrawer,
  LiveBook,
  PairBar,
  useDepthLive,
  useQuoteLive,
  useInTrade,
  isNonTradingTime,
  storePair,
  storedPair,
  type MarketTab,
  type TradePair,
  pairOfQuote,
  type TradeQuote,
} from '../../market';
import { useSpotData } from '../hooks/useSpotData';
import type { SpotSide } from '../model/spot';
import { SpotForm } from './SpotForm';
import { SpotOrders } from './SpotOrders';

/** Ten levels a side in the spot variant (doc 1 §9). */
export const SPOT_BOOK_LEVELS = 10;
const SPOT_TABS: readonly MarketTab[] = [0];

/**
 * The spot trade screen (doc 1 §2): form and 10-level book side by side, orders below. Live
 * prices reach only the nodes that show them (Live values), not this screen.
 */
export function SpotScreen() {
  const [pair, setPair] = useState<TradePair>(storedPair);
  const [side, setSide] = useState<SpotSide>('buy');
  const [drawer, setDrawer] = useState(false);
  const [picked, setPicked] = useState<{ price: string; at: number } | null>(null);
  const quote = useQuoteLive(pair);
  const inTrade = useInTrade(pair);
  const blocked = isNonTradingTime(pair.tab, inTrade);
  const depth = useDepthLive(pair, SPOT_BOOK_LEVELS, inTrade === false);
  const data = useSpotData(pair);
  const onPick = useCallback((price: string) => setPicked({ price, at: Date.now() }), []);
  const onPickPair = useCallback((q: TradeQuote) => {
    const next = pairOfQuote(q);
    storePair(next);
    setPair(next);
    setDrawer(false);
  }, []);
  const openDrawer = useCallback(() => setDrawer(true), []);
  return (
    <Box>
      <PairBar pair={pair} quote={quote} from="exchange" onOpenDrawer={openDrawer} />
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
        <LiveBook
          depth={depth}
          quote={quote}
          levels={SPOT_BOOK_LEVELS}
          closed={inTrade === false}
          onPick={onPick}
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
