import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { ConfirmDialog, apiErrorMessage, formatMoney, notify, truncate, useNow } from '@app/shared';
import { ImagePicker } from '@app/shared/ImagePicker';
import { fiatApi, type FiatOrder } from '../api/fiatApi';
import { COUNTDOWN_TICK_MS, FIAT_NAME, canAct, formatCountdown, orderStep, remainingMs } from '../model/fiat';
import { fiatMessages, orderStatusLabel, payWayLabel, stepLabels } from '../model/messages';
import { PaymentDetailsCard } from './PaymentDetailsCard';
import { formatDateTime } from '../../common';

export interface FiatOrderViewProps {
  order: FiatOrder;
  /** Server clock minus device clock when the order was read. */
  offset: number;
  onChanged: () => void;
}

/** The order: stepper, summary, countdown, the merchant's details, screenshot, pay and cancel. */
export function FiatOrderView({ order, offset, onChanged }: FiatOrderViewProps) {
  const { t, i18n } = useLingui();
  const awaiting = canAct(order.status);
  const now = useNow(COUNTDOWN_TICK_MS, awaiting) + offset;
  const left = remainingMs(order.created_at, now);
  const timedOut = awaiting && left <= 0;
  const [pic, setPic] = useState('');
  const [dialog, setDialog] = useState<'pay' | 'cancel' | null>(null);
  const [busy, setBusy] = useState(false);
  // Set in the handler itself: a second tap before the re-render that disables Confirm sends nothing.
  const inFlight = useRef(false);

  // At the deadline the server cancels the order: read it again to show its final state.
  useEffect(() => {
    if (!timedOut) return undefined;
    const timer = setTimeout(onChanged, 1500);
    return () => clearTimeout(timer);
  }, [timedOut, onChanged]);

  const askPay = () => {
    if (!pic) {
      notify(i18n._(fiatMessages.screenshotRequired), 'warning');
      return;
    }
    setDialog('pay');
  };

  const act = async (kind: 'pay' | 'cancel') => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      if (kind === 'pay') await fiatApi.payed({ id: order.id, pic });
      else await fiatApi.cancel(order.id);
      notify(i18n._(kind === 'pay' ? fiatMessages.paidDone : fiatMessages.cancelled), 'success');
      setDialog(null);
      onChanged();
    } catch (error) {
      notify(apiErrorMessage(i18n, error), 'error');
      setDialog(null);
      onChanged();
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  const usdt = truncate(order.usdt_amount, 2);
  const way = i18n._(payWayLabel[order.pay_way]);
  return (
    <Stack spacing={2}>
      {order.status === -1 ? (
        <Alert severity="warning" data-testid="fiat-status">
          {order.cancel_reason === 'timeout' ? (
            <Trans>The order timed out and was cancelled</Trans>
          ) : (
            i18n._(orderStatusLabel[-1])
          )}
        </Alert>
      ) : (
        <Stepper activeStep={orderStep(order.status)} alternativeLabel aria-label={t`Order progress`}>
          {stepLabels.map((label, index) => (
            <Step key={index} completed={index < orderStep(order.status)}>
              <StepLabel>{i18n._(label)}</StepLabel>
            </Step>
          ))}
        </Stepper>
      )}

      <Card variant="outlined">
        <CardContent>
          <Typography variant="h5" component="p" data-testid="fiat-order-usdt">
            {usdt} USDT
          </Typography>
          <Typography sx={{ color: 'text.secondary' }}>
            <Trans>
              Pay {`${order.amount} ${FIAT_NAME}`} by {way}
            </Trans>
          </Typography>
          {order.rate && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              <Trans>Price: 1 USDT = {formatMoney(order.rate, FIAT_NAME)}</Trans>
            </Typography>
          )}
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            <Trans>Order number: {order.id}</Trans> · {formatDateTime(order.created_at)}
          </Typography>
          {order.status !== -1 && (
            <Typography sx={{ mt: 1 }} data-testid="fiat-status">
              {i18n._(orderStatusLabel[order.status])}
            </Typography>
          )}
        </CardContent>
      </Card>

      {awaiting &&
        (timedOut ? (
          <Alert severity="error" role="alert">
            <Trans>The order has timed out</Trans>
          </Alert>
        ) : (
          <Alert severity="info" icon={false}>
            <Box role="timer" aria-live="off" aria-label={t`Time left to pay`}>
              <Trans>
                Please pay within <strong data-testid="fiat-countdown">{formatCountdown(left)}</strong>
              </Trans>
            </Box>
          </Alert>
        ))}

      {order.status !== -1 && <PaymentDetailsCard order={order} />}

      {order.pic ? (
        <Box sx={{ textAlign: 'center' }}>
          <Box
            component="img"
            src={order.pic}
            alt={t`Payment screenshot`}
            sx={{ maxWidth: '100%', maxHeight: 240 }}
          />
        </Box>
      ) : null}

      {awaiting && !timedOut && (
        <>
          <ImagePicker
            label={t`Upload the payment screenshot`}
            value={pic}
            onChange={setPic}
            disabled={busy}
            previewNeedsValue
          />
          <Stack direction="row" spacing={1}>
            <Button variant="outlined" fullWidth onClick={() => setDialog('cancel')} sx={{ minHeight: 48 }}>
              <Trans>Cancel order</Trans>
            </Button>
            <Button variant="contained" fullWidth onClick={askPay} sx={{ minHeight: 48 }}>
              <Trans>I have paid</Trans>
            </Button>
          </Stack>
        </>
      )}

      <ConfirmDialog
        open={dialog === 'pay'}
        title={t`Confirm payment`}
        confirmLabel={t`I have paid`}
        busy={busy}
        onConfirm={() => void act('pay')}
        onClose={() => setDialog(null)}
      >
        <Typography>{i18n._(fiatMessages.maliciousWarning)}</Typography>
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === 'cancel'}
        title={t`Cancel this order?`}
        confirmLabel={t`Cancel order`}
        busy={busy}
        onConfirm={() => void act('cancel')}
        onClose={() => setDialog(null)}
      >
        <Typography>
          <Trans>Three cancellations in a day restrict buying until the next day.</Trans>
        </Typography>
      </ConfirmDialog>
    </Stack>
  );
}
