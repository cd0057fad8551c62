import { pow10 } from './decimal';
import type { Instrument } from './instruments';
import { openMs } from './schedule';
import { DAY_MS } from './time';

/**
 * The price model shared by the live feed and the back-fill: the log price follows an
 * Ornstein-Uhlenbeck process (a random walk pulled back towards an anchor, half-life 30 days) with
 * the instrument's annual volatility, stepped exactly for any time step. Closed market time counts
 * one tenth (prices gap a little over weekends and breaks).
 */
// Module-level references: inside Jest's VM context every global `Math` lookup is slow.
const { exp, log, max, round, sin, sqrt, LN2, PI } = Math;

export const YEAR_MS = 365.25 * DAY_MS;
export const REVERSION_HALF_LIFE_DAYS = 30;
const THETA = LN2 / (REVERSION_HALF_LIFE_DAYS / 365.25);
/** Weight of closed time in the walk. */
export const CLOSED_TIME_WEIGHT = 0.1;

/** One exact OU step of the log price `x` towards `mu` over `dtYears`, with standard normal `z`. */
export function ouStep(x: number, mu: number, sigma: number, dtYears: number, z: number): number {
  if (dtYears <= 0) return x;
  const { decay, sd } = ouCoefficients(sigma, dtYears);
  return mu + (x - mu) * decay + sd * z;
}

/** The constants of an OU step of `dtYears` (for many steps of the same length). */
export function ouCoefficients(sigma: number, dtYears: number): { decay: number; sd: number } {
  const decay = exp(-THETA * dtYears);
  return { decay, sd: sigma * sqrt((1 - decay * decay) / (2 * THETA)) };
}

/** Effective walk time (ms) between two instants: trading time plus a tenth of closed time. */
export function effectiveMs(instrument: Instrument, from: number, to: number): number {
  if (to <= from) return 0;
  const open = openMs(instrument.schedule, from, to);
  return open + (to - from - open) * CLOSED_TIME_WEIGHT;
}

/** Log of the instrument's anchor price (its start price, in price units). */
const anchors = new WeakMap<Instrument, number>();

export function logAnchor(instrument: Instrument): number {
  let value = anchors.get(instrument);
  if (value === undefined) {
    value = log(Number(instrument.startPrice));
    anchors.set(instrument, value);
  }
  return value;
}

/**
 * Anchor of back-filled history `yearsAgo` years before the present: a yearly drift and a long
 * cycle, both fading to the live anchor at the present so history joins the live walk smoothly.
 */
export function historicalAnchor(
  instrument: Instrument,
  yearsAgo: number,
  phase: number,
  anchor = logAnchor(instrument),
): number {
  const fade = 1 - exp(-yearsAgo / 0.25);
  const { amplitude, years } = instrument.cycle;
  return (
    anchor - instrument.trendPerYear * yearsAgo + amplitude * fade * sin((2 * PI * yearsAgo) / years + phase)
  );
}

/** Price ticks of a log price (at least one tick). */
export function ticksOf(instrument: Instrument, x: number): number {
  return max(1, round(exp(x) * pow10(instrument.precision)));
}

/** Log price of a tick count. */
export function logOfTicks(instrument: Instrument, ticks: number): number {
  return log(ticks / pow10(instrument.precision));
}

/** Half of the quoted bid/ask spread around the mid, in ticks (0.002% of the price, at least one tick). */
export function halfSpreadTicks(instrument: Instrument, midTicks: number): number {
  return max(1, round(midTicks * 0.00002));
}

/** Typical traded quantity per day in lots (live rate x median size). */
export function dailyVolumeLots(instrument: Instrument): number {
  return instrument.tradesPerSecond * 86_400 * instrument.tradeSize * pow10(instrument.qtyPrecision);
}
