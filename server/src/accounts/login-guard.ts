import type { Clock } from '../core/clock';
import type { AppConfig } from '../core/config';
import {
  memoryLimitStore,
  type KnownAddresses,
  type LimitStore,
  type WindowCounter,
} from '../core/rate-limit';

/** How long an address that logged into an account stays "known" for that account. */
export const KNOWN_ADDRESS_MS = 30 * 86400_000;
/** At most this many known addresses are kept per account (the oldest is forgotten). */
const KNOWN_ADDRESSES_PER_ACCOUNT = 20;

/**
 * Login failure limits (in memory on one node, in Redis when REDIS_URL is set: LimitStore; see
 * API.md "Login limits"):
 *  - per client address: `maxFailuresPerIp` failures per `ipWindowSeconds`, a hard window;
 *  - per resolved account (whatever spelling was typed): `accountFreeFailures` failures per
 *    `accountWindowSeconds` without delay, then every further attempt waits 2^(n - free) seconds
 *    after the latest failure (n failures in the window), at most `accountMaxDelaySeconds`;
 *  - an address that logged into the account in the last 30 days skips the per-account delay
 *    (failures from elsewhere never lock the owner's device out), its own per-address limit stays.
 */
export class LoginGuard {
  private readonly byIp: WindowCounter;
  private readonly byAccount: WindowCounter;
  private readonly known: KnownAddresses;

  constructor(
    private readonly clock: Clock,
    private readonly rules: AppConfig['login'],
    store: LimitStore = memoryLimitStore(clock),
  ) {
    this.byIp = store.counter('login-ip', rules.ipWindowSeconds * 1000);
    this.byAccount = store.counter('login-account', rules.accountWindowSeconds * 1000);
    this.known = store.knownAddresses('login-known');
  }

  private async isKnown(accountKey: string, ip: string): Promise<boolean> {
    const seen = await this.known.seen(accountKey, ip);
    return seen !== undefined && seen + KNOWN_ADDRESS_MS > this.clock.now();
  }

  /** The per-account delay after `failures` failures, the newest at `latest` (0: may try now). */
  private delayAfter(failures: number, latest: number | undefined): number {
    if (failures < this.rules.accountFreeFailures || latest === undefined) return 0;
    const exponent = Math.min(failures - this.rules.accountFreeFailures, 30);
    const delayMs = Math.min(2 ** exponent, this.rules.accountMaxDelaySeconds) * 1000;
    const left = latest + delayMs - this.clock.now();
    return left > 0 ? Math.ceil(left / 1000) : 0;
  }

  /** Seconds the per-account rule makes this address wait (0: may try now). */
  async accountWait(accountKey: string, ip: string): Promise<number> {
    if (await this.isKnown(accountKey, ip)) return 0;
    return this.delayAfter(await this.byAccount.count(accountKey), await this.byAccount.latest(accountKey));
  }

  /** Seconds the per-address rule makes this address wait (0: may try now). */
  ipWait(ip: string): Promise<number> {
    return this.byIp.waitSeconds(`ip:${ip}`, this.rules.maxFailuresPerIp);
  }

  /**
   * Counts an attempt before the (slow) password check and answers the seconds it must wait
   * (0: go on). Counting and checking are one atomic step per counter (on every node), so
   * parallel guesses cannot slip past; an attempt that must wait is not counted.
   */
  async recordAttempt(accountKey: string, ip: string): Promise<number> {
    const [account, address, known] = await Promise.all([
      this.byAccount.add(accountKey),
      this.byIp.add(`ip:${ip}`),
      this.isKnown(accountKey, ip),
    ]);
    const wait = Math.max(
      address.wait(this.rules.maxFailuresPerIp),
      known ? 0 : this.delayAfter(account.prior.length, account.prior[account.prior.length - 1]),
    );
    if (wait > 0) await Promise.all([account.undo(), address.undo()]);
    return wait;
  }

  /** Takes back the attempt that succeeded and remembers the address for the account. */
  async succeeded(accountKey: string, ip: string): Promise<void> {
    await Promise.all([
      this.byAccount.removeLatest(accountKey),
      this.byIp.removeLatest(`ip:${ip}`),
      this.known.remember(accountKey, ip, this.clock.now(), KNOWN_ADDRESSES_PER_ACCOUNT),
    ]);
  }

  /** Forgets the failures of an account (its password was reset). */
  resetAccount(accountKey: string): Promise<void> {
    return this.byAccount.reset(accountKey);
  }
}
