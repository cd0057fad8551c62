import { memo, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { ConfirmDialog, EmptyState, ErrorState, ListSkeleton, apiErrorMessage, notify } from '@app/shared';
import { formatTime } from '../../trading/model/format';
import { tradeMessages } from '../../trading/model/messages';
import { spotApi, type SpotOrderRow } from '../api/spotApi';
import type { Loadable } from '../hooks/useSpotData';

const OrderRow = memo(function OrderRow({
  row,
  onRevoke,
}: {
  row: SpotOrderRow;
  onRevoke?: (row: SpotOrderRow) => void;
}) {
  const { t } = useLingui();
  const sell = row.direction ? row.direction === 'sell' : String(row.way) === '1';
  const pair = `${row.currency_name ?? ''}/${row.legal_name ?? 'USDT'}`;
  return (
    <Box
      component="li"
      data-testid={`spot-order-${row.id}`}
      sx={{
        listStyle: 'none',
        py: 1.25,
        borderBottom: 1,
        borderColor: 'divider',
        display: 'grid',
        gridTemplateColumns: '1fr 1fr 1fr auto',
        gap: 0.5,
        alignItems: 'center',
        fontSize: 13,
      }}
    >
      <Box sx={{ gridColumn: '1 / 4', display: 'flex', gap: 1, alignItems: 'baseline' }}>
        <Typography component="span" sx={{ fontWeight: 600, color: sell ? 'error.main' : 'success.main' }}>
          {sell ? t`Sell` : t`Buy`}
        </Typography>
        <Typography component="span" sx={{ fontWeight: 600 }}>
          {pair}
        </Typography>
        <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }}>
          {formatTime(row.create_time ?? row.time)}
        </Typography>
      </Box>
      <Box sx={{ gridRow: '1 / 3', gridColumn: 4 }}>
        {onRevoke && (
          <Button
            size="small"
            variant="outlined"
            onClick={() => onRevoke(row)}
            aria-label={t`Revoke order ${row.id}`}
          >
            <Trans>Revoke</Trans>
          </Button>
        )}
      </Box>
      <Box>
        <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
          <Trans>Price</Trans>
        </Typography>
        {row.price}
      </Box>
      <Box>
        <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
          <Trans>Quantity</Trans>
        </Typography>
        {row.number}
      </Box>
    </Box>
  );
});

function OrderList({
  state,
  onRevoke,
  label,
}: {
  state: Loadable<SpotOrderRow[]>;
  onRevoke?: (row: SpotOrderRow) => void;
  label: string;
}) {
  if (state.status === 'loading') return <ListSkeleton rows={3} />;
  if (state.status === 'error') return <ErrorState />;
  if (state.data.length === 0) return <EmptyState />;
  return (
    <Box component="ul" aria-label={label} sx={{ m: 0, p: 0 }}>
      {state.data.map((row) => (
        <OrderRow key={`${row.direction ?? row.way}-${row.id}`} row={row} onRevoke={onRevoke} />
      ))}
    </Box>
  );
}

/** Pending and completed spot orders; pending ones can be revoked after confirmation (doc 1 §2, §4). */
export const SpotOrders = memo(function SpotOrders({
  pending,
  completed,
  onChanged,
}: {
  pending: Loadable<SpotOrderRow[]>;
  completed: Loadable<SpotOrderRow[]>;
  onChanged: () => void;
}) {
  const { t, i18n } = useLingui();
  const [tab, setTab] = useState<'pending' | 'completed'>('pending');
  const [revoking, setRevoking] = useState<SpotOrderRow | null>(null);
  const [busy, setBusy] = useState(false);
  // Set in the handler itself: a second tap before the re-render that disables Confirm sends nothing.
  const inFlight = useRef(false);
  const revoke = async () => {
    if (!revoking || inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      await spotApi.revoke(revoking.id, revoking.direction === 'sell' ? 'out' : 'in');
      notify(i18n._(tradeMessages.revoked), 'success');
      onChanged();
    } catch (error) {
      notify(apiErrorMessage(i18n, error), 'warning');
    } finally {
      inFlight.current = false;
      setBusy(false);
      setRevoking(null);
    }
  };
  return (
    <Box sx={{ mt: 2 }}>
      <Tabs value={tab} onChange={(_, v: 'pending' | 'completed') => setTab(v)} aria-label={t`Orders`}>
        <Tab value="pending" label={t`Pending`} />
        <Tab value="completed" label={t`Completed`} />
      </Tabs>
      {tab === 'pending' ? (
        <OrderList state={pending} onRevoke={setRevoking} label={t`Pending orders`} />
      ) : (
        <OrderList state={completed} label={t`Completed orders`} />
      )}
      <ConfirmDialog
        open={revoking !== null}
        busy={busy}
        title={t`Revoke this order?`}
        onClose={() => setRevoking(null)}
        onConfirm={() => void revoke()}
      >
        {revoking && (
          <Typography>
            {revoking.direction === 'sell' ? t`Sell` : t`Buy`} {revoking.number} @ {revoking.price}
          </Typography>
        )}
      </ConfirmDialog>
    </Box>
  );
});
