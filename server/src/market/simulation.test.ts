import BigNumber from 'bignumber.js';
import { ManualClock } from '../core/clock';
import { FULL_BACKFILL, generateHistory } from './backfill';
import { AGGREGATION_PAIRS, checkAggregated } from '../testing/aggregation';
import { formatUnits, parseUnits, percentChange } from './decimal';
import { simulateDepth } from './depth';
import { type FeedTrade, SimulatedFeed } from './feed';
import { findInstrument, INSTRUMENTS, type Instrument } from './instruments';
import { PERIODS } from './time';

const sh = (y: number, m: number, d: number, h = 0, min = 0) => Date.UTC(y, m - 1, d, h - 8, min);
const WEDNESDAY_NOON = sh(2025, 1, 15, 12);
const SUNDAY_NOON = sh(2025, 1, 19, 12);

const btc = findInstrument('BTC') as Instrument;
const gold = findInstrument('XAUUSD') as Instrument;

function feed(seed: number, clock: ManualClock, instruments: readonly Instrument[] = INSTRUMENTS) {
  return new SimulatedFeed(instruments, {
    seed,
    clock,
    tickMs: 200,
    start: (i) => ({ ticks: parseUnits(i.startPrice, i.precision) ?? 1, time: clock.now() }),
  });
}

/** Polls a feed every `step` ms for `ms`. */
function run(f: SimulatedFeed, clock: ManualClock, ms: number, step = 250): FeedTrade[] {
  const trades: FeedTrade[] = [];
  for (let t = 0; t < ms; t += step) {
    clock.advance(step);
    trades.push(...f.poll(clock.now()));
  }
  return trades;
}

describe('decimal helpers', () => {
  it('formats and parses integer units exactly', () => {
    expect(formatUnits(6500012, 2)).toBe('65000.12');
    expect(formatUnits(5, 3)).toBe('0.005');
    expect(formatUnits(17500, 0)).toBe('17500');
    expect(formatUnits(-5, 2)).toBe('-0.05');
    expect(parseUnits('65000.1', 2)).toBe(6500010);
    expect(parseUnits('65000.123', 2)).toBeUndefined();
    expect(parseUnits('1e5', 2)).toBeUndefined();
    expect(percentChange(101, 100)).toBe('1.00');
    expect(percentChange(99999, 100000)).toBe('0.00');
    expect(percentChange(90, 100)).toBe('-10.00');
  });
});

describe('SimulatedFeed', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    const a = new ManualClock(WEDNESDAY_NOON);
    const b = new ManualClock(WEDNESDAY_NOON);
    const c = new ManualClock(WEDNESDAY_NOON);
    const byInstrument = (trades: FeedTrade[]) =>
      [...trades].sort((x, y) => x.instrumentId - y.instrumentId || x.time - y.time);
    const ta = byInstrument(run(feed(7, a), a, 5000, 250));
    // Timer jitter does not matter: polling at other instants gives the same trades.
    const tb = byInstrument(run(feed(7, b), b, 5000, 500));
    const tc = byInstrument(run(feed(8, c), c, 5000, 250));
    expect(ta.length).toBeGreaterThan(100);
    expect(tb).toEqual(ta);
    expect(tc).not.toEqual(ta);
  });

  it('trades 2-4 times a second per instrument while open, never while closed', () => {
    const clock = new ManualClock(SUNDAY_NOON);
    const trades = run(feed(1, clock), clock, 60_000, 1000);
    const perInstrument = new Map<number, number>();
    for (const t of trades) perInstrument.set(t.instrumentId, (perInstrument.get(t.instrumentId) ?? 0) + 1);
    for (const instrument of INSTRUMENTS) {
      const count = perInstrument.get(instrument.id) ?? 0;
      if (instrument.kind === 'crypto') {
        expect(count / 60).toBeGreaterThanOrEqual(1.5);
        expect(count / 60).toBeLessThanOrEqual(4.5);
      } else {
        expect(count).toBe(0); // Sunday: metals and futures are closed
      }
    }
  });

  it('keeps prices sane over weeks (mean reversion) and on the instrument precision', () => {
    const clock = new ManualClock(WEDNESDAY_NOON);
    const f = feed(3, clock, [btc]);
    let last: FeedTrade | undefined;
    const bad: FeedTrade[] = [];
    // Six weeks in hourly bites (each bite is one long step plus the last 10 s of trades).
    for (let i = 0; i < 6 * 7 * 24; i += 1) {
      clock.advance(3_600_000);
      const trades = f.poll(clock.now());
      last = trades[trades.length - 1] ?? last;
      for (const t of trades) if (!Number.isSafeInteger(t.ticks) || t.ticks <= 0) bad.push(t);
    }
    expect(bad).toEqual([]);
    const price = Number(formatUnits(last?.ticks ?? 0, btc.precision));
    expect(price).toBeGreaterThan(65000 * 0.4);
    expect(price).toBeLessThan(65000 * 2.5);
  });

  it('prints the pinned price with the smallest size until released', () => {
    const clock = new ManualClock(WEDNESDAY_NOON);
    const f = feed(1, clock, [btc]);
    f.pin(btc.id, 6000000);
    const pinned = run(f, clock, 3000);
    expect(pinned.length).toBeGreaterThan(0);
    for (const t of pinned) expect(t).toMatchObject({ ticks: 6000000, lots: 1, kind: 1 });
    f.pin(btc.id, null);
    const released = run(f, clock, 3000);
    expect(released.every((t) => t.kind === 0)).toBe(true);
    // The walk carries on from the pinned price.
    expect(Math.abs((released[0]?.ticks ?? 0) - 6000000)).toBeLessThan(6000000 * 0.01);
  });
});

