import { memo, useMemo, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import type { AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type AmountRules,
  amountValue,
  ConfirmDialog,
  formatBalance,
  type LiveValue,
  type MarketPair,
  type QuoteLive,
  tradeTypeOf,
  useLiveSelect,
} from '@app/shared';
import { DecimalField } from '@app/shared/DecimalField';
import { decimalsOf, show } from '../../../lib/decimal';
import {
  LiveField,
  Figures,
  OrderTypeSelect,
  SideToggle,
  SuggestedField,
  tradeMessages,
} from '../../trading';
import { useOrderTicket } from '../../order-ticket';
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

/** A limit price before the instrument's precision is known (no tape price yet). */
const UNKNOWN_PRICE_DECIMALS = 8;
/** Hands are whole numbers, at most 6 digits. */
const HAND_RULES: AmountRules = { decimals: 0, maxIntegerDigits: 6 };

/** The instrument's leverage parameters: the server's deal first, else the quote. */
function paramsOf(deal: LeverDeal | null, quote: ReturnType<QuoteLive['get']>) {
  return {
    latest: quote?.price ?? deal?.now_price ?? '',
    spread: deal?.spread ?? quote?.spread ?? '0',
    feeRate: deal?.lever_trade_fee ?? quote?.leverFee ?? '0',
    shareNum: deal?.lever_share_num ?? quote?.shareNum ?? '1',
  };
}

interface FigureInputs {
  quote: QuoteLive;
  deal: LeverDeal | null;
  type: LeverType;
  /** null in market mode (the latest price is used). */
  limitPrice: string | null;
  hands: string;
  multiple: string;
}

const usdt = (v: string | null) => (v === null ? '--' : `${show(v, 2)} USDT`);

// The live price is read only by these children, through the texts they show: a quote tick
// re-renders them only when a shown figure changes, never the form.
interface FigureTexts {
  /** The price shown (market: the latest). */
  price: string;
  value: string;
  margin: string;
  fee: string;
}

function useFigures({ quote, deal, type, limitPrice, hands, multiple }: FigureInputs): FigureTexts {
  const key = useLiveSelect(quote, (q) => {
    const p = paramsOf(deal, q);
    const price = limitPrice ?? p.latest;
    const inputs = {
      type,
      price,
      hands,
      multiple,
      spread: p.spread,
      feeRate: p.feeRate,
      shareNum: p.shareNum,
    };
    const texts: FigureTexts = {
      price: price ? show(price, decimalsOf(p.latest || undefined)) : '--',
      value: usdt(contractValue(price, hands, p.shareNum)),
      margin: usdt(margin(inputs)),
      fee: usdt(fee(inputs)),
    };
    return JSON.stringify(texts);
  });
  return JSON.parse(key) as FigureTexts;
}

function MarketPriceField({ quote, deal }: { quote: QuoteLive; deal: LeverDeal | null }) {
  const { t } = useLingui();
  const sources = useMemo(() => [quote] as ReadonlyArray<LiveValue<unknown>>, [quote]);
  const read = () => {
    const latest = paramsOf(deal, quote.get()).latest;
    return latest ? show(latest, decimalsOf(latest)) : '';
  };
  return <LiveField label={t`Price`} helperText={t`Best market price`} sources={sources} read={read} />;
}

function HandHintText({ quote, deal }: { quote: QuoteLive; deal: LeverDeal | null }) {
  const { t } = useLingui();
  // Until the price and the contract size are known the line shows "--" (as the figures below
  // do): an empty line had no height, and the line arriving pushed the form down (a layout shift).
  const hand = useLiveSelect(quote, (q) => {
    const p = paramsOf(deal, q);
    const v = handValue(p.shareNum, p.latest);
    return v === null ? '--' : show(v, 2);
  });
  return <>{t`1 hand = ${hand} USDT`}</>;
}

/** The 1-hand hint (doc 1 §2): a static caption whose text alone follows the price. */
const HandHint = memo(function HandHint({ quote, deal }: { quote: QuoteLive; deal: LeverDeal | null }) {
  return (
    <Typography variant="caption" sx={{ color: 'text.secondary', mt: -0.75, px: 1.75 }}>
      <HandHintText quote={quote} deal={deal} />
    </Typography>
  );
});

function CostFigures(props: FigureInputs) {
  const f = useFigures(props);
  return (
    <Figures
      dense
      items={[
        [
          <Trans key="a">Available</Trans>,
          props.deal ? `${formatBalance(props.deal.user_lever, 'USDT')} USDT` : '--',
        ],
        [<Trans key="v">Contract value</Trans>, f.value],
        [<Trans key="m">Margin</Trans>, f.margin],
        [<Trans key="f">Fee</Trans>, f.fee],
      ]}
    />
  );
}

function ConfirmFigures(props: FigureInputs & { pair: MarketPair }) {
  const { t } = useLingui();
  const f = useFigures(props);
  const priceText = f.price;
  return (
    <Figures
      items={[
        [<Trans key="p">Pair</Trans>, props.pair.symbol],
        [
          <Trans key="pr">Price</Trans>,
          props.limitPrice === null ? `${t`Market`} (${priceText})` : priceText,
        ],
        [<Trans key="h">Hands</Trans>, `${props.hands} × ${props.multiple}x`],
        [<Trans key="v">Contract value</Trans>, f.value],
        [<Trans key="m">Margin</Trans>, f.margin],
        [<Trans key="f">Fee</Trans>, f.fee],
      ]}
    />
  );
}

/** The order the confirm dialog is for, fixed when it opened. */
interface LeverOrder {
  type: LeverType;
  mode: LeverPriceMode;
  /** The limit price (market: the latest price, not sent). */
  price: string;
  hands: string;
  multiple: string;
}

export interface LeverFormProps {
  pair: MarketPair;
  quote: QuoteLive;
  deal: LeverDeal | null;
  initialType: LeverType;
  blocked: boolean;
  onSubmitted: () => void;
}

/** The leveraged order form (doc 1 §2, §4, §5, §9). Cost figures follow every change. */
export const LeverForm = memo(function LeverForm({
  pair,
  quote,
  deal,
  initialType,
  blocked,
  onSubmitted,
}: LeverFormProps) {
  const { t, i18n } = useLingui();
  const [type, setType] = useState<LeverType>(initialType);
  const [mode, setMode] = useState<LeverPriceMode>(1);
  const [limitPrice, setLimitPrice] = useState('');
  const [hands, setHands] = useState('');
  const multiples = useMemo(() => multiplesOf(deal?.multiple.muit), [deal]);
  const [chosenMultiple, setMultiple] = useState('');
  const multiple = multiples.includes(chosenMultiple) ? chosenMultiple : (multiples[0] ?? '');
  const shares = useMemo(() => (deal?.multiple.share ?? []).map(String), [deal]);
  // The instrument's price precision is that of its tape price (as shown everywhere): a limit
  // price with more decimals is refused under the field. A tick re-renders only on a change.
  const priceDecimals = useLiveSelect(quote, (q) => {
    const tape = paramsOf(deal, q).latest;
    return tape ? decimalsOf(tape) : UNKNOWN_PRICE_DECIMALS;
  });
  const priceRules = useMemo<AmountRules>(() => ({ decimals: priceDecimals }), [priceDecimals]);

  const latest = () => paramsOf(deal, quote.get()).latest;
  const priceNow = () => (mode === 1 ? latest() : limitPrice);
  const long = type === 1;
  const figureProps: FigureInputs = {
    quote,
    deal,
    type,
    limitPrice: mode === 1 ? null : limitPrice,
    hands,
    multiple,
  };

  const ticket = useOrderTicket({
    blocked,
    place: (order: LeverOrder) =>
      leverApi.submit({
        legal_id: pair.legalId,
        currency_id: pair.currencyId,
        multiple: order.multiple,
        share: order.hands,
        type: order.type,
        status: order.mode,
        target_price: order.mode === 0 ? order.price : '',
        trade_type: tradeTypeOf(pair.tab),
      }),
    placed: () => ({ message: tradeMessages.submitted }),
    onPlaced: () => {
      setHands('');
      onSubmitted();
    },
  });

  const submit = () =>
    ticket.request(() => {
      // Typed text that is not a valid amount is explained under its field.
      if (mode === 0 && limitPrice !== '' && amountValue(limitPrice, priceRules) === null) return null;
      if (hands !== '' && amountValue(hands, HAND_RULES) === null) return null;
      const price = priceNow();
      const problem = validateLever(price, hands, multiple);
      if (problem) return { problem };
      return { order: { type, mode, price, hands, multiple } };
    });

  const handsField = (params?: AutocompleteRenderInputParams) => (
    <DecimalField
      {...params}
      size="small"
      label={t`Hands`}
      value={hands}
      rules={HAND_RULES}
      onChange={(text) => setHands(text)}
    />
  );

  return (
    <Box
      component="form"
      aria-label={t`Leveraged order`}
      onSubmit={(e) => (e.preventDefault(), submit())}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1.25 }}
    >
      <SideToggle<LeverType>
        label={t`Direction`}
        value={type}
        up={{ value: 1, label: <Trans>Long</Trans> }}
        down={{ value: 2, label: <Trans>Short</Trans> }}
        onChange={(v) => {
          setType(v);
          // Switching long/short resets the price to the latest (doc 1 §4).
          setLimitPrice(latest());
        }}
      />
      <OrderTypeSelect<LeverPriceMode>
        value={mode}
        market={1}
        limit={0}
        onChange={(next) => {
          setMode(next);
          if (next === 0) setLimitPrice(latest());
        }}
      />
      {mode === 1 ? (
        <MarketPriceField quote={quote} deal={deal} />
      ) : (
        <DecimalField
          size="small"
          label={t`Price`}
          value={limitPrice}
          rules={priceRules}
          onChange={(text) => setLimitPrice(text)}
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
      <SuggestedField
        options={shares}
        suggest={handSuggestions}
        value={hands}
        onChange={setHands}
        field={handsField}
      />
      <HandHint quote={quote} deal={deal} />
      <CostFigures {...figureProps} />
      {blocked && (
        <Alert severity="warning" sx={{ py: 0 }}>
          {i18n._(tradeMessages.nonTrading)}
        </Alert>
      )}
      <Button type="submit" variant="contained" color={long ? 'success' : 'error'}>
        {long ? t`Buy long` : t`Sell short`}
      </Button>
      <ConfirmDialog {...ticket.dialog} title={long ? t`Confirm long` : t`Confirm short`}>
        <ConfirmFigures {...figureProps} pair={pair} />
      </ConfirmDialog>
    </Box>
  );
});
