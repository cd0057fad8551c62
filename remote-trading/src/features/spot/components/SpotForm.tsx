import { memo, useMemo, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Slider from '@mui/material/Slider';
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
import { bestPrice, type DepthLive } from '@app/shared/market-book';
import { DecimalField } from '@app/shared/DecimalField';
import { decimalsOf, show } from '../../../lib/decimal';
import { LiveField, Figures, Later, OrderTypeSelect, SideToggle, tradeMessages } from '../../trading';
import { useOrderTicket } from '../../order-ticket';
import { spotApi, type SpotDeal } from '../api/spotApi';
import {
  QUANTITY_DECIMALS,
  sliderQuantity,
  spotFee,
  spotTotal,
  validateSpot,
  type SpotPriceMode,
  type SpotSide,
} from '../model/spot';

const MARKS = [0, 25, 50, 75, 100].map((value) => ({ value }));

/**
 * The slider's place until it mounts, a commit after the form (Later: its ~30 style rules and
 * its marks made the form's first commit longer): the box of MUI's Slider root (an inline block,
 * content 4 px high, 13 px above and below, 20 px on a touch screen; no mark labels), so nothing
 * moves.
 */
function SliderPlace() {
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-block',
        boxSizing: 'content-box',
        width: '100%',
        height: 4,
        py: '13px',
        '@media (pointer: coarse)': { py: '20px' },
      }}
    />
  );
}

/**
 * The order type's place until it mounts, a commit after the form (Later): MUI's Select (its
 * input, icon and menu code, and the style rules of the form's first outlined field) was the
 * largest part of the spot screen's first commit, one task of about 100 ms at 4x. The box of a
 * small outlined field: 23 px of text and 8.5 px of padding above and below.
 */
function OrderTypePlace() {
  return <Box sx={{ height: 40 }} />;
}

/** The price a market order of `side` would take now: the best level of the book, else the last price. */
export function marketPriceOf(depth: DepthLive, quote: QuoteLive, side: SpotSide): string | null {
  return bestPrice(depth.live.get().book, side) ?? quote.get()?.price ?? null;
}

// The live price is read only where it is shown, so a depth tick re-renders these few nodes,
// not the form.
// They follow the best price and the last price as texts: a tick that changes neither (most
// depth ticks) renders nothing.
function useMarketPrice(depth: DepthLive, quote: QuoteLive, side: SpotSide) {
  const best = useLiveSelect(depth.live, (s) => bestPrice(s.book, side));
  const last = useLiveSelect(quote, (q) => q?.price);
  const price = best ?? last ?? null;
  return { price, decimals: decimalsOf(last ?? price ?? undefined) };
}

function MarketPriceField({ depth, quote, side }: { depth: DepthLive; quote: QuoteLive; side: SpotSide }) {
  const { t } = useLingui();
  const sources = useMemo(
    () => [depth.live, quote] as ReadonlyArray<LiveValue<unknown>>,
    [depth.live, quote],
  );
  const read = () => {
    const price = marketPriceOf(depth, quote, side);
    return price ? show(price, decimalsOf(quote.get()?.price ?? price)) : '';
  };
  return <LiveField label={t`Price`} helperText={t`Best market price`} sources={sources} read={read} />;
}

interface PricedProps {
  depth: DepthLive;
  quote: QuoteLive;
  side: SpotSide;
  /** null in market mode. */
  limitPrice: string | null;
  quantity: string;
}

function SpotTotal({ depth, quote, side, limitPrice, quantity }: PricedProps) {
  const market = useMarketPrice(depth, quote, side);
  const total = spotTotal(limitPrice ?? market.price ?? '', quantity);
  return <>{total ? show(total, 2) : '--'}</>;
}

