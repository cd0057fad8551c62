import { memo, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ConfirmDialog } from '@app/shared';
import { formatTime, tradeMessages } from '../../trading';
import { OrderList, useOrderTicket } from '../../order-ticket';
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
  const sell = row.direction === 'sell';
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
          {formatTime(row.create_time)}
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

type SpotTab = 'pending' | 'completed';

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
  const { t } = useLingui();
  const [tab, setTab] = useState<SpotTab>('pending');
  const revoke = useOrderTicket({
    tone: 'warning',
    place: (row: SpotOrderRow) => spotApi.revoke(row.id, row.direction === 'sell' ? 'out' : 'in'),
    placed: () => ({ message: tradeMessages.revoked }),
    onPlaced: onChanged,
  });
  const onRevoke = (row: SpotOrderRow) => revoke.request(() => ({ order: row }));
  const state = tab === 'pending' ? pending : completed;
  const revoking = revoke.order;
  return (
    <OrderList
      label={t`Orders`}
      tabs={[
        { value: 'pending', label: t`Pending`, listLabel: t`Pending orders` },
        { value: 'completed', label: t`Completed`, listLabel: t`Completed orders` },
      ]}
      tab={tab}
      onTabChange={setTab}
      status={state.status}
      rows={state.status === 'ready' ? state.data : []}
      rowKey={(row) => `${row.direction}-${row.id}`}
      renderRow={(row) => <OrderRow row={row} onRevoke={tab === 'pending' ? onRevoke : undefined} />}
    >
      <ConfirmDialog {...revoke.dialog} title={t`Revoke this order?`}>
        {revoking && (
          <Typography>
            {revoking.direction === 'sell' ? t`Sell` : t`Buy`} {revoking.number} @ {revoking.price}
          </Typography>
        )}
      </ConfirmDialog>
    </OrderList>
  );
});
