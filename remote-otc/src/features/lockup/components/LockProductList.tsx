import { useRef, useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  ConfirmDialog,
  EmptyState,
  apiErrorMessage,
  notify,
  useNavigate,
  useRefreshAfterAction,
} from '@app/shared';
import { lockupApi } from '../api/lockupApi';
import type { LockupCatalogue, LockupProduct } from '../model/catalogue';
import { expectedIncome, formatAmount } from '../model/lockup';

function Figure({ label, value, testId }: { label: ReactNode; value: string; testId?: string }) {
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 600 }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

/** The products with minimum, interest, term and expected income; buying asks first. */
export function LockProductList({ data }: { data: LockupCatalogue }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<LockupProduct | null>(null);
  const [busy, setBusy] = useState(false);
  // A second tap on Confirm before the answer arrives sends nothing.
  const sending = useRef(false);
  const refresh = useRefreshAfterAction();

  const buy = async (product: LockupProduct) => {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    try {
      await lockupApi.buy(product.id);
      // The balance and the orders list changed.
      void refresh();
      setChosen(null);
      notify(t`Locked successfully`, 'success');
      navigate('/zhiyaOrder');
    } catch (error) {
      notify(apiErrorMessage(i18n, error), 'error');
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  if (data.list.length === 0) return <EmptyState />;
  const chosenIncome = chosen ? expectedIncome(chosen.interestRate, chosen.min) : '';
  const chosenMin = chosen ? formatAmount(chosen.min) : '';
  return (
    <Stack
      spacing={1.5}
      component="ul"
      sx={{ listStyle: 'none', p: 0, m: 0 }}
      aria-label={t`Lock-up products`}
    >
      {data.list.map((p) => {
        const income = expectedIncome(p.interestRate, p.min);
        const min = formatAmount(p.min);
        const title = t`${p.currency_name} · ${p.termDays} days`;
        return (
          <Card key={p.id} variant="outlined" component="li" aria-label={title}>
            <CardContent>
              <Typography variant="h6" component="h2">
                {title}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ my: 1 }}>
                <Figure label={<Trans>Amount</Trans>} value={`${min} ${p.currency_name}`} />
                <Figure label={<Trans>Interest</Trans>} value={`${formatAmount(p.interestRate, 4)}%`} />
                <Figure
                  label={<Trans>Expected income</Trans>}
                  value={`${income} ${p.currency_name}`}
                  testId={`lock-income-${p.id}`}
                />
              </Stack>
              <Button variant="contained" fullWidth onClick={() => setChosen(p)} sx={{ minHeight: 44 }}>
                <Trans>Lock now</Trans>
              </Button>
            </CardContent>
          </Card>
        );
      })}
      <ConfirmDialog
        open={chosen !== null}
        title={t`Confirm lock-up`}
        confirmLabel={t`Lock now`}
        busy={busy}
        onConfirm={() => chosen && void buy(chosen)}
        onClose={() => setChosen(null)}
      >
        {chosen && (
          <Typography>
            <Trans>
              Lock {chosenMin} {chosen.currency_name} from your coin account for {chosen.termDays} days.
              Expected income: {chosenIncome} {chosen.currency_name}. Cancelling early costs a fee of{' '}
              {data.cancelFeeRate}%.
            </Trans>
          </Typography>
        )}
      </ConfirmDialog>
    </Stack>
  );
}
