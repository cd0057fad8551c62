import { useLingui } from '@lingui/react/macro';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EmptyState } from '@app/shared';
import { StatusChip, type StatusTone, formatTime } from '../../common';
import type { BuyRecord, BuyRecordStatus } from '../api/walletApi';
import { buyRecordStatusLabel, payWayLabel } from '../model/messages';
import { coinAmount } from '../model/wallets';

const tone: Record<BuyRecordStatus, StatusTone> = { [-1]: 'default', 0: 'warning', 1: 'info', 2: 'success' };

/** The buy records of the account centre (doc 1 §3, §4): status -1..2. */
export function BuyRecordList({ items }: { items: BuyRecord[] }) {
  const { t, i18n } = useLingui();
  if (items.length === 0) return <EmptyState />;
  return (
    <Stack spacing={1} component="ul" aria-label={t`Buy records`} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {items.map((r) => (
        <Paper key={r.id} component="li" variant="outlined" sx={{ p: 1.5 }} data-testid="buy-row">
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
            <Typography sx={{ fontWeight: 600 }}>{coinAmount(r.usdt_amount, 'USDT')} USDT</Typography>
            <StatusChip label={i18n._(buyRecordStatusLabel[r.status])} tone={tone[r.status]} />
          </Stack>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t`Amount paid`}: {coinAmount(r.amount, 'USDT')} · {i18n._(payWayLabel[r.pay_way])}
          </Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {formatTime(r.created_at)}
          </Typography>
        </Paper>
      ))}
    </Stack>
  );
}

/** The buy-record answer: a list, or `{data: [...]}`. */
export function buyRecordsOf(answer: BuyRecord[] | { data: BuyRecord[] }): BuyRecord[] {
  return Array.isArray(answer) ? answer : answer.data;
}