function SpotConfirmFigures({
  pair,
  depth,
  quote,
  side,
  limitPrice,
  quantity,
  feeRate,
}: PricedProps & { pair: MarketPair; feeRate: string }) {
  const { t } = useLingui();
  const market = useMarketPrice(depth, quote, side);
  const price = limitPrice ?? market.price ?? '';
  const total = spotTotal(price, quantity);
  const fee = spotFee(side, price, quantity, feeRate);
  const estimated = limitPrice === null;
  return (
    <>
      <Figures
        items={[
          [<Trans key="p">Pair</Trans>, pair.symbol],
          [<Trans key="t">Order type</Trans>, estimated ? t`Market` : t`Limit`],
          [
            estimated ? <Trans key="pr">Estimated price</Trans> : <Trans key="pr">Price</Trans>,
            price ? `${estimated ? '≈ ' : ''}${show(price, market.decimals)} USDT` : '--',
          ],
          [<Trans key="q">Quantity</Trans>, `${quantity} ${pair.name}`],
          [
            estimated ? <Trans key="to">Estimated total</Trans> : <Trans key="to">Total</Trans>,
            total ? `${estimated ? '≈ ' : ''}${show(total, 2)} USDT` : '--',
          ],
          [
            <Trans key="f">Fee ({feeRate}%)</Trans>,
            fee
              ? `${estimated && !fee.inCoin ? '≈ ' : ''}${fee.amount} ${fee.inCoin ? pair.name : 'USDT'}`
              : '--',
          ],
        ]}
      />
      {estimated && (
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 1.5 }}>
          <Trans>
            A market order fills at the best prices in the book when it arrives: the price and total are
            estimates.
          </Trans>
        </Typography>
      )}
    </>
  );
}

/** The order the confirm dialog shows, fixed when it opened. */
interface SpotOrder {
  mode: SpotPriceMode;
  /** null in market mode. */
  limitPrice: string | null;
  quantity: string;
}

export interface SpotFormProps {
  pair: MarketPair;
  side: SpotSide;
  onSideChange: (side: SpotSide) => void;
  depth: DepthLive;
  quote: QuoteLive;
  /** Limit price picked in the order book. */
  pickedPrice: { price: string; at: number } | null;
  deal: SpotDeal | null;
  blocked: boolean;
  onSubmitted: () => void;
}

