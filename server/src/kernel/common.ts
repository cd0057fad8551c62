import type { AppContext } from '../context';
import { isoTime } from '../core/clock';
import { parseUnits } from '../market';
import type { UserChannel } from '../realtime/hub';
import { Decimal } from './ledger';

/** Shared helpers of the trading domains (spot, lever, seconds). */

export const PLACES = 8;

/** Toward zero at `places` decimals (what the user receives, fees, values, P/L). */
export function trunc(value: Decimal, places = PLACES): Decimal {
  return value.decimalPlaces(places, Decimal.ROUND_DOWN);
}

/** Away from zero at `places` decimals (what the user pays). */
export function ceil(value: Decimal, places = PLACES): Decimal {
  return value.decimalPlaces(places, Decimal.ROUND_UP);
}

const DECIMAL = /^\d{1,20}(\.\d{1,18})?$/;

/** A plain positive decimal text with at most `maxPlaces` decimals, else undefined. */
export function positiveDecimal(value: unknown, maxPlaces: number): Decimal | undefined {
  const raw = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof raw !== 'string' || !DECIMAL.test(raw.trim())) return undefined;
  const d = new Decimal(raw.trim());
  if (!d.isGreaterThan(0) || (d.decimalPlaces() ?? 0) > maxPlaces) return undefined;
  return d;
}

/** Integer ticks of a price with at most `precision` decimals. */
export function ticksOf(price: string | Decimal, precision: number): number {
  const text = typeof price === 'string' ? price : price.toFixed();
  const t = parseUnits(text, precision);
  if (t === undefined) throw new RangeError(`price ${text} not at ${precision} decimals`);
  return t;
}

/** Ticks of a price rounded down / up to the instrument's tick. */
export function floorTicks(price: Decimal, precision: number): number {
  return ticksOf(price.decimalPlaces(precision, Decimal.ROUND_FLOOR), precision);
}
export function ceilTicks(price: Decimal, precision: number): number {
  return ticksOf(price.decimalPlaces(precision, Decimal.ROUND_CEIL), precision);
}

export const isoOrNull = (ms: number | null | undefined): string | null =>
  ms === null || ms === undefined ? null : isoTime(ms);

export function pageOf(input: { page?: number; limit?: number }, fallback: number, max: number) {
  const page = input.page ?? 1;
  const limit = Math.min(input.limit ?? fallback, max);
  return { page, limit, offset: (page - 1) * limit };
}

/** Whether any socket of the user is subscribed to a user channel (skips work for nobody). */
export function userListening(ctx: AppContext, userId: number, channel: UserChannel): boolean {
  return ctx.hub.hasUserSubscribers(userId, channel);
}

/**
 * Work queues keyed by instrument: jobs of one key run one after the other, in the order they
 * were queued (a tape trade's database work is done before the next trade's, and a placement
 * lands between two trades, never across one); different keys run independently.
 */
export class Lanes {
  private readonly tails = new Map<number, Promise<unknown>>();
  /** Jobs queued or running, per key. */
  private readonly counts = new Map<number, number>();

  /** Whether a key has queued or running work. */
  busy(key: number): boolean {
    return this.tails.has(key);
  }

  /** How many jobs of a key are queued or running (the running one included). */
  depth(key: number): number {
    return this.counts.get(key) ?? 0;
  }

  run<T>(key: number, job: () => Promise<T> | T): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    this.counts.set(key, this.depth(key) + 1);
    const result = previous.then(job);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      const left = this.depth(key) - 1;
      if (left > 0) this.counts.set(key, left);
      else this.counts.delete(key);
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Resolves when every job queued so far has finished. */
  async idle(): Promise<void> {
    while (this.tails.size > 0) await Promise.all([...this.tails.values()]);
  }
}
