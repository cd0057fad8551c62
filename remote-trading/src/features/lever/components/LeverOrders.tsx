import { memo, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ConfirmDialog, type QuoteLive } from '@app/shared';
import { dec, show } from '../../../lib/decimal';
import { Figures, formatOrderPrice, formatTime, tradeMessages } from '../../trading';
import { OrderList, useOrderTicket } from '../../order-ticket';
import { leverApi, type LeverListStatus, type LeverRow, type LeverTradeEvent } from '../api/leverApi';
import { useLeverOrders } from '../hooks/useLeverOrders';
import { StopDialog } from './StopDialog';

const TABS: LeverListStatus[] = [0, 1, 3, 4];

interface LeverAction {
  kind: 'close' | 'revoke';
  row: LeverRow;
}

const money = (v: string | null | undefined) =>
  v === null || v === undefined || v === '' ? '--' : show(v, 2);

const Row = memo(function Row({
  row,
  onRevoke,
  onClose,
  onStops,
}: {
  row: LeverRow;
  onRevoke: (row: LeverRow) => void;
  onClose: (row: LeverRow) => void;
  onStops: (row: LeverRow) => void;
}) {
  const { t } = useLingui();
  const long = row.type === 1;
  const status = row.status;
  // Prices at the instrument's precision: that of the tape price the row carries.
  const priceText = (v: string | null | undefined) => formatOrderPrice(v, row.update_price);
  const statusText: Record<LeverListStatus, string> = {
    0: t`Pending`,
    1: t`Holding`,
    3: t`Closed`,
    4: t`Revoked`,
  };
  const reasons: Record<string, string> = {
    manual: t`Closed manually`,
    take_profit: t`Take-profit`,
    stop_loss: t`Stop-loss`,
    liquidation: t`Liquidated`,
  };
  const profits = row.profits ?? '0';
  const gain = dec(profits).gte(0);
  return (
    <Box
      component="li"
      data-testid={`lever-row-${row.id}`}
      sx={{ listStyle: 'none', py: 1.25, borderBottom: 1, borderColor: 'divider' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, mb: 0.5 }}>
        <Typography component="span" sx={{ fontWeight: 700, color: long ? 'success.main' : 'error.main' }}>
          {long ? t`Long` : t`Short`}
        </Typography>
        <Typography component="span" sx={{ fontWeight: 600 }}>
          {row.symbol}
        </Typography>
        <Typography component="span" variant="caption" sx={{ color: 'text.secondary', flex: 1 }}>
          {formatTime(row.transaction_time ?? row.create_time)}
        </Typography>
        <Typography component="span" variant="caption" data-testid="lever-status">
          {statusText[status] ?? ''}
          {status === 3 && row.close_reason ? ` · ${reasons[row.close_reason] ?? row.close_reason}` : ''}
        </Typography>
      </Box>
      <Figures
        dense
        items={[
          [
            <Trans key="o">Open price</Trans>,
            priceText(status === 0 ? (row.target_price ?? row.price) : row.price),
          ],
          [<Trans key="h">Hands × multiple</Trans>, `${row.share} × ${row.multiple}x`],
          [
            status === 3 ? <Trans key="c">Close price</Trans> : <Trans key="c2">Current price</Trans>,
            priceText(row.update_price),
          ],
          [<Trans key="m">Margin</Trans>, money(row.origin_caution_money)],
          [<Trans key="f">Fee</Trans>, money(row.trade_fee)],
          [<Trans key="tp">Take-profit price</Trans>, priceText(row.target_profit_price)],
          [<Trans key="sl">Stop-loss price</Trans>, priceText(row.stop_loss_price)],
          ...(status === 1
            ? ([[<Trans key="lq">Liquidation price</Trans>, priceText(row.liquidation_price)]] as Array<
                [React.ReactNode, React.ReactNode]
              >)
            : []),
          [
            status === 1 ? <Trans key="u">Unrealised P/L</Trans> : <Trans key="pl">Profit/loss</Trans>,
            <Box
              key="v"
              component="span"
              sx={{ color: gain ? 'success.main' : 'error.main' }}
              data-testid="lever-profits"
            >
              {money(profits)} USDT
            </Box>,
          ],
        ]}
      />
      {(status === 0 || status === 1) && (
        <Box sx={{ display: 'flex', gap: 1, mt: 1, justifyContent: 'flex-end' }}>
          {status === 0 && (
            <Button size="small" variant="outlined" onClick={() => onRevoke(row)}>
              <Trans>Revoke</Trans>
            </Button>
          )}
          {status === 1 && (
            <>
              <Button size="small" variant="outlined" onClick={() => onStops(row)}>
                <Trans>Set stops</Trans>
              </Button>
              <Button size="small" variant="contained" color="warning" onClick={() => onClose(row)}>
                <Trans>Close position</Trans>
              </Button>
            </>
          )}
        </Box>
      )}
    </Box>
  );
});

/** The four tabs of leveraged orders (doc 1 §2, §4), live through lever_trade. */
export function LeverOrders({
  quote,
  onChanged,
  onEvent,
}: {
  /** Read when the stop dialog opens (not subscribed: a tick does not re-render the lists). */
  quote: QuoteLive;
  onChanged: () => void;
  onEvent?: (e: LeverTradeEvent) => void;
}) {
  const { t } = useLingui();
  const [tab, setTab] = useState<LeverListStatus>(1);
  const orders = useLeverOrders(tab, true, onEvent);
  const [stops, setStops] = useState<LeverRow | null>(null);
  const labels: Record<LeverListStatus, string> = {
    0: t`Current`,
    1: t`Holding`,
    3: t`Closed`,
    4: t`Revoked`,
  };
  // Close a holding or revoke a pending order: a position being processed is refused first.
  const action = useOrderTicket({
    place: async ({ kind, row }: LeverAction) => {
      if (await leverApi.isLocked(row.id)) return 'locked';
      if (kind === 'close') await leverApi.close(row.id);
      else await leverApi.cancel(row.id);
      return kind;
    },
    placed: (done) =>
      done === 'locked'
        ? { message: tradeMessages.locked, tone: 'error' }
        : { message: done === 'close' ? tradeMessages.closed : tradeMessages.revoked },
    onPlaced: () => {
      orders.reload();
      onChanged();
    },
  });
  const ask = (kind: LeverAction['kind']) => (row: LeverRow) =>
    action.request(() => ({ order: { kind, row } }));
  const onRevoke = ask('revoke');
  const onClose = ask('close');

  return (
    <OrderList
      label={t`Leveraged orders`}
      tabs={TABS.map((k) => ({ value: k, label: labels[k] }))}
      tab={tab}
      onTabChange={setTab}
      fullWidth
      status={orders.status}
      rows={orders.rows}
      onRetry={orders.reload}
      skeletonHeight={96}
      rowKey={(row) => row.id}
      renderRow={(row) => <Row row={row} onRevoke={onRevoke} onClose={onClose} onStops={setStops} />}
    >
      <ConfirmDialog
        {...action.dialog}
        title={action.order?.kind === 'close' ? t`Close this position?` : t`Revoke this order?`}
      >
        {action.order && (
          <Typography>
            {Number(action.order.row.type) === 1 ? t`Long` : t`Short`} {action.order.row.symbol} ·{' '}
            {action.order.row.share} × {action.order.row.multiple}x
          </Typography>
        )}
      </ConfirmDialog>
      {stops && (
        <StopDialog
          row={stops}
          currentPrice={stops.update_price ?? quote.get()?.price ?? ''}
          onClose={() => setStops(null)}
          onSaved={orders.reload}
        />
      )}
    </OrderList>
  );
}
