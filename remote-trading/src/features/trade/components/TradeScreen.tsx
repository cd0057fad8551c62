import { useCallback, useMemo, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSearchParams } from '@app/shared';
import { decimalsOf } from '../../../lib/decimal';
import { CoinDrawer } from '../../market/components/CoinDrawer';
import { LiveBook } from '../../market/components/LiveBook';
import { PairBar } from '../../market/components/PairBar';
import { useQuote } from '../../market/hooks/useQuote';
import { useInTrade } from '../../market/hooks/useSchedule';
import {
  isNonTradingTime,
  storePair,
  storedPair,
  type MarketTab,
  type TradePair,
} from '../../market/model/pair';
import { klineUrl, pairOfQuote, type TradeQuote } from '../../market/model/quote';
import { LeverForm } from '../../lever/components/LeverForm';
import { LeverOrders } from '../../lever/components/LeverOrders';
import { useLeverDeal } from '../../lever/hooks/useLeverDeal';
import type { LeverTradeEvent } from '../../lever/api/leverApi';
import { SecondsForm } from '../../seconds/components/SecondsForm';
import { SecondsOrders } from '../../seconds/components/SecondsOrders';
import { SecondsPopup } from '../../seconds/components/SecondsPopup';
import { useSecondsOrders } from '../../seconds/hooks/useSecondsOrders';
import type { SecondsOrder } from '../../seconds/model/seconds';

/** Six levels a side on the trade page (doc 1 §2, §9). */
export const TRADE_BOOK_LEVELS = 6;
const ALL_TABS: readonly MarketTab[] = [0, 1, 2];

export type TradeMode = 1 | 2;

export function parseMode(value: string | null): TradeMode {
  return value === '2' ? 2 : 1;
}

function useLeverPanel({
  pair,
  quote,
  blocked,
  priceDecimals,
  initialShort,
  enabled,
}: {
  pair: TradePair;
  quote: TradeQuote | undefined;
  blocked: boolean;
  priceDecimals: number;
  initialShort: boolean;
  enabled: boolean;
}) {
  const { deal, reload } = useLeverDeal(pair, enabled);
  const onEvent = useCallback(
    (e: LeverTradeEvent) => {
      if (e.event !== 'revalue') reload();
    },
    [reload],
  );
  return {
    deal,
    reload,
    onEvent,
    form: (
      <LeverForm
        key={`${pair.currencyId}-${initialShort ? 2 : 1}`}
        pair={pair}
        latestPrice={quote?.price ?? deal?.now_price}
        priceDecimals={priceDecimals}
        spread={deal?.spread ?? quote?.spread ?? '0'}
        feeRate={deal?.lever_trade_fee ?? quote?.leverFee ?? '0'}
        shareNum={deal?.lever_share_num ?? quote?.shareNum ?? '1'}
        deal={deal}
        initialType={initialShort ? 2 : 1}
        blocked={blocked}
        onSubmitted={reload}
      />
    ),
  };
}

/** The shared trade page (doc 1 §2): mode toggle, pair bar, form beside the 6+6 book, lists below. */
export function TradeScreen() {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const mode = parseMode(params.get('mode'));
  const initialShort = params.get('way') === 'out';
  const [pair, setPair] = useState<TradePair>(storedPair);
  const [drawer, setDrawer] = useState(false);
  const [popup, setPopup] = useState<number | null>(null);
  const quote = useQuote(pair);
  const inTrade = useInTrade(pair);
  const blocked = isNonTradingTime(pair.tab, inTrade);
  const priceDecimals = decimalsOf(quote?.price);
  const lever = useLeverPanel({ pair, quote, blocked, priceDecimals, initialShort, enabled: mode === 1 });
  const seconds = useSecondsOrders();
  const livePrice = quote?.price;
  const livePrices = useCallback(
    (symbol: string) => (symbol === pair.symbol ? livePrice : undefined),
    [pair.symbol, livePrice],
  );
  const onPlaced = useCallback(
    (order: SecondsOrder) => {
      seconds.add(order);
      setPopup(order.id);
    },
    [seconds],
  );
  const onPickPair = useCallback((q: TradeQuote) => {
    const next = pairOfQuote(q);
    storePair(next);
    setPair(next);
    setDrawer(false);
  }, []);
  const chartUrl = useMemo(() => klineUrl(quote, pair, 'trade', mode), [quote, pair, mode]);
  const popupOrder =
    popup === null
      ? undefined
      : (seconds.finals.get(popup) ?? seconds.trading.rows.find((r) => r.id === popup));

  return (
    <Box>
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
      <PairBar pair={pair} quote={quote} chartUrl={chartUrl} onOpenDrawer={() => setDrawer(true)} />
      <Box sx={{ display: 'grid', gridTemplateColumns: '1.15fr 1fr', gap: 1.5 }}>
        {mode === 1 ? (
          lever.form
        ) : (
          <SecondsForm key={pair.currencyId} pair={pair} blocked={blocked} onPlaced={onPlaced} />
        )}
        <LiveBook
          pair={pair}
          levels={TRADE_BOOK_LEVELS}
          closed={inTrade === false}
          lastPrice={quote?.price}
          lastUp={quote ? !quote.change.startsWith('-') : true}
          priceDecimals={priceDecimals}
        />
      </Box>
      {mode === 1 ? (
        <LeverOrders currentPrice={quote?.price ?? ''} onChanged={lever.reload} onEvent={lever.onEvent} />
      ) : (
        <SecondsOrders lists={seconds} livePrices={livePrices} />
      )}
      {popupOrder && (
        <SecondsPopup
          order={popupOrder}
          livePrice={livePrices(popupOrder.symbol_name)}
          onClose={() => setPopup(null)}
        />
      )}
      <CoinDrawer
        open={drawer}
        onClose={() => setDrawer(false)}
        onPick={onPickPair}
        selectedId={pair.currencyId}
        initialTab={pair.tab}
        tabs={ALL_TABS}
      />
    </Box>
  );
}
