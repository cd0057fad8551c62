import { memo, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import type { AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  type AmountRules,
  amountValue,
  apiErrorMessage,
  ConfirmDialog,
  type MarketPair,
  notify,
  tradeTypeOf,
  useQuery,
  useQueryClient,
} from '@app/shared';
import { DecimalField } from '@app/shared/DecimalField';
import { show } from '../../../lib/decimal';
import { Figures, SideToggle, SuggestedField, tradeMessages } from '../../trading';
import { useOrderTicket } from '../../order-ticket';
import { secondsApi, type DurationOption } from '../api/secondsApi';
import { secondsKeys } from '../api/keys';
import {
  amountSuggestions,
  expectedProfit,
  formatMicroBalance,
  validateSeconds,
  type SecondsOrder,
  type SecondsType,
} from '../model/seconds';

const AMOUNT_RULES: AmountRules = { decimals: 8 };

/** The order the confirm dialog is for, fixed when it opened. */
interface SecondsTicket {
  type: SecondsType;
  currencyId: number;
  currencyName: string;
  duration: DurationOption;
  amount: string;
}

/** The seconds order form (doc 1 §2, §4, §5). */
export const SecondsForm = memo(function SecondsForm({
  pair,
  blocked,
  onPlaced,
}: {
  pair: MarketPair;
  blocked: boolean;
  onPlaced: (order: SecondsOrder) => void;
}) {
  const { t, i18n } = useLingui();
  const [type, setType] = useState<SecondsType>(1);
  const [chosenCurrency, setChosenCurrency] = useState<number | null>(null);
  const [chosenSeconds, setChosenSeconds] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const queryClient = useQueryClient();

  // Allowed amounts and the wallet: asked again when the currency mode changes (doc 1 §4) and
  // after an order.
  const currenciesQuery = useQuery({
    queryKey: secondsKeys.currencies(),
    queryFn: ({ signal }) => secondsApi.currencies(signal),
    staleTime: 0,
  });
  const durationsQuery = useQuery({
    queryKey: secondsKeys.durations(),
    queryFn: ({ signal }) => secondsApi.durations(signal),
  });
  const currenciesError = currenciesQuery.error;
  useEffect(() => {
    if (currenciesError) notify(apiErrorMessage(i18n, currenciesError), 'error');
  }, [currenciesError, i18n]);
  // The answers reach the form in a deferred render (in slices), not in the query layer's
  // synchronous one (the form's render with them was one long task under a phone's CPU).
  const currencies = useDeferredValue(currenciesQuery.data) ?? null;
  const durationsData = useDeferredValue(durationsQuery.data);
  const durations = durationsData ?? (durationsQuery.isError ? [] : null);
  // The chosen currency and duration while the lists offer them, else the first of each.
  const currencyId = currencies?.find((c) => c.id === chosenCurrency)?.id ?? currencies?.[0]?.id ?? null;
  const seconds =
    durations?.find((d) => d.seconds === chosenSeconds)?.seconds ?? durations?.[0]?.seconds ?? null;

  const currency = currencies?.find((c) => c.id === currencyId);
  const numbers = useMemo(() => (currency?.micro_numbers ?? []).map((n) => String(n.number)), [currency]);
  const duration = durations?.find((d) => d.seconds === seconds);
  const currencyName = currency?.user_wallet.currency_name ?? currency?.name ?? '';
  const profit = duration ? expectedProfit(amount, duration.profit_ratio) : null;
  const up = type === 1;

  const ticket = useOrderTicket({
    blocked,
    place: (order: SecondsTicket) =>
      secondsApi.submit({
        match_id: pair.matchId,
        currency_id: order.currencyId,
        type: order.type,
        seconds: order.duration.seconds,
        number: order.amount,
        trade_type: tradeTypeOf(pair.tab),
      }),
    placed: () => ({ message: tradeMessages.microSuccess }),
    onPlaced: (placed) => {
      setAmount('');
      void queryClient.invalidateQueries({ queryKey: secondsKeys.currencies() });
      onPlaced(placed);
    },
  });

  const submit = () =>
    ticket.request(() => {
      // Typed text that is not a valid amount is explained under the field.
      if (amount !== '' && amountValue(amount, AMOUNT_RULES) === null) return null;
      const problem = validateSeconds(amount);
      if (problem) return { problem };
      if (!duration || !currency) return null;
      return { order: { type, currencyId: currency.id, currencyName, duration, amount } };
    });
  const order = ticket.order;

  const amountField = (params?: AutocompleteRenderInputParams) => (
    <DecimalField
      {...params}
      size="small"
      label={t`Amount`}
      value={amount}
      rules={AMOUNT_RULES}
      onChange={(text) => setAmount(text)}
    />
  );

  return (
    <Box
      component="form"
      aria-label={t`Seconds order`}
      onSubmit={(e) => (e.preventDefault(), submit())}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1.25 }}
    >
      <SideToggle<SecondsType>
        label={t`Direction`}
        value={type}
        up={{ value: 1, label: <Trans>Up</Trans> }}
        down={{ value: 2, label: <Trans>Down</Trans> }}
        onChange={setType}
      />
      <TextField
        select
        size="small"
        label={t`Currency`}
        value={currencyId ?? ''}
        onChange={(e) => {
          setChosenCurrency(Number(e.target.value));
          setAmount('');
          void queryClient.invalidateQueries({ queryKey: secondsKeys.currencies() });
        }}
      >
        {(currencies ?? []).map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.name}
          </MenuItem>
        ))}
      </TextField>
      <SuggestedField
        options={numbers}
        suggest={amountSuggestions}
        value={amount}
        onChange={setAmount}
        field={amountField}
      />
      <TextField
        select
        size="small"
        label={t`Duration`}
        value={seconds ?? ''}
        onChange={(e) => setChosenSeconds(Number(e.target.value))}
        helperText={duration ? t`Profit rate ${duration.profit_ratio}%` : ' '}
      >
        {(durations ?? []).map((d) => (
          <MenuItem key={d.seconds} value={d.seconds}>
            {t`${d.seconds} Sec`}
          </MenuItem>
        ))}
      </TextField>
      <Figures
        dense
        items={[
          [
            <Trans key="a">Available</Trans>,
            currency
              ? `${formatMicroBalance(currency.user_wallet.micro_balance, currencyName)} ${currencyName}`
              : '--',
          ],
          [
            <Trans key="e">Expected profit</Trans>,
            profit === null
              ? '--'
              : `${show(profit, currencyName.toUpperCase() === 'BTC' ? 6 : 2)} ${currencyName}`,
          ],
        ]}
      />
      {blocked && (
        <Alert severity="warning" sx={{ py: 0 }}>
          {i18n._(tradeMessages.nonTrading)}
        </Alert>
      )}
      <Button type="submit" variant="contained" color={up ? 'success' : 'error'}>
        {up ? t`Buy up` : t`Buy down`}
      </Button>
      <ConfirmDialog {...ticket.dialog} title={up ? t`Confirm up` : t`Confirm down`}>
        {order && (
          <Figures
            items={[
              [<Trans key="p">Pair</Trans>, pair.symbol],
              [<Trans key="a">Amount</Trans>, `${order.amount} ${order.currencyName}`],
              [<Trans key="d">Duration</Trans>, t`${order.duration.seconds} Sec`],
              [<Trans key="r">Profit rate</Trans>, `${order.duration.profit_ratio}%`],
            ]}
          />
        )}
      </ConfirmDialog>
    </Box>
  );
});
