// Seconds contract rules (doc 1 §2, §4, §5, §9; issue 5 item 6): pure functions.
import type { MessageDescriptor } from '@lingui/core';
import type { seconds } from '@app/contract';
import { above, dec, show } from '../../../lib/decimal';
import { tradeMessages } from '../../trading';

/** 1 up, 2 down. */
export type SecondsType = 1 | 2;
/** 1 trading, 2 settling, 3 closed. */
export type SecondsStatus = 1 | 2 | 3;

/** The lists count down every 200 ms, the popup every second (doc 1 §9). */
export const LIST_TICK_MS = 200;
export const POPUP_TICK_MS = 1000;
/** A closed order leaves the trading list 0.5 s after its closed_microorder (doc 1 §4). */
export const REMOVE_AFTER_MS = 500;
/** Without a closed_microorder the lists are fetched again this long after the end (doc 1 §4). */
export const REFETCH_AFTER_MS = 2000;

/** A seconds order as every call and the closed_microorder channel answer it. */
export type SecondsOrder = seconds.MicroOrderView;

/** An order with the local time its remain_milli_seconds was read (no clock skew). */
export interface LiveSecondsOrder extends SecondsOrder {
  receivedAt: number;
}

/** Expected profit when winning = number x profit_ratio / 100; a loss is the whole number (doc 1 §9). */
export function expectedProfit(number: string, profitRatio: string): string | null {
  if (!above(number, '0') || !dec(profitRatio).isFinite()) return null;
  return dec(number).times(dec(profitRatio)).div(100).toFixed();
}

/** Available micro balance: 6 decimals for BTC, otherwise 2 (doc 1 §2). */
export function formatMicroBalance(value: string | undefined, currencyName: string): string {
  return show(value ?? '0', currencyName.toUpperCase() === 'BTC' ? 6 : 2);
}

/** Amount > 1e-8, else footer.openNum (doc 1 §5). */
export function validateSeconds(amount: string): MessageDescriptor | null {
  return above(amount, '0.00000001') ? null : tradeMessages.openNum;
}

/** Allowed amounts that start with what was typed. */
export function amountSuggestions(typed: string, numbers: readonly string[]): string[] {
  const t = typed.trim();
  return numbers.filter((n) => n.startsWith(t));
}

/** Milliseconds left at `now`, never below 0. */
export function remainingMs(order: LiveSecondsOrder, now: number): number {
  const remain = Number(order.remain_milli_seconds ?? 0);
  return Math.max(0, remain - (now - order.receivedAt));
}

/** What a row or the popup shows: trading while time is left, settling until the result is in. */
export function phaseOf(order: LiveSecondsOrder, now: number): SecondsStatus {
  if (Number(order.status) === 3) return 3;
  if (Number(order.status) === 2 || remainingMs(order, now) <= 0) return 2;
  return 1;
}

/** "00:27" style countdown, rounded up to whole seconds. */
export function formatCountdown(ms: number): string {
  const s = Math.ceil(ms / 1000);
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

export function toLive(order: SecondsOrder, receivedAt: number): LiveSecondsOrder {
  return { ...order, receivedAt };
}
