import { useLingui } from '@lingui/react/macro';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EmptyState } from '@app/shared';
import { StatusChip, formatTime } from '../../common';
import type { ChargeLogEntry } from '../api/walletApi';
import { chargeTypeLabel, withdrawalStatusLabel, withdrawalStatusTone } from '../model/messages';
import { coinAmount } from '../model/wallets';

/** The deposit/withdraw log (doc 1 §3): currency_name, value, info, transaction_info, created_time. */
export function ChargeLogList({ items, label }: { items: ChargeLogEntry[]; label: string }) {
  const { i18n } = useLingui();
  if (items.length === 0) return <EmptyState />;
  return (
    <Stack spacing={1} component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {items.map((e) => (
        <Paper
          key={`${e.type}-${e.id}`}
          component="li"
          variant="outlined"
          sx={{ p: 1.5 }}
          data-testid="charge-row"
        >
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
            <Typography sx={{ fontWeight: 600 }}>
              {i18n._(chargeTypeLabel[e.type])} · {e.currency_name}
            </Typography>
            <StatusChip
              label={i18n._(withdrawalStatusLabel[e.status])}
              tone={withdrawalStatusTone[e.status]}
            />
          </Stack>
          <Typography sx={{ fontSize: 18, my: 0.5 }}>
            {e.type === 'withdrawal' ? '-' : '+'}
            {coinAmount(e.value, e.currency_name)}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', wordBreak: 'break-all' }}>
            {e.transaction_info}
          </Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {formatTime(e.created_time)}
          </Typography>
        </Paper>
      ))}
    </Stack>
  );
}
