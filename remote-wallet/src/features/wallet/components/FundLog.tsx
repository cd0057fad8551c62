import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { EmptyState, apiErrorMessage, notify, useSearchParams, LoadView } from '@app/shared';
import { toDecimal } from '@app/shared/decimal-math';
import { formatTime } from '../../common';
import { WALLET_TYPES, isWalletType, walletApi, type FundLogEntry, type WalletType } from '../api/walletApi';
import { fundLogReasonText, walletTabSx, walletTypeLabel } from '../model/messages';
import { coinAmount, coinsOf } from '../model/wallets';
import { CoinSelect } from './CoinSelect';
import { useFundLogFirstPage, useWallets } from '../hooks/useWalletQueries';

function Entry({ entry }: { entry: FundLogEntry }) {
  const { i18n } = useLingui();
  const value = toDecimal(entry.value);
  const shown = coinAmount(value.abs().toFixed(), entry.currency_name);
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5 }} data-testid="fundlog-row">
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
        <Typography sx={{ fontWeight: 600 }}>{fundLogReasonText(i18n, entry.info)}</Typography>
        <Typography
          sx={{ fontWeight: 600, color: value.isNegative() ? 'error.main' : 'success.main' }}
          data-testid="fundlog-value"
        >
          {value.isNegative() ? '-' : '+'}
          {shown}
        </Typography>
      </Stack>
      <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {formatTime(entry.created_time)}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {entry.field === 'locked' ? (
            <Trans>Locked balance: {coinAmount(entry.balance_after, entry.currency_name)}</Trans>
          ) : (
            <Trans>Balance: {coinAmount(entry.balance_after, entry.currency_name)}</Trans>
          )}
        </Typography>
      </Stack>
    </Paper>
  );
}

function Entries({ type, currency }: { type: WalletType; currency: number }) {
  const { t, i18n } = useLingui();
  const first = useFundLogFirstPage(type, currency);
  const [more, setMore] = useState<FundLogEntry[]>([]);
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState(false);

  const loadMore = async () => {
    setBusy(true);
    try {
      const next = await walletApi.fundLog({ page: page + 1, type, currency });
      setMore((m) => [...m, ...next.list]);
      setPage(next.page);
    } catch (error) {
      notify(apiErrorMessage(i18n, error), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <LoadView query={first} rows={6} height={64}>
      {(data) => {
        const entries = [...data.list, ...more];
        if (entries.length === 0) return <EmptyState />;
        return (
          <Stack spacing={1}>
            <Stack component="ul" spacing={1} aria-label={t`Fund log`} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {entries.map((e) => (
                <Entry key={e.id} entry={e} />
              ))}
            </Stack>
            {entries.length < data.total && (
              <Button onClick={() => void loadMore()} disabled={busy} sx={{ minHeight: 44 }}>
                <Trans>Load more</Trans>
              </Button>
            )}
          </Stack>
        );
      }}
    </LoadView>
  );
}

/** /logs?currency={id}&type={change|lever|legal|micro} (doc 1 §2, doc 2 §2): the ledger of one wallet and coin. */
export function FundLog() {
  const { t, i18n } = useLingui();
  const [params, setParams] = useSearchParams();
  const rawType = params.get('type');
  const type: WalletType = isWalletType(rawType) ? rawType : 'change';
  const currency = Number(params.get('currency')) > 0 ? Number(params.get('currency')) : 3;
  const wallets = useWallets();
  const go = (next: { type?: WalletType; currency?: number }) =>
    setParams({ currency: String(next.currency ?? currency), type: next.type ?? type }, { replace: true });

  return (
    <Stack spacing={2}>
      <Tabs
        value={type}
        onChange={(_, value: WalletType) => go({ type: value })}
        variant="fullWidth"
        aria-label={t`Account`}
      >
        {WALLET_TYPES.map((w) => (
          <Tab key={w} value={w} label={i18n._(walletTypeLabel[w])} sx={walletTabSx} />
        ))}
      </Tabs>
      {wallets.status === 'success' && (
        <CoinSelect coins={coinsOf(wallets.data)} value={currency} onChange={(id) => go({ currency: id })} />
      )}
      <Entries key={`${type}-${currency}`} type={type} currency={currency} />
    </Stack>
  );
}
