import { useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EmptyState } from '@app/shared';
import { StatusChip, formatTime } from '../../common';
import type { Withdrawal } from '../api/walletApi';
import { withdrawalStatusLabel, withdrawalStatusTone } from '../model/messages';
import { coinAmount } from '../model/wallets';

function Line({ label, value }: { label: string; value: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
      <Typography variant="body2" sx={{ color: 'text.secondary', flexShrink: 0 }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ textAlign: 'right', wordBreak: 'break-all' }}>
        {value}
      </Typography>
    </Stack>
  );
}

/** Withdrawal records (doc 2 §3): submit time, audit time, amount, hash, status. */
export function WithdrawalList({ items }: { items: Withdrawal[] }) {
  const { t, i18n } = useLingui();
  if (items.length === 0) return <EmptyState />;
  return (
    <Stack
      spacing={1}
      component="ul"
      aria-label={t`Withdrawal records`}
      sx={{ listStyle: 'none', p: 0, m: 0 }}
    >
      {items.map((w) => (
        <Paper key={w.id} component="li" variant="outlined" sx={{ p: 1.5 }} data-testid="withdrawal-row">
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
            <Typography sx={{ fontWeight: 600 }}>
              {coinAmount(w.number, w.currency_name)} {w.currency_name}
            </Typography>
            <StatusChip
              label={i18n._(withdrawalStatusLabel[w.status])}
              tone={withdrawalStatusTone[w.status]}
            />
          </Stack>
          <Box sx={{ display: 'grid', gap: 0.5 }}>
            <Line label={t`Fee`} value={`${w.fee} ${w.currency_name}`} />
            <Line label={t`Address`} value={w.label ? `${w.address} (${w.label})` : w.address} />
            <Line label={t`Submitted`} value={formatTime(w.created_time)} />
            {w.audit_time && <Line label={t`Reviewed`} value={formatTime(w.audit_time)} />}
            {w.hash && <Line label={t`Hash`} value={w.hash} />}
            {w.reason && <Line label={t`Reason`} value={w.reason} />}
          </Box>
        </Paper>
      ))}
    </Stack>
  );
}
