import { useRef, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ConfirmDialog,
  LoadView,
  amountValue,
  apiErrorMessage,
  notify,
  type AmountRules,
  FigureRow,
} from '@app/shared';
import { DecimalField } from '@app/shared/DecimalField';
import { SwapIcon } from '../../common';
import { WALLET_TYPES, type WalletList, type WalletType } from '../api/walletApi';
import { transferProblemMessage, walletTypeLabel } from '../model/messages';
import { validateTransfer, type TransferProblem } from '../model/transfer';
import { availableOf, coinAmount, coinsOf } from '../model/wallets';
import { CoinSelect } from './CoinSelect';
import { useTransfer, useWallets } from '../hooks/useWalletQueries';

/** Transfer amounts: up to 8 decimals (the server truncates to the coin's precision). */
const AMOUNT_RULES: AmountRules = { decimals: 8 };

function Form({ list }: { list: WalletList }) {
  const { t, i18n } = useLingui();
  const coins = coinsOf(list);
  const [from, setFrom] = useState<WalletType>('change');
  const [to, setTo] = useState<WalletType>('lever');
  const [currencyId, setCurrencyId] = useState<number>(
    coins.find((c) => c.name === 'USDT')?.id ?? coins[0]?.id ?? 3,
  );
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<TransferProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // A second tap on Confirm before the answer arrives sends nothing.
  const sending = useRef(false);
  const transfer = useTransfer();
  const coinName = coins.find((c) => c.id === currencyId)?.name ?? '';
  const available = availableOf(list, from, currencyId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    // A typed amount that is not valid is explained under the field.
    if (amount !== '' && amountValue(amount, AMOUNT_RULES) === null) return;
    const found = validateTransfer({ from, to, amount, available });
    setProblem(found);
    if (found) return;
    setConfirming(true);
  };

  const send = async () => {
    const number = amountValue(amount, AMOUNT_RULES);
    if (sending.current || number === null) return;
    sending.current = true;
    setBusy(true);
    try {
      await transfer.mutateAsync({
        currency_id: currencyId,
        number,
        from_field: from,
        to_field: to,
      });
      notify(t`Transfer successful`, 'success');
      setAmount('');
    } catch (error) {
      notify(apiErrorMessage(i18n, error), 'error');
    } finally {
      sending.current = false;
      setBusy(false);
      setConfirming(false);
    }
  };

  const walletSelect = (label: string, value: WalletType, onChange: (v: WalletType) => void) => (
    <TextField
      select
      label={label}
      value={value}
      onChange={(e) => {
        onChange(e.target.value as WalletType);
        setProblem(null);
      }}
      slotProps={{ select: { native: true } }}
      fullWidth
    >
      {WALLET_TYPES.map((type) => (
        <option key={type} value={type}>
          {i18n._(walletTypeLabel[type])}
        </option>
      ))}
    </TextField>
  );

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Stack spacing={2} sx={{ flex: 1 }}>
            {walletSelect(t`From`, from, setFrom)}
            {walletSelect(t`To`, to, setTo)}
          </Stack>
          <IconButton
            aria-label={t`Swap accounts`}
            onClick={() => {
              setFrom(to);
              setTo(from);
              setProblem(null);
            }}
            sx={{ width: 48, height: 48 }}
          >
            <SwapIcon sx={{ transform: 'rotate(90deg)' }} />
          </IconButton>
        </Stack>
        {from === to && (
          <Alert severity="warning" data-testid="transfer-same-wallet">
            {i18n._(transferProblemMessage.sameWallet)}
          </Alert>
        )}
        <CoinSelect coins={coins} value={currencyId} onChange={setCurrencyId} />
        <DecimalField
          label={t`Amount`}
          value={amount}
          rules={AMOUNT_RULES}
          onChange={(text) => {
            setAmount(text);
            setProblem(null);
          }}
          error={problem !== null && problem !== 'sameWallet'}
          helperText={problem && problem !== 'sameWallet' ? i18n._(transferProblemMessage[problem]) : ' '}
          slotProps={{
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <Button onClick={() => setAmount(coinAmount(available, coinName))} sx={{ minHeight: 44 }}>
                    <Trans>All</Trans>
                  </Button>
                </InputAdornment>
              ),
            },
          }}
          fullWidth
        />
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="transfer-available">
          <Trans>
            Available: {coinAmount(available, coinName)} {coinName}
          </Trans>
        </Typography>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={busy || from === to}
          sx={{ minHeight: 48 }}
        >
          <Trans>Confirm transfer</Trans>
        </Button>
        <ConfirmDialog
          open={confirming}
          busy={busy}
          title={t`Confirm transfer`}
          onClose={() => !busy && setConfirming(false)}
          onConfirm={() => void send()}
        >
          <FigureRow label={t`From`}>{i18n._(walletTypeLabel[from])}</FigureRow>
          <FigureRow label={t`To`}>{i18n._(walletTypeLabel[to])}</FigureRow>
          <FigureRow label={t`Amount`}>{`${amount} ${coinName}`}</FigureRow>
          <FigureRow label={t`Fee`}>{`0 ${coinName}`}</FigureRow>
        </ConfirmDialog>
      </Stack>
    </Box>
  );
}

/** Transfer between the four wallets (doc 2 §5, §9). */
export function TransferForm() {
  const wallets = useWallets();
  // A refresh after a transfer keeps the form mounted (the query stays a success) while the
  // balances load again.
  return (
    <LoadView query={wallets} rows={4}>
      {(list) => <Form list={list} />}
    </LoadView>
  );
}
