// Leveraged contract figures (doc 1 §9; issue 5 item 3; server/API.md): pure functions over
// decimal text, exact with bignumber.js. Display truncates.
import type { MessageDescriptor } from '@lingui/core';
import { above, dec, Dec } from '../../../lib/decimal';
import { tradeMessages } from '../../trading';

/** 1 buy/long, 2 sell/short (doc 1 §3). */
export type LeverType = 1 | 2;
/** status of lever/submit: 0 limit, 1 market. */
export type LeverPriceMode = 0 | 1;

/** Default multiples when the server gives none (doc 1 §9). */
export const DEFAULT_MULTIPLES = ['20', '50', '100', '200'];
/** Hands autocomplete shows at most 6 (doc 1 §9). */
export const HAND_SUGGESTIONS = 6;
/** The stop dialog's stepper (doc 1 §5, §9). */
export const STOP_STEP = '0.01';
export const STOP_DECIMALS = 2;
const EPSILON = '0.00000001';
/** Money figures the server books carry 8 decimals (truncated). */
const BOOK_DECIMALS = 8;

export interface LeverInputs {
  type: LeverType;
  /** Latest price (market) or the limit price. */
  price: string;
  hands: string;
  multiple: string;
  /** Percent (quote `spread`). */
  spread: string;
  /** Percent (quote `lever_trade_fee`). */
  feeRate: string;
  /** Base units per hand (quote `lever_share_num`). */
  shareNum: string;
}

const ok = (...values: string[]) => values.every((v) => dec(v).isFinite());

/** The open price: price + spread x price / 100 for a long, minus for a short. */
export function openPrice(type: LeverType, price: string, spread: string): string | null {
  if (!above(price, '0') || !ok(spread)) return null;
  const p = dec(price);
  const s = p.times(dec(spread)).div(100);
  return (type === 1 ? p.plus(s) : p.minus(s)).toFixed();
}

/** Margin = (price ± spread x price / 100) x hands x per-hand amount / multiple. */
export function margin(i: LeverInputs): string | null {
  const open = openPrice(i.type, i.price, i.spread);
  if (open === null || !above(i.hands, '0') || !above(i.multiple, '0') || !ok(i.shareNum)) return null;
  return dec(open)
    .times(dec(i.hands))
    .times(dec(i.shareNum))
    .div(dec(i.multiple))
    .decimalPlaces(BOOK_DECIMALS, Dec.ROUND_DOWN)
    .toFixed();
}

/** Fee = (price ± spread x price / 100) x hands x per-hand amount x lever_trade_fee / 100. */
export function fee(i: LeverInputs): string | null {
  const open = openPrice(i.type, i.price, i.spread);
  if (open === null || !above(i.hands, '0') || !ok(i.shareNum, i.feeRate)) return null;
  return dec(open)
    .times(dec(i.hands))
    .times(dec(i.shareNum))
    .times(dec(i.feeRate))
    .div(100)
    .decimalPlaces(BOOK_DECIMALS, Dec.ROUND_DOWN)
    .toFixed();
}

/** Contract value = price x hands x per-hand amount. */
export function contractValue(price: string, hands: string, shareNum: string): string | null {
  if (!above(price, '0') || !above(hands, '0') || !ok(shareNum)) return null;
  return dec(price).times(dec(hands)).times(dec(shareNum)).toFixed();
}

/** The USDT value of one hand = lever_share_num x now_price. */
export function handValue(shareNum: string, nowPrice: string): string | null {
  if (!ok(shareNum) || !above(nowPrice, '0')) return null;
  return dec(shareNum).times(dec(nowPrice)).toFixed();
}

/** Profit (positive) or loss of a position at `at`: (at - open) x hands x per hand, reversed for a short. */
export function profitAt(
  type: LeverType,
  open: string,
  at: string,
  hands: string,
  shareNum: string,
): string | null {
  if (!above(open, '0') || !above(at, '0') || !ok(hands, shareNum)) return null;
  const diff = type === 1 ? dec(at).minus(dec(open)) : dec(open).minus(dec(at));
  return diff.times(dec(hands)).times(dec(shareNum)).decimalPlaces(BOOK_DECIMALS, Dec.ROUND_DOWN).toFixed();
}

/**
 * Liquidation price (maintenance margin 0, server/API.md): where the loss reaches the margin,
 * open x (1 - 1/multiple) for a long, open x (1 + 1/multiple) for a short.
 */
export function liquidationPrice(type: LeverType, open: string, multiple: string): string | null {
  if (!above(open, '0') || !above(multiple, '0')) return null;
  const k = dec(1).div(dec(multiple));
  return dec(open)
    .times(type === 1 ? dec(1).minus(k) : dec(1).plus(k))
    .toFixed();
}

/** The first failed rule of a leveraged submit (doc 1 §5), or null. */
export function validateLever(price: string, hands: string, multiple: string): MessageDescriptor | null {
  if (!above(price, EPSILON)) return tradeMessages.pprice;
  if (!above(hands, EPSILON)) return tradeMessages.phand;
  if (!above(multiple, EPSILON)) return tradeMessages.ptimes;
  return null;
}

/** Hands suggestions: the server's hand counts that start with what was typed, at most 6. */
export function handSuggestions(typed: string, shares: readonly string[]): string[] {
  const t = typed.trim();
  return shares.filter((s) => s.startsWith(t)).slice(0, HAND_SUGGESTIONS);
}

/** The multiples offered: the server's list, else 20, 50, 100, 200. */
export function multiplesOf(server: ReadonlyArray<{ value: string | number }> | undefined): string[] {
  const list = (server ?? []).map((m) => String(m.value)).filter((v) => above(v, '0'));
  return list.length > 0 ? list : DEFAULT_MULTIPLES;
}

/**
 * One step of the stop dialog: value ± 0.01 with 2 decimals. A result at or below 0 is refused
 * (lever.thanzone): the value stays and the message is returned.
 */
export function stepStop(
  value: string,
  direction: 1 | -1,
): { value: string; error: MessageDescriptor | null } {
  const current = dec(value).isFinite() ? dec(value) : dec(0);
  const next = current.plus(dec(STOP_STEP).times(direction)).decimalPlaces(STOP_DECIMALS, Dec.ROUND_DOWN);
  if (next.lte(0)) return { value, error: tradeMessages.thanzone };
  return { value: next.toFixed(STOP_DECIMALS), error: null };
}
