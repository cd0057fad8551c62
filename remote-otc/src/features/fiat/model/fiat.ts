// Rules and figures of the fiat purchase (doc 2 §4, §5, §9). Decimal strings, bignumber.js only.
import { truncate } from '@app/shared';
import { toDecimal } from '@app/shared/decimal-math';
import type { FiatInfo, FiatOrderStatus, PayWay, PaymentDetails } from '../api/fiatApi';

/** The fiat currency of `acc`, `amount`, `min` and `max` (server/API.md: CNY). */
export const FIAT_NAME = 'CNY';

/** Quick amounts (doc 2 §9). */
export const QUICK_AMOUNTS = ['1000', '5000', '10000', '20000', '50000'] as const;
export const PAY_WAYS: readonly PayWay[] = ['bank', 'alipay', 'wechat'];
export const DEFAULT_PAY_WAY: PayWay = 'bank';
/** Unpaid orders time out 30 minutes after creation; the countdown updates every 100 ms. */
export const ORDER_TIMEOUT_MS = 1_800_000;
export const COUNTDOWN_TICK_MS = 100;
/** The matching overlay: at least 3 s matching, then 1.5 s matched (doc 2 §4, §9). */
export const MATCHING_MS = 3000;
export const MATCHED_MS = 1500;

/** Whether the merchant configured this pay way (doc 2 §5). */
export function supportsPayWay(details: PaymentDetails, way: PayWay): boolean {
  const filled = (v: string) => v.trim() !== '';
  if (way === 'alipay') return filled(details.alipay) || filled(details.alipayCode);
  if (way === 'wechat') return filled(details.wechat) || filled(details.wechatCode);
  return filled(details.bankNo);
}

export type BuyProblem = 'amount' | 'alipay' | 'wechat' | 'bank';

/** The amount must lie within [min, max]; the pay way must be configured (doc 2 §5). */
export function validateBuy(amount: string, info: FiatInfo, way: PayWay): BuyProblem | null {
  const acc = toDecimal(amount.trim());
  if (!acc.isFinite() || acc.lte(0) || acc.lt(info.min) || acc.gt(info.max)) return 'amount';
  if (!supportsPayWay(info, way)) return way;
  return null;
}

/** USDT the user gets for a fiat amount at the rate: amount / rate, truncated to 2 decimals. */
export function usdtFor(amount: string, rate: string): string {
  const acc = toDecimal(amount.trim());
  const r = toDecimal(rate);
  if (!acc.isFinite() || !r.isFinite() || r.lte(0) || acc.lte(0)) return truncate(0, 2);
  return truncate(acc.div(r), 2);
}

/** The stepper's active step: status + 1 (doc 2 §4); cancelled orders have none. */
export function orderStep(status: FiatOrderStatus): number {
  return status + 1;
}

/** Only an order awaiting payment can be paid, get a screenshot or be cancelled. */
export function canAct(status: FiatOrderStatus): boolean {
  return status === 0;
}

/** Milliseconds left before the order times out (negative once it has). */
export function remainingMs(createdAt: string, now: number): number {
  const created = Date.parse(createdAt);
  if (Number.isNaN(created)) return 0;
  return created + ORDER_TIMEOUT_MS - now;
}

/** mm:ss of the time left, rounded up to the second (29:59.95 left shows 30:00). */
export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const mm = Math.floor(seconds / 60);
  const ss = seconds % 60;
  return `${String(mm).padStart(2, '0')}:${String(ss).padStart(2, '0')}`;
}

/** The offset between the server's clock (its `now`) and this device's, when the answer came. */
export function clockOffset(serverNow: string | undefined, receivedAt: number): number {
  const server = serverNow ? Date.parse(serverNow) : NaN;
  return Number.isNaN(server) ? 0 : server - receivedAt;
}
