import { Suspense, lazy, useCallback, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import {
  isNonTradingTime,
  type MarketPair,
  type MarketQuote,
  type MarketTab,
  pairOfQuote,
  type QuoteLive,
  storedPair,
  storePair,
  useQuoteLive,
  useSearchParams,
} from '@app/shared';
import { useDepth, useInTrade } from '@app/shared/market-book';
import { OrderBook, OrderBookSkeleton } from '@app/shared/OrderBook';
import { PairBar, PairBarSkeleton } from '../../market';
import { OrderListSkeleton } from '../../order-ticket';
import { Later } from '../../trading';
import { LeverForm, LeverOrders, useLeverDeal, type LeverTradeEvent } from '../../lever';
import { SecondsForm, SecondsOrders, SecondsPopup, useSecondsOrders, type SecondsOrder } from '../../seconds';

// The coin drawer (and the drawer code it needs) loads when it is first opened.
const CoinDrawer = lazy(() => import('@app/shared/CoinDrawer').then((m) => ({ default: m.CoinDrawer })));

/** Six levels a side on the trade page (doc 1 §2, §9). */
export const TRADE_BOOK_LEVELS = 6;
const ALL_TABS: readonly MarketTab[] = [0, 1, 2];
/** The mode tabs' height (MUI Tabs' minimum), kept while they mount. */
const TABS_HEIGHT = 48;

export type TradeMode = 1 | 2;

export function parseMode(value: string | null): TradeMode {
  return value === '2' ? 2 : 1;
}

function LeverMode({
  pair,
  quote,
  blocked,
  initialShort,
  book,
}: {
  pair: MarketPair;
  quote: QuoteLive;
  blocked: boolean;
  initialShort: boolean;
  book: React.ReactNode;
}) {
  const { deal, reload } = useLeverDeal(pair, true);
  const onEvent = useCallback(
    (e: LeverTradeEvent) => {
      // Balances follow opens and closes; revaluations change no balance.
      if (e.event !== 'revalue') reload();
    },
    [reload],
  );
  return (
    <>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1.15fr 1fr', gap: 1.5 }}>
        <LeverForm
          key={`${pair.currencyId}-${initialShort ? 2 : 1}`}
          pair={pair}
          quote={quote}
          deal={deal}
          initialType={initialShort ? 2 : 1}
          blocked={blocked}
          onSubmitted={reload}
        />
        {book}
      </Box>
      <Later placeholder={<OrderListSkeleton skeletonHeight={96} />}>
        <LeverOrders quote={quote} onChanged={reload} onEvent={onEvent} />
      </Later>
    </>
  );
}

function SecondsMode({
  pair,
  quote,
  blocked,
  book,
}: {
  pair: MarketPair;
  quote: QuoteLive;
  blocked: boolean;
  book: React.ReactNode;
}) {
  const seconds = useSecondsOrders();
  const [popup, setPopup] = useState<number | null>(null);
  const { add } = seconds;
  const onPlaced = useCallback(
    (order: SecondsOrder) => {
      add(order);
      setPopup(order.id);
    },
    [add],
  );
  const popupOrder =
    popup === null
      ? undefined
      : (seconds.finals.get(popup) ?? seconds.trading.rows.find((r) => r.id === popup));
  return (
    <>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1.15fr 1fr', gap: 1.5 }}>
        <SecondsForm key={pair.currencyId} pair={pair} blocked={blocked} onPlaced={onPlaced} />
        {book}
      </Box>
      <Later placeholder={<OrderListSkeleton skeletonHeight={96} />}>
        <SecondsOrders lists={seconds} quote={quote} />
      </Later>
      {popupOrder && <SecondsPopup order={popupOrder} quote={quote} onClose={() => setPopup(null)} />}
    </>
  );
}

/**
 * The shared trade page (doc 1 §2): mode toggle, pair bar, form beside the 6+6 book, lists
 * below (the book and the lists in a second commit). Live prices reach only the nodes that show them (Live values), not this screen.
 */
export function TradeScreen() {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const mode = parseMode(params.get('mode'));
  const initialShort = params.get('way') === 'out';
  const [pair, setPair] = useState<MarketPair>(storedPair);
  const [drawer, setDrawer] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const quote = useQuoteLive(pair);
  const inTrade = useInTrade(pair);
  const blocked = isNonTradingTime(pair.tab, inTrade);
  const closed = inTrade === false;
  const depth = useDepth(pair, { levels: TRADE_BOOK_LEVELS, frozen: closed });
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
  // The pair bar, the book and the order lists mount in later commits than the form (Later),
  // each over its own loading skeleton (with the pair bar's ~40 style rules, the first commit
  // was a long task at 4x).
  const book = (
    <Later placeholder={<OrderBookSkeleton levels={TRADE_BOOK_LEVELS} />}>
      <OrderBook depth={depth} quote={quote} levels={TRADE_BOOK_LEVELS} closed={closed} />
    </Later>
  );

  return (
    <Box>
      {/* MUI's tabs measure themselves when they mount: in the first commit that forced the
          layout of the whole new page inside it. They mount a frame later, in their space. */}
      <Later placeholder={<Box sx={{ height: TABS_HEIGHT, mb: 1 }} />}>
        <Tabs
          value={mode}
          onChange={(_, v: TradeMode) => setParams({ mode: String(v) }, { replace: true })}
          variant="fullWidth"
          aria-label={t`Trade mode`}
          sx={{ mb: 1 }}
        >
          <Tab value={1} label={t`Leverage`} />
          <Tab value={2} label={t`Seconds`} />
        </Tabs>
      </Later>
      <Later placeholder={<PairBarSkeleton />}>
        <PairBar pair={pair} quote={quote} from="trade" mode={mode} onOpenDrawer={openDrawer} />
      </Later>
      {mode === 1 ? (
        <LeverMode pair={pair} quote={quote} blocked={blocked} initialShort={initialShort} book={book} />
      ) : (
        <SecondsMode pair={pair} quote={quote} blocked={blocked} book={book} />
      )}
      {drawerUsed && (
        <Suspense fallback={null}>
          <CoinDrawer
            open={drawer}
            onClose={() => setDrawer(false)}
            onPick={onPickPair}
            selectedId={pair.currencyId}
            initialTab={pair.tab}
            tabs={ALL_TABS}
          />
        </Suspense>
      )}
    </Box>
  );
}
