import { memo, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type QuoteLive, useLiveSelect, useNow } from '@app/shared';
import { dec, show } from '../../../lib/decimal';
import { Figures, formatOrderPrice } from '../../trading';
import { OrderList } from '../../order-ticket';
import { formatCountdown, LIST_TICK_MS, phaseOf, remainingMs, type LiveSecondsOrder } from '../model/seconds';
import type { SecondsLists } from '../hooks/useSecondsOrders';

const Row = memo(function Row({
  order,
  now,
  quote,
}: {
  order: LiveSecondsOrder;
  now: number;
  quote: QuoteLive;
}) {
  // Only rows of the pair on screen follow its live price.
  const livePrice = useLiveSelect(quote, (q) => (q && q.symbol === order.symbol_name ? q.price : undefined));
  const { t } = useLingui();
  const up = Number(order.type) === 1;
  const phase = phaseOf(order, now);
  const profits = order.fact_profits;
  const places = order.currency_name.toUpperCase() === 'BTC' ? 6 : 2;
  return (
    <Box
      component="li"
      data-testid={`seconds-row-${order.id}`}
      sx={{ listStyle: 'none', py: 1.25, borderBottom: 1, borderColor: 'divider' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, mb: 0.5 }}>
        <Typography component="span" sx={{ fontWeight: 700, color: up ? 'success.main' : 'error.main' }}>
          {up ? t`Up` : t`Down`}
        </Typography>
        <Typography component="span" sx={{ fontWeight: 600, flex: 1 }}>
          {order.symbol_name}
        </Typography>
        <Typography
          component="span"
          variant="caption"
          data-testid="seconds-countdown"
          sx={{ fontVariantNumeric: 'tabular-nums' }}
        >
          {phase === 1 ? formatCountdown(remainingMs(order, now)) : phase === 2 ? t`Settling` : t`Closed`}
        </Typography>
      </Box>
      <Figures
        dense
        items={[
          [
            <Trans key="o">Open price</Trans>,
            formatOrderPrice(order.open_price, order.end_price ?? livePrice),
          ],
          [<Trans key="a">Amount</Trans>, `${order.number} ${order.currency_name}`],
          [
            phase === 3 ? <Trans key="c">Close price</Trans> : <Trans key="c2">Current price</Trans>,
            phase === 3
              ? formatOrderPrice(order.end_price, livePrice ?? order.end_price)
              : formatOrderPrice(livePrice, livePrice),
          ],
          [<Trans key="s">Seconds</Trans>, t`${order.seconds} Sec`],
          [
            <Trans key="p">Profit/loss</Trans>,
            profits === null || profits === undefined ? (
              '--'
            ) : (
              <Box
                key="v"
                component="span"
                sx={{ color: dec(profits).gte(0) ? 'success.main' : 'error.main' }}
              >
                {show(profits, places)} {order.currency_name}
              </Box>
            ),
          ],
        ]}
      />
    </Box>
  );
});

/** Trading and closed seconds orders (doc 1 §2), counting down every 200 ms. */
export function SecondsOrders({ lists, quote }: { lists: SecondsLists; quote: QuoteLive }) {
  const { t } = useLingui();
  const [tab, setTab] = useState<1 | 3>(1);
  const list = tab === 1 ? lists.trading : lists.closed;
  const now = useNow(LIST_TICK_MS, tab === 1 && lists.trading.rows.length > 0);
  return (
    <OrderList
      label={t`Seconds orders`}
      tabs={[
        { value: 1, label: t`Trading` },
        { value: 3, label: t`Closed` },
      ]}
      tab={tab}
      onTabChange={setTab}
      fullWidth
      status={list.status}
      rows={list.rows}
      onRetry={lists.reload}
      skeletonHeight={96}
      rowKey={(o) => o.id}
      renderRow={(o) => <Row order={o} now={now} quote={quote} />}
    />
  );
}
