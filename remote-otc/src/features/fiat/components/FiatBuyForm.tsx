import { useEffect, useMemo, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import {
  ApiError,
  ConfirmDialog,
  amountValue,
  apiErrorMessage,
  formatMoney,
  notify,
  useMutation,
  useNavigate,
  useQueryClient,
  type AmountRules,
} from '@app/shared';
import { DecimalField } from '@app/shared/DecimalField';
import { formatDateTime } from '../../common';
import { fiatApi, type FiatInfo, type PayWay } from '../api/fiatApi';
import { fiatKeys } from '../api/keys';
import {
  DEFAULT_PAY_WAY,
  FIAT_NAME,
  MATCHED_MS,
  MATCHING_MS,
  PAY_WAYS,
  QUICK_AMOUNTS,
  usdtFor,
  validateBuy,
} from '../model/fiat';
import { buyProblemMessage, fiatMessages, payWayLabel } from '../model/messages';
import { MatchingOverlay, type MatchingPhase } from './MatchingOverlay';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Amount (quick amounts), pay way (bank by default), validation, matching, then the order. */
export function FiatBuyForm({ info }: { info: FiatInfo }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [amount, setAmount] = useState('');
  const [payWay, setPayWay] = useState<PayWay>(DEFAULT_PAY_WAY);
  const [amountError, setAmountError] = useState('');
  const [phase, setPhase] = useState<MatchingPhase | null>(null);
  const [confirming, setConfirming] = useState(false);
  // A second tap on Confirm before the answer arrives sends nothing.
  const sending = useRef(false);
  const rules = useMemo<AmountRules>(() => ({ decimals: 2, min: info.min, max: info.max }), [info]);
  const queryClient = useQueryClient();
  // The new order changes the terms (unfinished orders) and the records: both are asked again.
  // The merchants' rates moved (fiat.rate_changed): the current price is asked again.
  const buy = useMutation({
    mutationFn: (body: { acc: string; rate: string; pay_way: PayWay }) => fiatApi.buy(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fiatKeys.all }),
    onError: (error) =>
      error instanceof ApiError && error.code === 'fiat.rate_changed'
        ? queryClient.invalidateQueries({ queryKey: fiatKeys.info() })
        : undefined,
  });
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  const check = () => {
    // A typed amount that is not valid is explained under the field.
    if (amount !== '' && amountValue(amount, rules) === null) return;
    const problem = validateBuy(amount, info, payWay);
    if (problem) {
      const text = i18n._(buyProblemMessage[problem]);
      if (problem === 'amount') setAmountError(text);
      notify(text, 'warning');
      return;
    }
    setAmountError('');
    setConfirming(true);
  };

  const submit = async () => {
    const acc = amountValue(amount, rules);
    if (sending.current || acc === null) return;
    sending.current = true;
    setConfirming(false);
    setPhase('matching');
    try {
      // The overlay shows while the server really matches, at least MATCHING_MS.
      const [id] = await Promise.all([
        buy.mutateAsync({ acc, rate: info.rate, pay_way: payWay }),
        sleep(MATCHING_MS),
      ]);
      if (!alive.current) return;
      setPhase('matched');
      await sleep(MATCHED_MS);
      if (!alive.current) return;
      notify(i18n._(fiatMessages.orderPlaced), 'success');
      navigate(`/Detail?id=${encodeURIComponent(String(id))}`);
    } catch (error) {
      if (!alive.current) return;
      setPhase(null);
      // The server's pay-way refusal reads as the chosen way's own message (doc 2 §8).
      const text =
        error instanceof ApiError && error.code === 'fiat.pay_way_unsupported'
          ? i18n._(buyProblemMessage[payWay])
          : apiErrorMessage(i18n, error);
      notify(text, 'error');
    } finally {
      sending.current = false;
    }
  };

  const usdt = usdtFor(amount, info.rate);
  const restrictedUntil = info.restricted_until ? formatDateTime(info.restricted_until) : '';
  return (
    <Stack spacing={2}>
      {restrictedUntil && (
        <Alert severity="warning">
          <Trans>You cancelled 3 orders today: buying is restricted until {restrictedUntil}.</Trans>
        </Alert>
      )}
      <Card variant="outlined">
        <CardContent>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            <Trans>Price</Trans>
          </Typography>
          <Typography variant="h5" data-testid="fiat-rate">
            <Trans>1 USDT ≈ {formatMoney(info.rate, FIAT_NAME)}</Trans>
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
            <Trans>
              Limit {`${info.min} ${FIAT_NAME}`} – {`${info.max} ${FIAT_NAME}`} · {String(info.count)}{' '}
              certified sellers
            </Trans>
          </Typography>
        </CardContent>
      </Card>

      <DecimalField
        label={t`Purchase amount`}
        value={amount}
        rules={rules}
        onChange={(text) => {
          setAmount(text);
          setAmountError('');
        }}
        helperText={amountError || t`Between ${`${info.min} ${FIAT_NAME}`} and ${`${info.max} ${FIAT_NAME}`}`}
        fullWidth
      />
      <Box role="group" aria-label={t`Quick amounts`} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {QUICK_AMOUNTS.map((value) => (
          <Button
            key={value}
            variant={amount === value ? 'contained' : 'outlined'}
            aria-pressed={amount === value}
            onClick={() => {
              setAmount(value);
              setAmountError('');
            }}
            sx={{ minHeight: 44, flex: '1 0 28%' }}
          >
            {value}
          </Button>
        ))}
      </Box>
      <Typography data-testid="fiat-usdt" sx={{ overflowWrap: 'anywhere' }}>
        <Trans>You get ≈ {usdt} USDT</Trans>
      </Typography>

      <FormControl>
        <FormLabel id="fiat-payway">
          <Trans>Pay with</Trans>
        </FormLabel>
        <RadioGroup
          aria-labelledby="fiat-payway"
          value={payWay}
          onChange={(e) => setPayWay(e.target.value as PayWay)}
        >
          {PAY_WAYS.map((way) => (
            <FormControlLabel
              key={way}
              value={way}
              control={<Radio />}
              label={i18n._(payWayLabel[way])}
              sx={{ minHeight: 44 }}
            />
          ))}
        </RadioGroup>
      </FormControl>

      <Button
        variant="contained"
        size="large"
        onClick={check}
        disabled={phase !== null}
        sx={{ minHeight: 48 }}
      >
        <Trans>Buy USDT</Trans>
      </Button>
      <ConfirmDialog
        open={confirming}
        busy={phase !== null}
        title={t`Confirm purchase`}
        confirmLabel={t`Buy USDT`}
        onClose={() => setConfirming(false)}
        onConfirm={() => void submit()}
      >
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', gap: 1 }}
        >
          {[
            [t`You pay`, `${amount} ${FIAT_NAME}`],
            [t`Price`, `1 USDT ≈ ${formatMoney(info.rate, FIAT_NAME)}`],
            [t`Pay with`, i18n._(payWayLabel[payWay])],
            [t`Fee`, `0 ${FIAT_NAME}`],
            [t`You get (estimated)`, `≈ ${usdt} USDT`],
          ].map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                {label}
              </Typography>
              <Typography
                component="dd"
                variant="body2"
                sx={{ m: 0, textAlign: 'right', overflowWrap: 'anywhere' }}
              >
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </ConfirmDialog>
      <MatchingOverlay phase={phase} />
    </Stack>
  );
}
