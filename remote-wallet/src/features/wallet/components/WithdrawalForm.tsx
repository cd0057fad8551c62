import { useRef, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ConfirmDialog,
  ErrorState,
  Link,
  LoadView,
  amountValue,
  apiErrorMessage,
  notify,
  type AmountRules,
  FigureRow,
} from '@app/shared';
import { toDecimal } from '@app/shared/decimal-math';
import { DecimalField } from '@app/shared/DecimalField';
import { PasswordsDialog } from '../../account';
import { withdrawalProblemMessage } from '../model/messages';
import { coinAmount, coinsOf } from '../model/wallets';
import { maxWithdrawable, validateWithdrawal, type WithdrawalProblem } from '../model/withdrawal';
import { AddressBook } from './AddressBook';
import { CoinSelect, type CoinOption } from './CoinSelect';
import { WithdrawalList } from './WithdrawalList';
import {
  useWallets,
  useWithdraw,
  useWithdrawInfo,
  useWithdrawalAddresses,
  useWithdrawals,
} from '../hooks/useWalletQueries';

/** Withdrawal amounts: up to 8 decimals. */
const AMOUNT_RULES: AmountRules = { decimals: 8 };

function Form({ coins }: { coins: CoinOption[] }) {
  const { t, i18n } = useLingui();
  const [currencyId, setCurrencyId] = useState<number>(
    coins.find((c) => c.name === 'USDT')?.id ?? coins[0]?.id ?? 3,
  );
  const info = useWithdrawInfo(currencyId);
  const addresses = useWithdrawalAddresses(currencyId);
  const recent = useWithdrawals();
  const [picked, setPicked] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [fundPassword, setFundPassword] = useState('');
  const [problem, setProblem] = useState<WithdrawalProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const [passwordsOpen, setPasswordsOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // A second tap on Confirm before the answer arrives sends nothing.
  const sending = useRef(false);
  const withdraw = useWithdraw();
  const coinName = coins.find((c) => c.id === currencyId)?.name ?? '';

  // The picked address, else the newest one of the coin.
  const addressList = addresses.data ?? [];
  const selected = addressList.some((a) => a.id === picked) ? picked : (addressList[0]?.id ?? null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Forms of the dialogs inside (add address, fund password) bubble through their portals.
    if (event.target !== event.currentTarget) return;
    if (busy || info.status !== 'success') return;
    // A typed amount that is not valid is explained under the field.
    if (amount !== '' && amountValue(amount, AMOUNT_RULES) === null) return;
    const found = validateWithdrawal({
      limit: info.data,
      addressId: selected,
      amount,
      available: info.data.available,
      fundPassword,
      fundPasswordSet: info.data.fund_password_set,
    });
    setProblem(found);
    if (found) return;
    setConfirming(true);
  };

  const send = async () => {
    const number = amountValue(amount, AMOUNT_RULES);
    if (sending.current || number === null || selected === null) return;
    sending.current = true;
    setBusy(true);
    try {
      await withdraw.mutateAsync({
        currency_id: currencyId,
        address_id: selected,
        number,
        fund_password: fundPassword,
      });
      notify(t`Withdrawal applied, awaiting review`, 'success');
      setAmount('');
      setFundPassword('');
    } catch (error) {
      notify(apiErrorMessage(i18n, error), 'error');
    } finally {
      sending.current = false;
      setBusy(false);
      setConfirming(false);
    }
  };

  const amountProblem =
    problem !== null && problem !== 'addressRequired' && !problem.startsWith('fundPassword')
      ? i18n._(withdrawalProblemMessage[problem])
      : null;
  const passwordProblem =
    problem === 'fundPasswordRule' || problem === 'fundPasswordNotSet'
      ? i18n._(withdrawalProblemMessage[problem])
      : null;

  return (
    <Stack spacing={3}>
      <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
        <Stack spacing={2}>
          <CoinSelect
            coins={coins}
            value={currencyId}
            onChange={(id) => {
              setCurrencyId(id);
              setPicked(null);
              setAmount('');
              setProblem(null);
            }}
          />
          <AddressBook
            addresses={addresses}
            currencyId={currencyId}
            coinName={coinName}
            selected={selected}
            onSelect={(id) => {
              setPicked(id);
              setProblem(null);
            }}
          />
          {problem === 'addressRequired' && (
            <Alert severity="error">{i18n._(withdrawalProblemMessage.addressRequired)}</Alert>
          )}
          {info.status === 'pending' && <InfoSkeleton />}
          {info.status === 'error' && (
            <ErrorState message={apiErrorMessage(i18n, info.error)} onRetry={() => void info.refetch()} />
          )}
          {info.status === 'success' && (
            <>
              <DecimalField
                label={t`Amount`}
                value={amount}
                rules={AMOUNT_RULES}
                onChange={(text) => {
                  setAmount(text);
                  setProblem(null);
                }}
                error={amountProblem !== null}
                helperText={
                  amountProblem ?? t`Minimum ${info.data.min}, maximum ${info.data.max} ${coinName}`
                }
                slotProps={{
                  input: {
                    endAdornment: (
                      <InputAdornment position="end">
                        <Button
                          onClick={() => {
                            setAmount(coinAmount(maxWithdrawable(info.data.available, info.data), coinName));
                            setProblem(null);
                          }}
                          sx={{ minHeight: 44 }}
                        >
                          <Trans>All</Trans>
                        </Button>
                      </InputAdornment>
                    ),
                  },
                }}
                fullWidth
              />
              <Stack spacing={0.5}>
                <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="withdraw-available">
                  <Trans>
                    Available: {coinAmount(info.data.available, coinName)} {coinName}
                  </Trans>
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="withdraw-fee">
                  <Trans>
                    Fee: {info.data.fee} {coinName}
                  </Trans>
                </Typography>
              </Stack>
              {info.data.fund_password_set ? (
                <TextField
                  type="password"
                  label={t`Fund password`}
                  value={fundPassword}
                  onChange={(e) => {
                    setFundPassword(e.target.value);
                    setProblem(null);
                  }}
                  error={passwordProblem !== null}
                  helperText={passwordProblem ?? t`6 digits`}
                  slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, autoComplete: 'off' } }}
                  fullWidth
                />
              ) : (
                <Alert
                  severity="warning"
                  action={
                    <Button color="inherit" onClick={() => setPasswordsOpen(true)} sx={{ minHeight: 44 }}>
                      <Trans>Set now</Trans>
                    </Button>
                  }
                >
                  {i18n._(withdrawalProblemMessage.fundPasswordNotSet)}
                </Alert>
              )}
              <Button
                type="submit"
                variant="contained"
                size="large"
                disabled={busy || !info.data.fund_password_set}
                sx={{ minHeight: 48 }}
              >
                <Trans>Withdraw</Trans>
              </Button>
            </>
          )}
        </Stack>
      </Box>
      <Box component="section" aria-label={t`Recent withdrawals`}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
          <Typography variant="h2" component="h2">
            <Trans>Recent withdrawals</Trans>
          </Typography>
          <Button component={Link} to="/withdrawal_record" sx={{ minHeight: 44 }}>
            <Trans>All records</Trans>
          </Button>
        </Stack>
        <LoadView query={recent} rows={2} height={96}>
          {(list) => <WithdrawalList items={list.slice(0, 3)} />}
        </LoadView>
      </Box>
      {info.status === 'success' && (
        <ConfirmDialog
          open={confirming}
          busy={busy}
          title={t`Confirm withdrawal`}
          onClose={() => !busy && setConfirming(false)}
          onConfirm={() => void send()}
        >
          <FigureRow label={t`Address`}>
            {addressList.find((a) => a.id === selected)?.address ?? '--'}
          </FigureRow>
          <FigureRow label={t`Amount`}>{`${amount} ${coinName}`}</FigureRow>
          <FigureRow label={t`Fee`}>{`${info.data.fee} ${coinName}`}</FigureRow>
          <FigureRow
            label={t`Total deducted`}
          >{`${toDecimal(amount).plus(toDecimal(info.data.fee)).toFixed()} ${coinName}`}</FigureRow>
        </ConfirmDialog>
      )}
      <PasswordsDialog
        open={passwordsOpen}
        fundPasswordSet={info.status === 'success' && info.data.fund_password_set}
        onClose={() => setPasswordsOpen(false)}
        onFundPasswordSaved={() => {
          setPasswordsOpen(false);
          void info.refetch();
        }}
      />
    </Stack>
  );
}

/**
 * The amount, balance and fee, fund password and button while the coin's terms load (their
 * heights with a fund password set, as when a withdrawal can be made), so that what follows
 * stays where it is when they arrive.
 */
function InfoSkeleton() {
  return (
    <Stack spacing={2} data-testid="withdraw-info-skeleton" aria-busy="true">
      {[79, 44, 79, 48].map((height, i) => (
        <Skeleton key={i} variant="rounded" height={height} />
      ))}
    </Stack>
  );
}

/** /withdrawal (doc 2 §3-§5): coin, address book, amount with available balance and fee, fund password. */
export function WithdrawalForm() {
  const wallets = useWallets();
  if (wallets.status === 'pending')
    return (
      // The form's shape: the coin field, the address book (its title and one row), the terms.
      <Stack spacing={2} aria-busy="true">
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={108} />
        <InfoSkeleton />
      </Stack>
    );
  return <LoadView query={wallets}>{(list) => <Form coins={coinsOf(list)} />}</LoadView>;
}
