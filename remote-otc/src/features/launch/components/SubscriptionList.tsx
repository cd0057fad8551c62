import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ApiError, apiErrorMessage, notify } from '@app/shared';
import { UPLIST_PAGE, launchApi, type Subscription } from '../api/launchApi';
import { launchKeys } from '../api/keys';
import { launchMessages, subscriptionStatusLabel } from '../model/messages';
import { usePaged, PagedList, formatAmount, formatDateTime } from '../../common';

/** The user's subscriptions, 10 a page; unlockable ones have an unlock button. */
export function SubscriptionList() {
  const { t, i18n } = useLingui();
  const paged = usePaged(launchKeys.subscriptions(), launchApi.list, UPLIST_PAGE);
  const [busyId, setBusyId] = useState<number | null>(null);

  const unlock = async (s: Subscription) => {
    setBusyId(s.id);
    try {
      const done = await launchApi.unlock(s.id);
      paged.update((x) => x.id === s.id, { status: done.status });
      notify(i18n._(launchMessages.unlocked), 'success');
    } catch (error) {
      // A refused unlock shows the unlock-failed message (doc 2 §8); other failures say why.
      const text =
        error instanceof ApiError && error.code === 'launch.not_unlockable'
          ? i18n._(launchMessages.unlockFailed)
          : apiErrorMessage(i18n, error);
      notify(text, 'error');
    } finally {
      setBusyId(null);
    }
  };

  return (
    <PagedList paged={paged}>
      {(items) => (
        <Stack
          spacing={1.5}
          component="ul"
          sx={{ listStyle: 'none', p: 0, m: 0 }}
          aria-label={t`My subscriptions`}
        >
          {items.map((s) => {
            const token = s.token_name ?? 'BEF';
            const amount = formatAmount(s.amount);
            const paid = s.pay_amount ? formatAmount(s.pay_amount) : '';
            return (
              <Card key={s.id} variant="outlined" component="li" aria-label={t`Subscription ${s.id}`}>
                <CardContent>
                  <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
                    <Typography variant="subtitle1" component="h2">
                      {amount} {token}
                    </Typography>
                    <Chip
                      size="small"
                      label={i18n._(subscriptionStatusLabel[s.status])}
                      color={s.status === 2 ? 'success' : 'default'}
                    />
                  </Stack>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    <Trans>
                      Price {s.price} {s.currency_name}
                    </Trans>
                    {paid && (
                      <>
                        {' · '}
                        <Trans>
                          Paid {paid} {s.currency_name}
                        </Trans>
                      </>
                    )}
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    <Trans>Subscribed {formatDateTime(s.created_at)}</Trans>
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    <Trans>Unlocks {formatDateTime(s.endtime_at)}</Trans>
                  </Typography>
                  {s.status === 2 && (
                    <Button
                      variant="contained"
                      onClick={() => void unlock(s)}
                      disabled={busyId === s.id}
                      sx={{ mt: 1, minHeight: 44 }}
                    >
                      <Trans>Unlock</Trans>
                    </Button>
                  )}
                </CardContent>
              </Card>
            );
          })}
        </Stack>
      )}
    </PagedList>
  );
}
