import { memo, useMemo, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { ConfirmDialog, apiErrorMessage, formatBalance, notify } from '@app/shared';
import { sanitizeDecimalInput, show } from '../../../lib/decimal';
import { Figures } from '../../trading/components/Figures';
import { tradeMessages } from '../../trading/model/messages';
import { tradeTypeOf, type TradePair } from '../../market/model/pair';
import { leverApi, type LeverDeal } from '../api/leverApi';
import {
  contractValue,
  fee,
  handSuggestions,
  handValue,
  margin,
  multiplesOf,
  validateLever,
  type LeverPriceMode,
  type LeverType,
} from '../model/lever';

export interface LeverFormProps {
  pair: TradePair;
  /** The latest price (quote, live). */
  latestPrice: string | undefined;
  priceDecimals: number;
  spread: string;
  feeRate: string;
  shareNum: string;
  deal: LeverDeal | null;
  initialType: LeverType;
  blocked: boolean;
  onSubmitted: () => void;
}

/** The leveraged order form (doc 1 §2, §4, §5, §9). Cost figures follow every change. */
export const LeverForm = memo(function LeverForm({
  pair,
  latestPrice,
  priceDecimals,
  spread,
  feeRate,
  shareNum,
  deal,
  initialType,
  blocked,
  onSubmitted,
}: LeverFormProps) {
  const { t, i18n } = useLingui();
  const [type, setType] = useState<LeverType>(initialType);
  const [mode, setMode] = useState<LeverPriceMode>(1);
  const [limitPrice, setLimitPrice] = useState(latestPrice ?? '');
  const [hands, setHands] = useState('');
  const multiples = useMemo(() => multiplesOf(deal?.multiple.muit), [deal]);
  const [chosenMultiple, setMultiple] = useState('');
  const multiple = multiples.includes(chosenMultiple) ? chosenMultiple : (multiples[0] ?? '');
  const shares = useMemo(() => (deal?.multiple.share ?? []).map(String), [deal]);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const price = mode === 1 ? (latestPrice ?? '') : limitPrice;
  const inputs = { type, price, hands, multiple, spread, feeRate, shareNum };
  const figures = {
    value: contractValue(price, hands, shareNum),
    margin: margin(inputs),
    fee: fee(inputs),
    hand: handValue(shareNum, latestPrice ?? ''),
  };
  const long = type === 1;

  const submit = () => {
    if (blocked) {
      notify(i18n._(tradeMessages.nonTrading), 'warning');
      return;
    }
    const problem = validateLever(price, hands, multiple);
    if (problem) {
      notify(i18n._(problem), 'error');
      return;
    }
    setConfirming(true);
  };

  const place = async () => {
    setBusy(true);
    try {
      await leverApi.submit({
        legal_id: pair.legalId,
        currency_id: pair.currencyId,
        multiple,
        share: hands,
        type,
        status: mode,
        target_price: mode === 0 ? price : '',
        trade_type: tradeTypeOf(pair.tab),
      });
      notify(i18n._(tradeMessages.submitted), 'success');
      setHands('');
      onSubmitted();
    } catch (error) {
      notify(apiErrorMessage(i18n, error), 'error');
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  const usdt = (v: string | null) => (v === null ? '--' : `${show(v, 2)} USDT`);
  return (
    <Box
      component="form"
      aria-label={t`Leveraged order`}
      onSubmit={(e) => (e.preventDefault(), submit())}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1.25 }}
    >
      <ToggleButtonGroup
        exclusive
        fullWidth
        size="small"
        value={type}
        aria-label={t`Direction`}
        onChange={(_, v: LeverType | null) => {
          if (!v) return;
          setType(v);
          // Switching long/short resets the price to the latest (doc 1 §4).
          setLimitPrice(latestPrice ?? '');
        }}
      >
        <ToggleButton value={1} sx={{ '&.Mui-selected': { bgcolor: 'success.main', color: '#fff' } }}>
          <Trans>Long</Trans>
        </ToggleButton>
        <ToggleButton value={2} sx={{ '&.Mui-selected': { bgcolor: 'error.main', color: '#fff' } }}>
          <Trans>Short</Trans>
        </ToggleButton>
      </ToggleButtonGroup>
      <TextField
        select
        size="small"
        label={t`Order type`}
        value={mode}
        onChange={(e) => {
          const next = Number(e.target.value) === 0 ? 0 : 1;
          setMode(next);
          if (next === 0) setLimitPrice(latestPrice ?? '');
        }}
      >
        <MenuItem value={1}>
          <Trans>Market</Trans>
        </MenuItem>
        <MenuItem value={0}>
          <Trans>Limit</Trans>
        </MenuItem>
      </TextField>
      {mode === 1 ? (
        <TextField
          size="small"
          label={t`Price`}
          value={latestPrice ? show(latestPrice, priceDecimals) : ''}
          helperText={t`Best market price`}
          slotProps={{ htmlInput: { readOnly: true, 'aria-readonly': true } }}
        />
      ) : (
        <TextField
          size="small"
          label={t`Price`}
          value={limitPrice}
          onChange={(e) => setLimitPrice(sanitizeDecimalInput(e.target.value, priceDecimals || 8))}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      )}
      <TextField
        select
        size="small"
        label={t`Multiple`}
        value={multiple}
        onChange={(e) => setMultiple(e.target.value)}
      >
        {multiples.map((m) => (
          <MenuItem key={m} value={m}>
            {m}x
          </MenuItem>
        ))}
      </TextField>
      <Autocomplete
        freeSolo
        options={shares}
        filterOptions={(options, state) => handSuggestions(state.inputValue, options)}
        inputValue={hands}
        onInputChange={(_, v) => setHands(v.replace(/\D/g, '').slice(0, 6))}
        renderInput={(params) => (
          <TextField
            {...params}
            size="small"
            label={t`Hands`}
            helperText={figures.hand ? t`1 hand = ${show(figures.hand, 2)} USDT` : ' '}
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, inputMode: 'numeric' },
            }}
          />
        )}
      />
      <Figures
        dense
        items={[
          [<Trans key="a">Available</Trans>, deal ? `${formatBalance(deal.user_lever, 'USDT')} USDT` : '--'],
          [<Trans key="v">Contract value</Trans>, usdt(figures.value)],
          [<Trans key="m">Margin</Trans>, usdt(figures.margin)],
          [<Trans key="f">Fee</Trans>, usdt(figures.fee)],
        ]}
      />
      {blocked && (
        <Alert severity="warning" sx={{ py: 0 }}>
          {i18n._(tradeMessages.nonTrading)}
        </Alert>
      )}
      <Button type="submit" variant="contained" color={long ? 'success' : 'error'} sx={{ color: '#fff' }}>
        {long ? t`Buy long` : t`Sell short`}
      </Button>
      <ConfirmDialog
        open={confirming}
        busy={busy}
        title={long ? t`Confirm long` : t`Confirm short`}
        onClose={() => setConfirming(false)}
        onConfirm={() => void place()}
      >
        <Figures
          items={[
            [<Trans key="p">Pair</Trans>, pair.symbol],
            [
              <Trans key="pr">Price</Trans>,
              mode === 1 ? `${t`Market`} (${show(price, priceDecimals)})` : show(price, priceDecimals),
            ],
            [<Trans key="h">Hands</Trans>, `${hands} × ${multiple}x`],
            [<Trans key="v">Contract value</Trans>, usdt(figures.value)],
            [<Trans key="m">Margin</Trans>, usdt(figures.margin)],
            [<Trans key="f">Fee</Trans>, usdt(figures.fee)],
          ]}
        />
      </ConfirmDialog>
    </Box>
  );
});
