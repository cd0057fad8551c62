import type { Statement } from 'better-sqlite3';
import type { Db } from '../core/db';
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

/** SQL access to `market_candles`. */
export class CandleStore {
  private readonly upsert;
  private readonly latest;
  private readonly range;
  private readonly before;
  private readonly multiInsert: Map<number, Statement<unknown[]>> = new Map();

  constructor(private readonly db: Db) {
    this.upsert = db.prepare(
      `INSERT INTO market_candles (instrument_id, period, time, open, high, low, close, volume, amount)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (instrument_id, period, time) DO UPDATE SET open = excluded.open, high = excluded.high,
         low = excluded.low, close = excluded.close, volume = excluded.volume, amount = excluded.amount`,
    );
    this.latest = db.prepare(
      `SELECT time, open, high, low, close, volume, amount FROM market_candles
       WHERE instrument_id = ? AND period = ? ORDER BY time DESC LIMIT ?`,
    );
    this.range = db.prepare(
      `SELECT time, open, high, low, close, volume, amount FROM market_candles
       WHERE instrument_id = ? AND period = ? AND time >= ? AND time <= ? ORDER BY time DESC LIMIT ?`,
    );
    this.before = db.prepare(
      `SELECT time, open, high, low, close, volume, amount FROM market_candles
       WHERE instrument_id = ? AND period = ? AND time < ? ORDER BY time DESC LIMIT 1`,
    );
  }

  /** Writes (or overwrites) one candle. Call inside a transaction when writing many. */
  put(instrument: Instrument, period: Period, candle: Candle): void {
    const p = instrument.precision;
    this.upsert.run(
      instrument.id,
      period,
      candle.time,
      formatUnits(candle.open, p),
      formatUnits(candle.high, p),
      formatUnits(candle.low, p),
      formatUnits(candle.close, p),
      formatUnits(candle.volume, instrument.qtyPrecision),
      formatUnits(candle.amount, 2),
    );
  }

  /** Inserts many new candles fast (multi-row statements); existing rows are overwritten. */
  putMany(instrument: Instrument, period: Period, candles: readonly Candle[]): void {
    const CHUNK = 50;
    const p = instrument.precision;
    const q = instrument.qtyPrecision;
    for (let i = 0; i < candles.length; i += CHUNK) {
      const chunk = candles.slice(i, i + CHUNK);
      let statement = this.multiInsert.get(chunk.length);
      if (!statement) {
        statement = this.db.prepare(
          `INSERT OR REPLACE INTO market_candles (instrument_id, period, time, open, high, low, close, volume, amount)
           VALUES ${Array.from({ length: chunk.length }, () => '(?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
        );
        this.multiInsert.set(chunk.length, statement);
      }
      const values: Array<string | number> = [];
      for (const c of chunk) {
        values.push(
          instrument.id,
          period,
          c.time,
          formatUnits(c.open, p),
          formatUnits(c.high, p),
          formatUnits(c.low, p),
          formatUnits(c.close, p),
          formatUnits(c.volume, q),
          formatUnits(c.amount, 2),
        );
      }
      statement.run(...values);
    }
  }

  /** The newest `limit` candles, oldest first. */
  latestCandles(instrument: Instrument, period: Period, limit: number): Candle[] {
    const rows = this.latest.all(instrument.id, period, limit) as CandleRow[];
    return rows.reverse().map((row) => fromRow(instrument, row));
  }

  /** Candles with `from <= time <= to`, at most `limit` (the newest ones), oldest first. */
  rangeCandles(instrument: Instrument, period: Period, from: number, to: number, limit: number): Candle[] {
    const rows = this.range.all(instrument.id, period, from, to, limit) as CandleRow[];
    return rows.reverse().map((row) => fromRow(instrument, row));
  }

  /** The last candle that starts before `time`. */
  candleBefore(instrument: Instrument, period: Period, time: number): Candle | undefined {
    const row = this.before.get(instrument.id, period, time) as CandleRow | undefined;
    return row ? fromRow(instrument, row) : undefined;
  }
}
