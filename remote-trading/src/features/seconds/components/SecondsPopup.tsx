import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { type QuoteLive, useLiveSelect, useNow } from '@app/shared';
import { dec, show } from '../../../lib/decimal';
import { Figures, formatOrderPrice, tradeMessages } from '../../trading';
import { phaseOf, POPUP_TICK_MS, remainingMs, type LiveSecondsOrder } from '../model/seconds';

/**
 * The seconds popup (doc 1 §2, §4): countdown circle and live price while trading (1), the
 * settling message (2), then the result with the settled message (3).
 */
export function SecondsPopup({
  order,
  quote,
  onClose,
}: {
  order: LiveSecondsOrder;
  quote: QuoteLive;
  onClose: () => void;
}) {
  const livePrice = useLiveSelect(quote, (q) => (q && q.symbol === order.symbol_name ? q.price : undefined));
  const { t, i18n } = useLingui();
  const now = useNow(
    POPUP_TICK_MS,
    Number(order.status) !== 3,
    order.receivedAt + Number(order.remain_milli_seconds ?? 0),
  );
  const phase = phaseOf(order, now);
  const left = remainingMs(order, now);
  const total = Number(order.seconds) * 1000;
  const up = Number(order.type) === 1;
  const places = order.currency_name.toUpperCase() === 'BTC' ? 6 : 2;
  const profits = order.fact_profits ?? '0';
  const resultText =
    order.result === 'win'
      ? t`You won`
      : order.result === 'tie'
        ? t`Tie: stake returned`
        : order.result === 'loss'
          ? t`You lost`
          : '';
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="seconds-popup-title">
      <DialogTitle id="seconds-popup-title">
        {order.symbol_name} · {up ? t`Up` : t`Down`}
      </DialogTitle>
      <DialogContent>
        {phase === 1 && (
          <Box sx={{ display: 'grid', placeItems: 'center', my: 1 }} data-testid="seconds-popup-trading">
            <Box sx={{ position: 'relative', display: 'inline-flex' }}>
              <CircularProgress
                variant="determinate"
                value={total > 0 ? (left / total) * 100 : 0}
                size={112}
                thickness={3}
              />
              <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
                <Typography sx={{ fontSize: 28, fontWeight: 700 }} aria-label={t`Seconds left`} role="timer">
                  {Math.ceil(left / 1000)}
                </Typography>
              </Box>
            </Box>
            <Typography sx={{ mt: 1.5 }}>
              <Trans>Live price</Trans>:{' '}
              <b data-testid="seconds-live-price">{formatOrderPrice(livePrice, livePrice)}</b>
            </Typography>
          </Box>
        )}
        {phase === 2 && (
          <Box
            sx={{ display: 'grid', placeItems: 'center', my: 2, gap: 1 }}
            data-testid="seconds-popup-settling"
          >
            <CircularProgress />
            <Typography>{i18n._(tradeMessages.settling)}</Typography>
          </Box>
        )}
        {phase === 3 && (
          <Box sx={{ my: 1 }} data-testid="seconds-popup-result">
            <Typography
              sx={{
                fontWeight: 700,
                fontSize: 20,
                mb: 0.5,
                color: dec(profits).gte(0) ? 'success.main' : 'error.main',
              }}
            >
              {resultText}
            </Typography>
            <Typography sx={{ color: 'text.secondary', mb: 1 }}>{i18n._(tradeMessages.settled)}</Typography>
          </Box>
        )}
        <Figures
          items={[
            [
              <Trans key="o">Open price</Trans>,
              formatOrderPrice(order.open_price, order.end_price ?? livePrice),
            ],
            ...(phase === 3
              ? ([
                  [
                    <Trans key="e">Close price</Trans>,
                    formatOrderPrice(order.end_price, livePrice ?? order.end_price),
                  ],
                ] as Array<[React.ReactNode, React.ReactNode]>)
              : []),
            [<Trans key="a">Amount</Trans>, `${order.number} ${order.currency_name}`],
            [<Trans key="d">Duration</Trans>, t`${order.seconds} Sec`],
            ...(phase === 3
              ? ([
                  [
                    <Trans key="p">Profit/loss</Trans>,
                    <span
                      key="v"
                      data-testid="seconds-result-profit"
                    >{`${show(profits, places)} ${order.currency_name}`}</span>,
                  ],
                ] as Array<[React.ReactNode, React.ReactNode]>)
              : []),
          ]}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
      </DialogActions>
    </Dialog>
  );
}