describe('depth book', () => {
  it('has 10 sorted, uncrossed levels a side around the last price', () => {
    for (const instrument of INSTRUMENTS) {
      const last = parseUnits(instrument.startPrice, instrument.precision) as number;
      const book = simulateDepth(instrument, last, 1, 42);
      const asks = book.asks.map(([p, q]) => [new BigNumber(p), new BigNumber(q)] as const);
      const bids = book.bids.map(([p, q]) => [new BigNumber(p), new BigNumber(q)] as const);
      expect(asks).toHaveLength(10);
      expect(bids).toHaveLength(10);
      const lastPrice = new BigNumber(instrument.startPrice);
      for (let i = 0; i < 10; i += 1) {
        expect(asks[i]?.[0].isGreaterThan(lastPrice)).toBe(true);
        expect(bids[i]?.[0].isLessThan(lastPrice)).toBe(true);
        expect(asks[i]?.[1].isGreaterThan(0)).toBe(true);
        if (i > 0) {
          expect(asks[i]?.[0].isGreaterThan(asks[i - 1]?.[0] ?? 0)).toBe(true);
          expect(bids[i]?.[0].isLessThan(bids[i - 1]?.[0] ?? 0)).toBe(true);
        }
      }
      expect(simulateDepth(instrument, last, 1, 42)).toEqual(book);
    }
  });
});

describe('back-fill', () => {
  it.each([btc, gold])('builds >= 300 consistent candles per period ($name)', (instrument) => {
    const started = Date.now();
    const history = generateHistory(instrument, { profile: FULL_BACKFILL, now: WEDNESDAY_NOON, seed: 1 });
    expect(Date.now() - started).toBeLessThan(3000);
    for (const period of PERIODS) {
      expect(history.candles[period].length).toBeGreaterThanOrEqual(300);
      const times = history.candles[period].map((c) => c.time);
      expect(new Set(times).size).toBe(times.length);
      const malformed = history.candles[period].filter(
        (c) => c.low <= 0 || c.high < Math.max(c.open, c.close) || c.low > Math.min(c.open, c.close),
      );
      expect(malformed).toEqual([]);
    }
    for (const [fine, coarse] of AGGREGATION_PAIRS) {
      const { checked, mismatches } = checkAggregated(history.candles[fine], history.candles[coarse], coarse);
      expect({ fine, coarse, mismatches }).toEqual({ fine, coarse, mismatches: [] });
      expect({ fine, coarse, enough: checked >= (['1day', '1mon'].includes(coarse) ? 10 : 40) }).toEqual({
        fine,
        coarse,
        enough: true,
      });
    }
    // One tape print per 1-minute candle, at its close.
    expect(history.prints).toHaveLength(history.candles['1min'].length);
    expect(history.last?.ticks).toBe(history.candles['1min'].at(-1)?.close);
  });

  it('has no candles while a market is closed', () => {
    const history = generateHistory(gold, { profile: FULL_BACKFILL, now: WEDNESDAY_NOON, seed: 1 });
    const sunday = history.candles['60min'].filter((c) => {
      const local = new Date(c.time + 8 * 3600_000);
      return local.getUTCDay() === 0;
    });
    expect(sunday).toEqual([]);
  });
});
