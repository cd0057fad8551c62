import { useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ConfirmDialog, apiErrorMessage, notify, useRefreshAfterAction } from '@app/shared';
import { lockupKeys } from '../api/keys';
import { LOCK_ORDERS_PAGE, lockupApi } from '../api/lockupApi';
import { loadLockupOrders, type LockupOrder } from '../model/catalogue';
import { cancelFee, cancelRefund, formatAmount } from '../model/lockup';
import { lockStatusLabel } from '../model/messages';
import { usePaged, PagedList, formatDateTime } from '../../common';

/** The user's lock orders; an order in progress can be cancelled after seeing the fee. */
export function LockOrderList({ cancelFeeRate }: { cancelFeeRate: string }) {
  const { t, i18n } = useLingui();
  const paged = usePaged(lockupKeys.orders(), loadLockupOrders, LOCK_ORDERS_PAGE);
  const [chosen, setChosen] = useState<LockupOrder | null>(null);
  const [busy, setBusy] = useState(false);
  // A second tap on Confirm before the answer arrives sends nothing.
  const sending = useRef(false);
  const refresh = useRefreshAfterAction();

  const cancel = async (order: LockupOrder) => {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    try {
      const done = await lockupApi.cancel(order.id);
      paged.update((o) => o.id === order.id, { status: done.status, fee: done.fee, refund: done.refund });
      // The refund moved the balance.
      void refresh();
      setChosen(null);
      notify(t`Cancelled`, 'success');
    } catch (error) {
      notify(apiErrorMessage(i18n, error), 'error');
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  const fee = chosen ? cancelFee(chosen.buy_num, cancelFeeRate) : '';
  const refund = chosen ? cancelRefund(chosen.buy_num, cancelFeeRate) : '';
  return (
    <>
      <PagedList paged={paged}>
        {(orders) => (
          <Stack
            spacing={1.5}
            component="ul"
            sx={{ listStyle: 'none', p: 0, m: 0 }}
            aria-label={t`Lock-up orders`}
          >
            {orders.map((o) => {
              const amount = formatAmount(o.buy_num);
              const income = formatAmount(o.interestEarned);
              return (
                <Card key={o.id} variant="outlined" component="li" aria-label={t`Order ${o.id}`}>
                  <CardContent>
                    <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
                      <Typography variant="subtitle1" component="h2">
                        {amount} {o.currency_name}
                      </Typography>
                      <Chip
                        size="small"
                        label={i18n._(lockStatusLabel[o.status])}
                        color={o.status === 1 ? 'primary' : 'default'}
                      />
                    </Stack>
                    {o.status !== 3 && (
                      // A cancelled lock-up earns no interest: its fee and refund are shown instead.
                      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                        <Trans>
                          Interest {income} {o.currency_name}
                        </Trans>
                      </Typography>
                    )}
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      <Trans>Start {formatDateTime(o.create_time)}</Trans>
                    </Typography>
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      <Trans>End {formatDateTime(o.end_time)}</Trans>
                    </Typography>
                    {o.status === 3 && o.fee !== undefined && (
                      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                        <Trans>
                          Fee {formatAmount(o.fee)} {o.currency_name}, returned {formatAmount(o.refund)}{' '}
                          {o.currency_name}
                        </Trans>
                      </Typography>
                    )}
                    {o.status === 1 && (
                      <Button
                        variant="outlined"
                        color="warning"
                        onClick={() => setChosen(o)}
                        sx={{ mt: 1, minHeight: 44 }}
                      >
                        <Trans>Cancel</Trans>
                      </Button>
                    )}
                  </CardContent>
                </Card>
              );
            })}
          </Stack>
        )}
      </PagedList>
      <ConfirmDialog
        open={chosen !== null}
        title={t`Cancel this lock-up?`}
        confirmLabel={t`Cancel lock-up`}
        busy={busy}
        onConfirm={() => chosen && void cancel(chosen)}
        onClose={() => setChosen(null)}
      >
        {chosen && (
          <Typography data-testid="lock-cancel-fee">
            <Trans>
              Cancelling early costs a fee of {cancelFeeRate}%: {fee} {chosen.currency_name}. You get back{' '}
              {refund} {chosen.currency_name} and no interest.
            </Trans>
          </Typography>
        )}
      </ConfirmDialog>
    </>
  );
}
