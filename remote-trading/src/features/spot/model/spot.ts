// Spot order rules (doc 1 §2, §5, §9): the percentage slider, the total, validation.
import type { MessageDescriptor } from '@lingui/core';
import { above, dec, show } from '../../../lib/decimal';
import { tradeMessages } from '../../trading';

export type SpotSide = 'buy' | 'sell';
/** mode of transaction/in|out: 1 market, 2 limit (doc 1 §7). */
export type SpotPriceMode = 1 | 2;

/** Quantities carry 5 decimals, truncated (doc 1 §5). */
export const QUANTITY_DECIMALS = 5;

/**
 * The slider's quantity (doc 1 §5): buy = legal balance / price x percent; sell = currency
 * balance x percent; 5 decimals, truncated. Empty when it cannot be computed.
 */
export function sliderQuantity(
  side: SpotSide,
  percent: number,
  balances: { legal: string; currency: string },
  price: string,
): string {
  const p = dec(percent).div(100);
  if (!p.isFinite() || p.lte(0)) return '';
  if (side === 'buy') {
    if (!above(price, '0') || !dec(balances.legal).isFinite()) return '';
    return show(dec(balances.legal).div(dec(price)).times(p), QUANTITY_DECIMALS);
  }
  if (!dec(balances.currency).isFinite()) return '';
  return show(dec(balances.currency).times(p), QUANTITY_DECIMALS);
}

/** Total = price x quantity (doc 1 §9), exact; null when either is missing. */
export function spotTotal(price: string, quantity: string): string | null {
  if (!above(price, '0') || !above(quantity, '0')) return null;
  return dec(price).times(dec(quantity)).toFixed();
}

/** The first failed rule of a spot submit (doc 1 §5), or null. */
export function validateSpot(side: SpotSide, price: string, quantity: string): MessageDescriptor | null {
  if (!above(price, '0')) return side === 'buy' ? tradeMessages.inprice : tradeMessages.outprice;
  if (!above(quantity, '0')) return side === 'buy' ? tradeMessages.innumber : tradeMessages.outnumber;
  return null;
}

/**
 * The fee of a spot fill (server rule): `feeRate` percent of what the user receives, the coin
 * on a buy (quantity x rate), USDT on a sell (total x rate). Null when it cannot be computed.
 */
export function spotFee(
  side: SpotSide,
  price: string,
  quantity: string,
  feeRate: string,
): { amount: string; inCoin: boolean } | null {
  if (!above(quantity, '0') || !dec(feeRate).isFinite()) return null;
  const rate = dec(feeRate).div(100);
  if (side === 'buy') return { amount: dec(quantity).times(rate).toFixed(), inCoin: true };
  const total = spotTotal(price, quantity);
  return total === null ? null : { amount: dec(total).times(rate).toFixed(), inCoin: false };
}
