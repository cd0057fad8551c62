import type { Clock } from './clock';

/**
 * Counts events per key over a sliding window (in memory, one process), using the injectable
 * clock so tests can move time. Used for login failures and code sends; the plain per-IP request
 * ceiling is @fastify/rate-limit (see app.ts).
 */
export class SlidingWindowCounter {
  private readonly events = new Map<string, number[]>();
  private lastSweep = 0;

  constructor(
    private readonly clock: Clock,
    private readonly windowMs: number,
  ) {}

  private live(key: string): number[] {
    const now = this.clock.now();
    this.sweep(now);
    const list = this.events.get(key);
    if (!list) return [];
    const cutoff = now - this.windowMs;
    const kept = list.filter((t) => t > cutoff);
    if (kept.length === 0) this.events.delete(key);
    else if (kept.length !== list.length) this.events.set(key, kept);
    return kept;
  }

  /** Drops keys whose events all left the window, at most once a window. */
  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    const cutoff = now - this.windowMs;
    for (const [key, list] of this.events) {
      if (list.every((t) => t <= cutoff)) this.events.delete(key);
    }
  }

  count(key: string): number {
    return this.live(key).length;
  }

  record(key: string): void {
    const list = this.live(key);
    list.push(this.clock.now());
    this.events.set(key, list);
  }

  /** Takes back the most recent event of a key (an attempt counted in advance that succeeded). */
  removeLatest(key: string): void {
    const list = this.live(key);
    list.pop();
    if (list.length === 0) this.events.delete(key);
    else this.events.set(key, list);
  }

  /** Time of the most recent event of a key in the window, if any. */
  latest(key: string): number | undefined {
    const list = this.live(key);
    return list[list.length - 1];
  }

  reset(key: string): void {
    this.events.delete(key);
  }

  /** Seconds until fewer than `max` events remain in the window (0 when already below). */
  waitSeconds(key: string, max: number): number {
    const list = this.live(key);
    if (list.length < max) return 0;
    const blocking = list[list.length - max];
    if (blocking === undefined) return 0;
    return Math.max(1, Math.ceil((blocking + this.windowMs - this.clock.now()) / 1000));
  }
}