/** The spot order form (doc 1 §2, §5): side, price mode, price, quantity, slider, total, confirm. */
export const SpotForm = memo(function SpotForm({
  pair,
  side,
  onSideChange,
  depth,
  quote,
  pickedPrice,
  deal,
  blocked,
  onSubmitted,
}: SpotFormProps) {
  const { t, i18n } = useLingui();
  const [mode, setMode] = useState<SpotPriceMode>(1);
  const [limitPrice, setLimitPrice] = useState('');
  const [quantity, setQuantity] = useState('');
  const [percent, setPercent] = useState(0);
  const [pickedAt, setPickedAt] = useState<number | null>(null);
  const priceRules = useMemo<AmountRules>(() => ({ decimals: deal?.price_decimals ?? 8 }), [deal]);
  const quantityRules = useMemo<AmountRules>(
    () => ({ decimals: Math.min(deal?.number_decimals ?? QUANTITY_DECIMALS, QUANTITY_DECIMALS) }),
    [deal],
  );
  const feeRate = deal?.fee_rate ?? '0';

  // A level tapped in the book fills the price (and switches to limit).
  if (pickedPrice && pickedPrice.at !== pickedAt) {
    setPickedAt(pickedPrice.at);
    setMode(2);
    setLimitPrice(pickedPrice.price);
  }

  const priceNow = () => (mode === 1 ? (marketPriceOf(depth, quote, side) ?? '') : limitPrice);
  const balances = { legal: deal?.user_legal ?? '0', currency: deal?.user_currency ?? '0' };
  const buy = side === 'buy';

  const clear = () => {
    setLimitPrice('');
    setQuantity('');
    setPercent(0);
  };

  const onSlide = (value: number) => {
    setPercent(value);
    setQuantity(sliderQuantity(side, value, balances, priceNow()));
  };

  const ticket = useOrderTicket({
    blocked,
    tone: 'warning',
    // A market order goes at the price of the book when Confirm is tapped.
    place: (order: SpotOrder) =>
      spotApi.submit(side, {
        legal_id: pair.legalId,
        currency_id: pair.currencyId,
        price: order.limitPrice ?? marketPriceOf(depth, quote, side) ?? '',
        num: order.quantity,
        mode: order.mode,
        trade_type: tradeTypeOf(pair.tab),
      }),
    placed: () => ({ message: tradeMessages.submitted }),
    onPlaced: () => {
      clear();
      onSubmitted();
    },
  });

  const submit = () =>
    ticket.request(() => {
      // A typed price or quantity that is not a valid amount is explained under its field.
      const limit = mode === 2 ? amountValue(limitPrice, priceRules) : null;
      const amount = amountValue(quantity, quantityRules);
      if ((mode === 2 && limitPrice !== '' && limit === null) || (quantity !== '' && amount === null))
        return null;
      const problem = validateSpot(side, mode === 2 ? (limit ?? '') : priceNow(), amount ?? '');
      if (problem) return { problem };
      return { order: { mode, limitPrice: limit, quantity: amount ?? '' } };
    });

  const sideLabel = buy ? t`Buy` : t`Sell`;
  return (
    <Box
      component="form"
      aria-label={t`Spot order`}
      onSubmit={(e) => (e.preventDefault(), submit())}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1.25 }}
    >
      <SideToggle<SpotSide>
        label={t`Side`}
        value={side}
        up={{ value: 'buy', label: <Trans>Buy</Trans> }}
        down={{ value: 'sell', label: <Trans>Sell</Trans> }}
        onChange={(v) => {
          onSideChange(v);
          setQuantity('');
          setPercent(0);
        }}
      />
      <Later placeholder={<OrderTypePlace />}>
        <OrderTypeSelect<SpotPriceMode>
          value={mode}
          market={1}
          limit={2}
          onChange={(next) => {
            setMode(next);
            setQuantity('');
            setPercent(0);
          }}
        />
      </Later>
      {mode === 1 ? (
        <MarketPriceField depth={depth} quote={quote} side={side} />
      ) : (
        <DecimalField
          size="small"
          label={t`Price`}
          value={limitPrice}
          rules={priceRules}
          onChange={(text) => {
            setLimitPrice(text);
            setPercent(0);
          }}
        />
      )}
      <DecimalField
        size="small"
        label={t`Quantity (${pair.name})`}
        value={quantity}
        rules={quantityRules}
        onChange={(text) => {
          setQuantity(text);
          setPercent(0);
        }}
      />
      <Box sx={{ px: 1 }}>
        <Later placeholder={<SliderPlace />}>
          <Slider
            value={percent}
            onChange={(_, v) => onSlide(Array.isArray(v) ? (v[0] ?? 0) : v)}
            step={1}
            marks={MARKS}
            min={0}
            max={100}
            valueLabelDisplay="auto"
            valueLabelFormat={(v) => `${v}%`}
            aria-label={t`Share of balance`}
            color={buy ? 'success' : 'error'}
          />
        </Later>
      </Box>
      <Typography
        variant="body2"
        sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}
        data-testid="spot-total"
      >
        <Trans>Total</Trans>:{' '}
        <SpotTotal
          depth={depth}
          quote={quote}
          side={side}
          limitPrice={mode === 1 ? null : limitPrice}
          quantity={quantity}
        />{' '}
        USDT
      </Typography>
      <Typography
        variant="body2"
        sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}
        data-testid="spot-available"
      >
        <Trans>Available</Trans>:{' '}
        {buy
          ? `${formatBalance(balances.legal, 'USDT')} USDT`
          : `${formatBalance(balances.currency, pair.name)} ${pair.name}`}
      </Typography>
      {blocked && (
        <Alert severity="warning" sx={{ py: 0 }}>
          {i18n._(tradeMessages.nonTrading)}
        </Alert>
      )}
      <Button type="submit" variant="contained" color={buy ? 'success' : 'error'}>
        {sideLabel} {pair.name}
      </Button>
      <ConfirmDialog {...ticket.dialog} title={buy ? t`Confirm buy` : t`Confirm sell`}>
        {ticket.order && (
          <SpotConfirmFigures
            pair={pair}
            depth={depth}
            quote={quote}
            side={side}
            limitPrice={ticket.order.limitPrice}
            quantity={ticket.order.quantity}
            feeRate={feeRate}
          />
        )}
      </ConfirmDialog>
    </Box>
  );
});
