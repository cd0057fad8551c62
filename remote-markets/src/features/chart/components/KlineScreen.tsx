import { useCallback, useState } from 'react';
import { useLingui as useRuntimeLingui } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSearchParams } from '@app/shared';
import { ErrorState, EmptyState } from '@app/shared';
import { useMarketQuotes, useQuote } from '../../quotes/hooks/useMarketQuotes';
import { klineUrl, rememberPair } from '../../quotes/model/chartLink';
import { decimalsOf } from '../../quotes/model/format';
import type { MarketQuote } from '../../quotes/model/quote';
import { useCandles } from '../hooks/useCandles';
import { useDepth } from '../hooks/useDepth';
import { useSchedule } from '../hooks/useSchedule';
import { useTrades } from '../hooks/useTrades';
import { periodNames } from '../model/messages';
import { pairOf, storedPair } from '../model/pair';
import type { ChartPeriod } from '../model/periods';
import { DepthChart } from './DepthChart';
import { KlineActions, ACTIONS_HEIGHT } from './KlineActions';
import { KlineHeader, type HeaderFallback } from './KlineHeader';
import { MarketDrawer } from './MarketDrawer';
import { OrderBook } from './OrderBook';
import { PeriodBar } from './PeriodBar';
import { StockChart } from './StockChart';
import { TradeList } from './TradeList';

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

/** The chart screen (doc 1 §2): header, period buttons, chart, order book / trades / depth, shortcuts. */
export function KlineScreen() {
  const { t } = useLingui();
  const { i18n } = useRuntimeLingui();
  const [params, setParams] = useSearchParams();
  const [pair, setPair] = useState(() => storedPair(params));
  const [period, setPeriod] = useState<ChartPeriod>(DEFAULT_PERIOD);
  const [panel, setPanel] = useState<Panel>('book');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerTab, setDrawerTab] = useState(pair.tab);

  const quotes = useMarketQuotes(pair.tab);
  const quote = useQuote(quotes.store, pair.currencyId);
  const schedule = useSchedule(pair);
  const candles = useCandles(pair, period);
  const depth = useDepth(pair);
  const trades = useTrades(pair);

  const fallback = fallbackOf(params);
  const decimals = Math.max(2, decimalsOf(quote?.price ?? fallback.nowPrice ?? ''));
  const inTrade = schedule ?? quote?.inTrade ?? true;

  const switchPair = useCallback(
    (next: MarketQuote) => {
      rememberPair(next);
      setPair(pairOf(next));
      setDrawerOpen(false);
      const query = new URLSearchParams(klineUrl(next).split('?')[1]);
      for (const key of ['from', 'mode']) {
        const value = params.get(key);
        if (value !== null) query.set(key, value);
      }
      setParams(query, { replace: true });
    },
    [params, setParams],
  );
  const openMarkets = useCallback(() => {
    setDrawerTab(pair.tab);
    setDrawerOpen(true);
  }, [pair.tab]);
  const pairText = pair.tab === 0 ? `${pair.name}/USDT` : pair.name;

  return (
    <Box sx={{ mx: -2, mt: -2, pb: `${ACTIONS_HEIGHT + 8}px` }}>
      <KlineHeader
        pair={pair}
        quote={quote}
        fallback={fallback}
        inTrade={inTrade}
        onOpenMarkets={openMarkets}
      />
      <PeriodBar value={period} onChange={setPeriod} />
      <Box sx={{ px: 0.5, pt: 0.5 }}>
        {candles.status === 'error' ? (
          <ErrorState message={t`The chart data could not load.`} onRetry={candles.retry} />
        ) : candles.status === 'ready' && candles.candles.length === 0 ? (
          <EmptyState>{t`No chart data for this period.`}</EmptyState>
        ) : (
          <StockChart
            candles={candles.candles}
            loadId={candles.loadId}
            period={candles.period}
            loading={candles.status === 'loading'}
            label={t`${pairText} chart, ${i18n._(periodNames[period])}`}
          />
        )}
      </Box>
      <Tabs
        value={panel}
        onChange={(_, next: Panel) => setPanel(next)}
        variant="fullWidth"
        aria-label={t`Market details`}
        sx={{ borderBottom: 1, borderColor: 'divider', mt: 1 }}
      >
        <Tab value="book" label={t`Order book`} id="kline-tab-book" aria-controls="kline-panel" />
        <Tab value="trades" label={t`Trades`} id="kline-tab-trades" aria-controls="kline-panel" />
        <Tab value="depth" label={t`Depth`} id="kline-tab-depth" aria-controls="kline-panel" />
      </Tabs>
      <Box id="kline-panel" role="tabpanel" aria-labelledby={`kline-tab-${panel}`} sx={{ px: 1, py: 1 }}>
        {panel === 'book' && (
          <OrderBook book={depth.book} status={depth.status} decimals={decimals} onRetry={depth.retry} />
        )}
        {panel === 'trades' && (
          <TradeList
            trades={trades.trades}
            status={trades.status}
            decimals={decimals}
            onRetry={trades.retry}
          />
        )}
        {panel === 'depth' &&
          (depth.status === 'error' ? (
            <ErrorState onRetry={depth.retry} />
          ) : (
            <DepthChart book={depth.book} decimals={decimals} />
          ))}
      </Box>
      <KlineActions />
      <MarketDrawer
        open={drawerOpen}
        tab={drawerTab}
        onTabChange={setDrawerTab}
        selectedId={pair.currencyId}
        onClose={() => setDrawerOpen(false)}
        onSelect={switchPair}
      />
    </Box>
  );
}
