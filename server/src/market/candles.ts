import type { Q } from '../db';
import { formatUnits, parseUnits, pow10 } from './decimal';
import type { Instrument } from './instruments';
import type { Period } from './time';

/**
 * A candle in integer units: prices in ticks, volume in lots (base quantity), amount (turnover,
 * price x quantity) in hundredths of the quote currency. `time` is the bucket start (epoch ms).
 */
export interface Candle {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  amount: number;
}

/** The candle as the API hands it out: decimal text, `time` in epoch ms. */
export interface CandleView {
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

/** Turnover of one trade in hundredths of the quote currency (exact product, one rounding). */
export function tradeAmount(instrument: Instrument, ticks: number, lots: number): number {
  const scale = instrument.precision + instrument.qtyPrecision - 2;
  const product = ticks * lots;
  return scale >= 0 ? Math.round(product / pow10(scale)) : product * pow10(-scale);
}

/** A new candle holding one trade. */
export function candleOfTrade(time: number, ticks: number, lots: number, amount: number): Candle {
  return { time, open: ticks, high: ticks, low: ticks, close: ticks, volume: lots, amount };
}

/** Adds a later trade to a candle. */
export function addTrade(candle: Candle, ticks: number, lots: number, amount: number): void {
  if (ticks > candle.high) candle.high = ticks;
  if (ticks < candle.low) candle.low = ticks;
  candle.close = ticks;
  candle.volume += lots;
  candle.amount += amount;
}

/** Adds a later finer candle to a coarser one: first open, last close, max high, min low, sums. */
export function addCandle(target: Candle, finer: Candle): void {
  if (finer.high > target.high) target.high = finer.high;
  if (finer.low < target.low) target.low = finer.low;
  target.close = finer.close;
  target.volume += finer.volume;
  target.amount += finer.amount;
}

export function viewOf(instrument: Instrument, candle: Candle): CandleView {
  const p = instrument.precision;
  return {
    time: candle.time,
    open: formatUnits(candle.open, p),
    high: formatUnits(candle.high, p),
    low: formatUnits(candle.low, p),
    close: formatUnits(candle.close, p),
    volume: formatUnits(candle.volume, instrument.qtyPrecision),
  };
}

interface CandleRow {
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
  amount: string;
}

function fromRow(instrument: Instrument, row: CandleRow): Candle {
  const p = instrument.precision;
  const price = (text: string) => parseUnits(text, p) ?? 0;
  return {
    time: row.time,
    open: price(row.open),
    high: price(row.high),
    low: price(row.low),
    close: price(row.close),
    volume: parseUnits(row.volume, instrument.qtyPrecision) ?? 0,
    amount: parseUnits(row.amount, 2) ?? 0,
  };
}

/** A candle to write: which instrument and period it belongs to. */
export interface CandleWrite {
  instrument: Instrument;
  period: Period;
  candle: Candle;
}

/** Rows per multi-row upsert (9 parameters a row). */
const UPSERT_CHUNK = 1000;
const CANDLE_COLUMNS = ['time', 'open', 'high', 'low', 'close', 'volume', 'amount'] as const;

/** SQL access to `market_candles`. Every function takes the connection or open transaction it runs on. */
export const CandleStore = {
  /**
   * Writes (or overwrites) candles: one multi-row upsert per chunk. A candle listed twice (same
   * instrument, period and time) is written once, with its last state.
   */
  async put(q: Q, writes: readonly CandleWrite[]): Promise<void> {
    const rows = new Map<string, CandleWrite>();
    for (const w of writes) rows.set(`${w.instrument.id}|${w.period}|${w.candle.time}`, w);
    const list = [...rows.values()];
    for (let i = 0; i < list.length; i += UPSERT_CHUNK) {
      const chunk = list.slice(i, i + UPSERT_CHUNK);
      await q
        .insertInto('market_candles')
        .values(
          chunk.map(({ instrument, period, candle: c }) => {
            const p = instrument.precision;
            return {
              instrument_id: instrument.id,
              period,
              time: c.time,
              open: formatUnits(c.open, p),
              high: formatUnits(c.high, p),
              low: formatUnits(c.low, p),
              close: formatUnits(c.close, p),
              volume: formatUnits(c.volume, instrument.qtyPrecision),
              amount: formatUnits(c.amount, 2),
            };
          }),
        )
        .onConflict((oc) =>
          oc.columns(['instrument_id', 'period', 'time']).doUpdateSet((eb) => ({
            open: eb.ref('excluded.open'),
            high: eb.ref('excluded.high'),
            low: eb.ref('excluded.low'),
            close: eb.ref('excluded.close'),
            volume: eb.ref('excluded.volume'),
            amount: eb.ref('excluded.amount'),
          })),
        )
        .execute();
    }
  },

  /** Writes many candles of one instrument and period (back-fill); existing rows are overwritten. */
  async putMany(q: Q, instrument: Instrument, period: Period, candles: readonly Candle[]): Promise<void> {
    await CandleStore.put(
      q,
      candles.map((candle) => ({ instrument, period, candle })),
    );
  },

  /** The newest `limit` candles, oldest first. */
  async latestCandles(q: Q, instrument: Instrument, period: Period, limit: number): Promise<Candle[]> {
    const rows = await q
      .selectFrom('market_candles')
      .select(CANDLE_COLUMNS)
      .where('instrument_id', '=', instrument.id)
      .where('period', '=', period)
      .orderBy('time', 'desc')
      .limit(limit)
      .execute();
    return rows.reverse().map((row) => fromRow(instrument, row));
  },

  /** Candles with `from <= time <= to`, at most `limit` (the newest ones), oldest first. */
  async rangeCandles(
    q: Q,
    instrument: Instrument,
    period: Period,
    from: number,
    to: number,
    limit: number,
  ): Promise<Candle[]> {
    const rows = await q
      .selectFrom('market_candles')
      .select(CANDLE_COLUMNS)
      .where('instrument_id', '=', instrument.id)
      .where('period', '=', period)
      .where('time', '>=', from)
      .where('time', '<=', to)
      .orderBy('time', 'desc')
      .limit(limit)
      .execute();
    return rows.reverse().map((row) => fromRow(instrument, row));
  },

  /** The last candle that starts before `time`. */
  async candleBefore(
    q: Q,
    instrument: Instrument,
    period: Period,
    time: number,
  ): Promise<Candle | undefined> {
    const row = await q
      .selectFrom('market_candles')
      .select(CANDLE_COLUMNS)
      .where('instrument_id', '=', instrument.id)
      .where('period', '=', period)
      .where('time', '<', time)
      .orderBy('time', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? fromRow(instrument, row) : undefined;
  },
};
