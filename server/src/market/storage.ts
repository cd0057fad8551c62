import type { FastifyBaseLogger } from 'fastify';
import type { MarketConfig } from '../core/config';
import type { Q, Store } from '../db';
import {
  compactDayPartition,
  createDayPartitions,
  dayOf,
  dropDayPartition,
  listDayPartitions,
  PARTITION_DAY_MS,
  uncompactedDays,
} from '../db/partitions';
import { WriteOutcomeUnknown } from '../db/write-worker';
import { FULL_BACKFILL, generateHistory, SMALL_BACKFILL } from './backfill';
import { type Candle, CandleStore, type CandleWrite } from './candles';
import { parseUnits } from './decimal';
import { type Instrument, INSTRUMENTS } from './instruments';
import { flagsOf, Tape, TAPE_TABLE, type TapePoint, type TapeRow, type TapeTrade } from './tape';
import { bucketEnd, DAY_MS, type Period, PERIODS } from './time';

/** Day partitions (PostgreSQL) kept created ahead of the clock: today and the next two days. */
export const PARTITIONS_AHEAD = 2;
/** Rows deleted per instrument and pruning run on SQLite (the timer runs every minute). */
const PRUNE_BATCH = 2000;

/** The last stored trade of an instrument: pruning never deletes it. */
export interface KeptTrade {
  seq: number;
  time: number;
}

/**
 * The market's storage job: the tape (`market_tape`) and the candles (`market_candles`), read
 * and written together. On PostgreSQL it keeps the tape's day partitions created ahead (at
 * start-up and from the engine node's timer, `maintain`) and prunes by dropping whole days; on
 * SQLite it prunes row by row. Recording never changes a stored trade.
 */
export class MarketStorage {
  /** UTC days whose tape partition is known to exist (committed): inserts skip creating them. */
  private readonly knownDays = new Set<number>();

  constructor(
    readonly store: Store,
    private readonly log: FastifyBaseLogger,
  ) {}

  get q() {
    return this.store.q;
  }

  /** PostgreSQL: learns the existing partitions and creates today's and the next days'. */
  async open(now: number): Promise<void> {
    if (this.store.dialect !== 'postgres') return;
    for (const day of await listDayPartitions(this.store.q, TAPE_TABLE)) this.knownDays.add(day);
    await this.ensureDays([now, now + PARTITIONS_AHEAD * PARTITION_DAY_MS]);
  }

  /** PostgreSQL: makes sure the day partitions from the first to the last instant exist (own transaction). */
  async ensureDays(times: readonly number[]): Promise<void> {
    if (this.store.dialect !== 'postgres' || times.length === 0) return;
    let first = Infinity;
    let last = -Infinity;
    for (const t of times) {
      const day = dayOf(t);
      if (day < first) first = day;
      if (day > last) last = day;
    }
    const missing: number[] = [];
    for (let day = first; day <= last; day += 1) if (!this.knownDays.has(day)) missing.push(day);
    if (missing.length === 0) return;
    await this.store.tx((q) => createDayPartitions(q, TAPE_TABLE, missing));
    for (const day of missing) this.knownDays.add(day);
  }

  /**
   * The engine node's timer: partitions ahead, the retention (if any), then (PostgreSQL) the
   * compaction of one finished day. Returns the number of trades pruned.
   */
  async maintain(
    now: number,
    retentionDays: number | null,
    kept: ReadonlyMap<number, KeptTrade>,
  ): Promise<number> {
    await this.ensureDays([now, now + PARTITIONS_AHEAD * PARTITION_DAY_MS]);
    const pruned = retentionDays === null ? 0 : await this.prune(now - retentionDays * DAY_MS, kept);
    await this.compactOne(now);
    return pruned;
  }

  /** PostgreSQL: packs the key of the oldest finished day not yet packed (one a run; a day counts as finished an hour after it ends). */
  async compactOne(now: number): Promise<boolean> {
    if (this.store.dialect !== 'postgres') return false;
    const [day] = await uncompactedDays(this.store.q, TAPE_TABLE, dayOf(now - 3_600_000));
    if (day === undefined) return false;
    const started = Date.now();
    await compactDayPartition(this.store.q, TAPE_TABLE, day);
    this.log.info(
      { day: new Date(day * PARTITION_DAY_MS).toISOString().slice(0, 10), ms: Date.now() - started },
      'market tape day compacted',
    );
    return true;
  }

  /**
   * Deletes tape trades older than `cutoff`, never an instrument's last trade (`kept`). SQLite:
   * up to PRUNE_BATCH rows per instrument a run. PostgreSQL: every day partition wholly before the
   * cutoff is dropped, except one holding a kept trade, from which the other rows are deleted.
   * Returns the number of trades deleted.
   */
  async prune(cutoff: number, kept: ReadonlyMap<number, KeptTrade>): Promise<number> {
    const { q } = this.store;
    let deleted = 0;
    if (this.store.dialect !== 'postgres') {
      for (const [instrumentId, last] of kept)
        deleted += await Tape.prune(q, instrumentId, cutoff, last.seq, PRUNE_BATCH);
      return deleted;
    }
    const keptDays = new Set([...kept.values()].map((t) => dayOf(t.time)));
    for (const day of await listDayPartitions(q, TAPE_TABLE)) {
      const from = day * PARTITION_DAY_MS;
      const to = from + PARTITION_DAY_MS;
      if (to > cutoff) break;
      if (keptDays.has(day)) {
        for (const [instrumentId, last] of kept)
          if (dayOf(last.time) === day) deleted += await Tape.prune(q, instrumentId, to, last.seq, 1_000_000);
        // Instruments whose last trade is elsewhere (or none): every row of the day goes.
        const others = await q
          .deleteFrom('market_tape')
          .where('time', '>=', from)
          .where('time', '<', to)
          .where(
            'instrument_id',
            'not in',
            [...kept].filter(([, t]) => dayOf(t.time) === day).map(([id]) => id),
          )
          .executeTakeFirst();
        deleted += Number(others.numDeletedRows);
        continue;
      }
      const rows = await Tape.countBetween(q, from, to);
      await this.store.tx((tx) => dropDayPartition(tx, TAPE_TABLE, day));
      this.knownDays.delete(day);
      deleted += rows;
      this.log.info({ day: new Date(from).toISOString().slice(0, 10), rows }, 'market tape day dropped');
    }
    return deleted;
  }

