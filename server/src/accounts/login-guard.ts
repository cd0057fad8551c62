import type { Clock } from '../core/clock';
import type { AppConfig } from '../core/config';
import { SlidingWindowCounter } from '../core/rate-limit';

/** How long an address that logged into an account stays "known" for that account. */
export const KNOWN_ADDRESS_MS = 30 * 86400_000;
/** At most this many known addresses are kept per account (the oldest is forgotten). */
const KNOWN_ADDRESSES_PER_ACCOUNT = 20;

/**
 * Login failure limits (in memory, one process; see API.md "Login limits"):
 *  - per client address: `maxFailuresPerIp` failures per `ipWindowSeconds`, a hard window;
 *  - per resolved account (whatever spelling was typed): `accountFreeFailures` failures per
 *    `accountWindowSeconds` without delay, then every further attempt waits 2^(n - free) seconds
 *    after the latest failure (n failures in the window), at most `accountMaxDelaySeconds`;
 *  - an address that logged into the account in the last 30 days skips the per-account delay
 *    (failures from elsewhere never lock the owner's device out), its own per-address limit stays.
 */
export class LoginGuard {
  private readonly byIp: SlidingWindowCounter;
  private readonly byAccount: SlidingWindowCounter;
  private readonly known = new Map<string, Map<string, number>>();

  constructor(
    private readonly clock: Clock,
    private readonly rules: AppConfig['login'],
  ) {
    this.byIp = new SlidingWindowCounter(clock, rules.ipWindowSeconds * 1000);
    this.byAccount = new SlidingWindowCounter(clock, rules.accountWindowSeconds * 1000);
  }

  private isKnown(accountKey: string, ip: string): boolean {
    const seen = this.known.get(accountKey)?.get(ip);
    return seen !== undefined && seen + KNOWN_ADDRESS_MS > this.clock.now();
  }

  /** Seconds the per-account rule makes this address wait (0: may try now). */
  accountWait(accountKey: string, ip: string): number {
    if (this.isKnown(accountKey, ip)) return 0;
    const failures = this.byAccount.count(accountKey);
    if (failures < this.rules.accountFreeFailures) return 0;
    const latest = this.byAccount.latest(accountKey);
    if (latest === undefined) return 0;
    const exponent = Math.min(failures - this.rules.accountFreeFailures, 30);
    const delayMs = Math.min(2 ** exponent, this.rules.accountMaxDelaySeconds) * 1000;
    const left = latest + delayMs - this.clock.now();
    return left > 0 ? Math.ceil(left / 1000) : 0;
  }

  /** Seconds the per-address rule makes this address wait (0: may try now). */
  ipWait(ip: string): number {
    return this.byIp.waitSeconds(`ip:${ip}`, this.rules.maxFailuresPerIp);
  }

  /** Counts an attempt before the (slow) password check, so parallel guesses cannot slip past. */
  recordAttempt(accountKey: string, ip: string): void {
    this.byAccount.record(accountKey);
    this.byIp.record(`ip:${ip}`);
  }

  /** Takes back the attempt that succeeded and remembers the address for the account. */
  succeeded(accountKey: string, ip: string): void {
    this.byAccount.removeLatest(accountKey);
    this.byIp.removeLatest(`ip:${ip}`);
    let seen = this.known.get(accountKey);
    if (!seen) {
      seen = new Map();
      this.known.set(accountKey, seen);
    }
    seen.delete(ip);
    seen.set(ip, this.clock.now());
    if (seen.size > KNOWN_ADDRESSES_PER_ACCOUNT) {
      const oldest = seen.keys().next().value;
      if (oldest !== undefined) seen.delete(oldest);
    }
  }

  /** Forgets the failures of an account (its password was reset). */
  resetAccount(accountKey: string): void {
    this.byAccount.reset(accountKey);
  }
}
