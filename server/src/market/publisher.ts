import type { Clock } from '../core/clock';
import type { Hub, SubscribeEvent } from '../realtime/hub';
import { findInstrument, type Instrument } from './instruments';
import { isOpen } from './schedule';
import type { InstrumentState } from './state';
import { candlePayload, depthOf, quoteOf, scheduleChannels, scheduleView, tradeView } from './views';

const candleChannel = (i: Instrument) => (i.kind === 'crypto' ? 'kline' : 'futures_kline');
const quoteChannel = (i: Instrument) => (i.kind === 'crypto' ? 'daymarket' : 'futures');

export interface PublisherDeps {
  hub: Hub;
  clock: Clock;
  /** Seed of the simulated depth. */
  seed: number;
  publicOrigin: string;
}

/**
 * The market's channel publishing job: what changed since the last run (quotes, depth, candles,
 * trades, schedule flips) goes out on the live channels, to subscribed sockets only (nothing is
 * computed otherwise). Every node publishes its own state (moved by its trades or relayed ones).
 */
export class ChannelPublisher {
  private unsubscribeHook: (() => void) | undefined;

  constructor(
    private readonly deps: PublisherDeps,
    private readonly states: ReadonlyMap<number, InstrumentState>,
  ) {}

  /** A new `market_schedule_<currency>` subscriber gets the current state at once (other channels: next change). */
  listen(): void {
    this.unsubscribeHook ??= this.deps.hub.onSubscribe((event) => this.onSubscribe(event));
  }

  close(): void {
    this.unsubscribeHook?.();
    this.unsubscribeHook = undefined;
  }

  checkSchedules(now: number): void {
    const { hub } = this.deps;
    for (const state of this.states.values()) {
      const open = isOpen(state.instrument.schedule, now);
      if (open === state.inTrade) continue;
      state.inTrade = open;
      state.quoteDirty = true;
      state.depthDirty = true;
      const payload = scheduleView(state.instrument, now);
      for (const channel of scheduleChannels(state.instrument)) {
        if (hub.hasSubscribers(channel, {})) hub.publish(channel, {}, payload);
      }
    }
  }

  publish(): void {
    this.checkSchedules(this.deps.clock.now());
    for (const state of this.states.values()) this.publishInstrument(state);
  }

  /** Publishes what changed for one instrument, to subscribed sockets only (nothing is computed otherwise). */
  publishInstrument(state: InstrumentState): void {
    const { hub } = this.deps;
    const { instrument, filter } = state;
    if (state.quoteDirty) {
      state.quoteDirty = false;
      const channel = quoteChannel(instrument);
      if (hub.hasSubscribers(channel, filter))
        hub.publish(channel, filter, quoteOf(state, this.deps.clock.now(), this.deps.publicOrigin));
    }
    if (state.depthDirty) {
      state.depthDirty = false;
      if (hub.hasSubscribers('market_depth', filter))
        hub.publish('market_depth', filter, depthOf(state, this.deps.seed));
    }
    if (state.dirtyPeriods.size > 0) {
      const channel = candleChannel(instrument);
      for (const period of state.dirtyPeriods) {
        const periodFilter = { ...filter, period };
        if (!hub.hasSubscribers(channel, periodFilter)) continue;
        const closed = state.rolled.get(period);
        if (closed) hub.publish(channel, periodFilter, candlePayload(instrument, period, closed));
        const candle = state.candles[period];
        if (candle) hub.publish(channel, periodFilter, candlePayload(instrument, period, candle));
      }
      state.dirtyPeriods.clear();
      state.rolled.clear();
    }
    if (state.pendingDetail.length > 0) {
      if (hub.hasSubscribers('market_detail', filter)) {
        hub.publish('market_detail', filter, {
          currency_id: instrument.id,
          legal_id: instrument.legalId,
          symbol: instrument.symbol,
          data: [...state.pendingDetail].reverse().map(tradeView),
        });
      }
      state.pendingDetail = [];
    }
  }

  private onSubscribe(event: SubscribeEvent): void {
    if (!event.channel.startsWith('market_schedule_')) return;
    const instrument = findInstrument(event.channel.slice('market_schedule_'.length));
    if (instrument && this.states.has(instrument.id))
      event.emit(scheduleView(instrument, this.deps.clock.now()));
  }
}