  // ---- tape -----------------------------------------------------------------------------------

  nextSeq(): Promise<number> {
    return Tape.nextSeq(this.store.q);
  }

  priceAt(instrumentId: number, time: number): Promise<TapePoint | undefined> {
    return Tape.priceAt(this.store.q, instrumentId, time);
  }

  /** The stored trades of an instrument after `seq`, in order (engines replay them at start). */
  tradesAfter(instrumentId: number, seq: number): Promise<TapeTrade[]> {
    return Tape.after(this.store.q, instrumentId, seq);
  }

  recent(instrumentId: number, limit: number): Promise<TapeTrade[]> {
    return Tape.recent(this.store.q, instrumentId, limit);
  }

  /** Tape rows and the candles they touched, in one transaction. */
  async record(rows: readonly TapeRow[], candles: readonly CandleWrite[]): Promise<void> {
    await this.ensureDays(rows.map((r) => r.time));
    const write = async (q: Q) => {
      await Tape.insertRows(q, rows, this.knownDays);
      await CandleStore.put(q, candles);
    };
    const { offload } = this.store;
    if (!offload) return this.store.tx(write);
    // SQLite with a write worker: plain inserts and upserts, nothing read back, so the batch is
    // committed by the worker in turn with the orders' group commits. On the main connection it
    // would take the file's turn every 200 ms: the orders' pipeline drained, then waited for it.
    try {
      await offload(write);
    } catch (error) {
      // Refused as recorded behind a failed transaction (or any failure but a lost worker): once
      // more on the main connection, which decides (a real error fails there too).
      if (error instanceof WriteOutcomeUnknown) throw error;
      await this.store.tx(write);
    }
  }

  // ---- candles --------------------------------------------------------------------------------

  latestCandles(instrument: Instrument, period: Period, limit: number): Promise<Candle[]> {
    return CandleStore.latestCandles(this.store.q, instrument, period, limit);
  }

  candleBefore(instrument: Instrument, period: Period, time: number): Promise<Candle | undefined> {
    return CandleStore.candleBefore(this.store.q, instrument, period, time);
  }

  rangeCandles(
    instrument: Instrument,
    period: Period,
    from: number,
    to: number,
    limit: number,
  ): Promise<Candle[]> {
    return CandleStore.rangeCandles(this.store.q, instrument, period, from, to, limit);
  }

  // ---- history --------------------------------------------------------------------------------

  /**
   * An instrument without candles (new database, or an instrument added later) gets its history;
   * after a restart the simulated market carries on where it stopped: the gap is back-filled.
   * Returns the next free seq.
   */
  async backfillOrGapFill(config: MarketConfig, now: number, nextSeq: number): Promise<number> {
    if (config.backfill === 'none') return nextSeq;
    const profile = config.backfill === 'full' ? FULL_BACKFILL : SMALL_BACKFILL;
    const started = Date.now();
    let rows = 0;
    let gapFill = false;
    // One transaction (retried as a whole on PostgreSQL: its counters restart with it).
    const next = await this.store.tx(async (q) => {
      let seq = nextSeq;
      rows = 0;
      gapFill = false;
      for (const instrument of INSTRUMENTS) {
        let from: number | undefined;
        let start: { ticks: number; time: number } | undefined;
        const current: Partial<Record<Period, Candle>> = {};
        const lastMinute = (await CandleStore.latestCandles(q, instrument, '1min', 1))[0];
        if (lastMinute) {
          if (config.feed !== 'simulated') continue;
          const lastTrade = (await Tape.recent(q, instrument.id, 1))[0];
          const ticks = lastTrade ? parseUnits(lastTrade.price, instrument.precision) : undefined;
          from = bucketEnd('1min', lastMinute.time);
          if (!lastTrade || ticks === undefined || now - from < 2 * 60_000) continue;
          start = { ticks, time: Math.max(lastTrade.time, from) };
          for (const period of PERIODS) {
            const latest = (await CandleStore.latestCandles(q, instrument, period, 1))[0];
            if (latest) current[period] = latest;
          }
          gapFill = true;
        }
        const history = generateHistory(instrument, {
          profile,
          now,
          seed: config.seed,
          from,
          start,
          current,
        });
        const writes: CandleWrite[] = [];
        for (const period of PERIODS) {
          for (const candle of history.candles[period]) writes.push({ instrument, period, candle });
          rows += history.candles[period].length;
        }
        await CandleStore.put(q, writes);
        await Tape.insertRows(
          q,
          history.prints.map((p) => ({
            instrument_id: instrument.id,
            time: p.time,
            seq: seq++,
            ticks: p.ticks,
            lots: p.lots,
            flags: flagsOf(p.side, 2),
          })),
          this.knownDays,
        );
        rows += history.prints.length;
      }
      return seq;
    });
    if (rows > 0) {
      this.log.info(
        { rows, ms: Date.now() - started, profile: config.backfill, gapFill },
        gapFill ? 'market gap back-filled' : 'market history back-filled',
      );
    }
    return next;
  }
}
