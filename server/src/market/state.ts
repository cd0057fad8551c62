import type { ChannelFilter } from '../realtime/hub';
import { addTrade, type Candle, candleOfTrade, type CandleWrite, tradeAmount } from './candles';
import { parseUnits } from './decimal';
import type { Instrument } from './instruments';
import { isOpen } from './schedule';
import type { MarketStorage } from './storage';
import type { TapeTrade } from './tape';
import { bucketEnd, bucketStart, type Period, PERIODS } from './time';
import type { DepthView } from './views';

export interface LastTrade {
  trade: TapeTrade;
  ticks: number;
}

/** What a node holds in memory per instrument: built from the tape and candles, moved by each trade. */
export interface InstrumentState {
  instrument: Instrument;
  filter: ChannelFilter;
  /** The last trade stored and handed to the listeners (what `lastTrade` and `priceAt` answer). */
  last: LastTrade | undefined;
  /** The last trade taken in (candles built), possibly not stored yet: times never go back from it. */
  head: LastTrade | undefined;
  /** Current (newest) candle per period, and where its bucket ends. */
  candles: Partial<Record<Period, Candle>>;
  ends: Partial<Record<Period, number>>;
  /** The daily candle before the current one (last_close). */
  prevDay: Candle | undefined;
  /** Newest 1-minute candles (<= 1441, oldest first; the last one is the current candle). */
  minutes: Candle[];
  /** Newest trades, oldest first (<= 50). */
  recent: TapeTrade[];
  /** Trades not yet published on market_detail. */
  pendingDetail: TapeTrade[];
  quoteDirty: boolean;
  depthDirty: boolean;
  dirtyPeriods: Set<Period>;
  /** Candles that closed since the last publish (their final state goes out before the new candle). */
  rolled: Map<Period, Candle>;
  inTrade: boolean;
  pinned: number | undefined;
  depthCache: { seq: number; view: DepthView } | undefined;
}

const RECENT_KEPT = 50;
const DETAIL_MAX = 20;

/** An instrument's state as stored: its newest trades and candles. */
export async function loadState(
  storage: MarketStorage,
  instrument: Instrument,
  now: number,
): Promise<InstrumentState> {
  const recent = (await storage.recent(instrument.id, RECENT_KEPT)).reverse();
  const newest = recent[recent.length - 1];
  const candles: Partial<Record<Period, Candle>> = {};
  const ends: Partial<Record<Period, number>> = {};
  let minutes: Candle[] = [];
  for (const period of PERIODS) {
    const latest = await storage.latestCandles(instrument, period, period === '1min' ? 1441 : 1);
    const candle = latest[latest.length - 1];
    if (period === '1min') minutes = latest;
    if (candle) {
      candles[period] = candle;
      ends[period] = bucketEnd(period, candle.time);
    }
  }
  const day = candles['1day'];
  const last = newest
    ? { trade: newest, ticks: parseUnits(newest.price, instrument.precision) ?? 1 }
    : undefined;
  return {
    instrument,
    filter: { currency_id: instrument.id, legal_id: instrument.legalId, symbol: instrument.symbol },
    last,
    head: last,
    candles,
    ends,
    prevDay: day ? await storage.candleBefore(instrument, '1day', day.time) : undefined,
    minutes,
    recent,
    pendingDetail: [],
    quoteDirty: false,
    depthDirty: false,
    dirtyPeriods: new Set(),
    rolled: new Map(),
    inTrade: isOpen(instrument.schedule, now),
    pinned: undefined,
    depthCache: undefined,
  };
}

/** A stored trade becomes the instrument's last trade, joins its recent list and the channels' news. */
export function announce(state: InstrumentState, trade: TapeTrade, ticks: number): void {
  state.last = { trade, ticks };
  state.recent.push(trade);
  if (state.recent.length > RECENT_KEPT) state.recent.splice(0, state.recent.length - RECENT_KEPT);
  state.pendingDetail.push(trade);
  if (state.pendingDetail.length > DETAIL_MAX)
    state.pendingDetail.splice(0, state.pendingDetail.length - DETAIL_MAX);
  state.quoteDirty = true;
  state.depthDirty = true;
}

/** One CandleWrite per candle object, so a batch writes each touched candle once. */
const candleWrites = new WeakMap<Candle, CandleWrite>();
function writeOf(state: InstrumentState, period: Period, candle: Candle): CandleWrite {
  let write = candleWrites.get(candle);
  if (!write) {
    write = { instrument: state.instrument, period, candle };
    candleWrites.set(candle, write);
  }
  return write;
}

/** Builds a trade into the instrument's candles (every period); adds each touched candle to `written`. */
export function applyTrade(
  state: InstrumentState,
  trade: TapeTrade,
  ticks: number,
  lots: number,
  written: Set<CandleWrite>,
): void {
  const amount = tradeAmount(state.instrument, ticks, lots);
  for (const period of PERIODS) {
    const current = state.candles[period];
    const end = state.ends[period];
    if (current && end !== undefined && trade.time < end && trade.time >= current.time) {
      addTrade(current, ticks, lots, amount);
    } else {
      const start = bucketStart(period, trade.time);
      const candle = candleOfTrade(start, ticks, lots, amount);
      if (current && state.dirtyPeriods.has(period)) state.rolled.set(period, current);
      if (period === '1day' && current) state.prevDay = current;
      state.candles[period] = candle;
      state.ends[period] = bucketEnd(period, start);
      if (period === '1min') {
        state.minutes.push(candle);
        if (state.minutes.length > 1441) state.minutes.splice(0, state.minutes.length - 1441);
      }
    }
    const candle = state.candles[period];
    if (candle) written.add(writeOf(state, period, candle));
    state.dirtyPeriods.add(period);
  }
  state.head = { trade, ticks };
}
