import { Suspense, lazy, useCallback, useState } from 'react';
import { useLingui as useRuntimeLingui } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import {
  EmptyState,
  ErrorState,
  klineUrl,
  pairOfQuote,
  storePair,
  storedPair,
  useMarketQuotes,
  useQuoteSelector,
  useSearchParams,
  type MarketPair,
  type MarketQuote,
} from '@app/shared';
import { useDepth, useInTrade, useTrades } from '@app/shared/market-book';
import { OrderBook } from '@app/shared/OrderBook';
import { decimalsOf } from '../../quotes';
import { useCandles } from '../hooks/useCandles';
import { periodNames } from '../model/messages';
import type { ChartPeriod } from '../model/periods';
import { LineTabs } from '../../../ui/LineTabs';
import { KlineActions, ACTIONS_HEIGHT } from './KlineActions';
import { KlineHeader, type HeaderFallback } from './KlineHeader';
import { PeriodBar } from './PeriodBar';
import { StockChart } from './StockChart';
import { TradeList } from './TradeList';

// The coin drawer (and the modal code it needs) loads when it is first opened.
const CoinDrawer = lazy(() => import('@app/shared/CoinDrawer').then((m) => ({ default: m.CoinDrawer })));
// The depth chart is a tab away: it loads when first shown (it needs Highcharts anyway).
const DepthChart = lazy(() => import('./DepthChart').then((m) => ({ default: m.DepthChart })));
const ALL_TABS = [0, 1, 2] as const;
/** Levels a side of the chart page's book (doc 1 §9). */
const BOOK_LEVELS = 10;

type Panel = 'book' | 'trades' | 'depth';
export const DEFAULT_PERIOD: ChartPeriod = '15min';

function fallbackOf(params: URLSearchParams): HeaderFallback {
  const get = (key: string) => params.get(key) ?? undefined;
  return {
    nowPrice: get('nowPrice'),
    change: get('change'),
    high: get('high'),
    low: get('low'),
    vol: get('vol'),
  };
}

const selectDecimals = (q: MarketQuote | undefined) => (q ? decimalsOf(q.price) : -1);
const selectInTrade = (q: MarketQuote | undefined) => q?.inTrade;

/** The candles of the pair and period, live: only this part follows kline / futures_kline. */
function ChartPanel({ pair, period, label }: { pair: MarketPair; period: ChartPeriod; label: string }) {
  const { t } = useLingui();
  const candles = useCandles(pair, period);
  if (candles.status === 'error') {
    return <ErrorState message={t`The chart data could not load.`} onRetry={candles.retry} />;
  }
  if (candles.status === 'ready' && candles.candles.length === 0) {
    return <EmptyState>{t`No chart data for this period.`}</EmptyState>;
  }
  return (
    <StockChart
      candles={candles.candles}
      loadId={candles.loadId}
      period={candles.period}
      loading={candles.status === 'loading'}
      label={label}
    />
  );
}

/** The order book or the depth chart: market_depth is followed only while one of them shows. */
function DepthPanel({ pair, decimals, chart }: { pair: MarketPair; decimals: number; chart: boolean }) {
  const depth = useDepth(pair, { levels: BOOK_LEVELS });
  if (!chart) return <OrderBook depth={depth} levels={BOOK_LEVELS} layout="split" decimals={decimals} />;
  return (
    <Suspense fallback={<Skeleton variant="rectangular" height={220} />}>
      <DepthChart depth={depth} decimals={decimals} />
    </Suspense>
  );
}

/** The last trades: market_detail is followed only while they show. */
function TradesPanel({ pair, decimals }: { pair: MarketPair; decimals: number }) {
  const trades = useTrades(pair);
  return (
    <TradeList trades={trades.trades} status={trades.status} decimals={decimals} onRetry={trades.retry} />
  );
}

/** The chart screen (doc 1 §2): header, period buttons, chart, order book / trades / depth, shortcuts. */
export function KlineScreen() {
  const { t } = useLingui();
  const { i18n } = useRuntimeLingui();
  const [params, setParams] = useSearchParams();
  const [pair, setPair] = useState(() => storedPair(params));
  const [period, setPeriod] = useState<ChartPeriod>(DEFAULT_PERIOD);
  const [panel, setPanel] = useState<Panel>('book');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);

  // Live: only this pair (the market drawer follows its whole list while it is open).
  const quotes = useMarketQuotes(pair.tab, { only: pair.currencyId });
  // The screen itself follows only what changes its layout; price, candles, book and trades
  // are followed by the parts that show them.
  const quoteDecimals = useQuoteSelector(quotes.store, pair.currencyId, selectDecimals);
  const quoteInTrade = useQuoteSelector(quotes.store, pair.currencyId, selectInTrade);
  const schedule = useInTrade(pair);

  const fallback = fallbackOf(params);
  const decimals = Math.max(2, quoteDecimals >= 0 ? quoteDecimals : decimalsOf(fallback.nowPrice ?? ''));
  const inTrade = schedule ?? quoteInTrade ?? true;

  const switchPair = useCallback(
    (next: MarketQuote) => {
      storePair(pairOfQuote(next));
      setPair(pairOfQuote(next));
      setDrawerOpen(false);
      const query = new URLSearchParams(klineUrl(next.tab, next).split('?')[1]);
      for (const key of ['from', 'mode']) {
        const value = params.get(key);
        if (value !== null) query.set(key, value);
      }
      setParams(query, { replace: true });
    },
    [params, setParams],
  );
  const openMarkets = useCallback(() => {
    setDrawerUsed(true);
    setDrawerOpen(true);
  }, []);
  const pairText = pair.tab === 0 ? `${pair.name}/USDT` : pair.name;

  return (
    <Box sx={{ mx: -2, mt: -2, pb: `${ACTIONS_HEIGHT + 8}px` }}>
      <KlineHeader
        pair={pair}
        store={quotes.store}
        fallback={fallback}
        inTrade={inTrade}
        onOpenMarkets={openMarkets}
      />
      <PeriodBar value={period} onChange={setPeriod} />
      <Box sx={{ px: 0.5, pt: 0.5 }}>
        <ChartPanel
          pair={pair}
          period={period}
          label={t`${pairText} chart, ${i18n._(periodNames[period])}`}
        />
      </Box>
      <LineTabs
        value={panel}
        onChange={setPanel}
        label={t`Market details`}
        sx={{ mt: 1 }}
        tabs={[
          { value: 'book', label: t`Order book`, id: 'kline-tab-book', controls: 'kline-panel' },
          { value: 'trades', label: t`Trades`, id: 'kline-tab-trades', controls: 'kline-panel' },
          { value: 'depth', label: t`Depth`, id: 'kline-tab-depth', controls: 'kline-panel' },
        ]}
      />
      <Box id="kline-panel" role="tabpanel" aria-labelledby={`kline-tab-${panel}`} sx={{ px: 1, py: 1 }}>
        {panel === 'trades' ? (
          <TradesPanel pair={pair} decimals={decimals} />
        ) : (
          <DepthPanel pair={pair} decimals={decimals} chart={panel === 'depth'} />
        )}
      </Box>
      <KlineActions spot={pair.tab === 0} />
      {drawerUsed && (
        <Suspense fallback={null}>
          <CoinDrawer
            open={drawerOpen}
            initialTab={pair.tab}
            tabs={ALL_TABS}
            selectedId={pair.currencyId}
            onClose={() => setDrawerOpen(false)}
            onPick={switchPair}
          />
        </Suspense>
      )}
    </Box>
  );
}
