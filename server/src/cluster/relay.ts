import type { Bus, BusTopics } from './bus';
import type { EngineJob } from './jobs';

type Trade = BusTopics['market.ticks'][number];

/**
 * The engine node's side of the prices every node needs: an engine job that forwards each trade
 * the market stores (`onTick`) to the other nodes as `market.ticks`, the trades of one burst in
 * one message (a microtask gathers them). Followers apply them to their market state.
 */
export function tickRelay(
  market: { onTick(listener: (trade: Trade) => void): () => void },
  bus: Bus,
): EngineJob {
  let unsubscribe: (() => void) | undefined;
  let pending: Trade[] = [];
  const flush = () => {
    const batch = pending;
    pending = [];
    if (batch.length > 0) bus.publish('market.ticks', batch);
  };
  return {
    start() {
      unsubscribe = market.onTick((trade) => {
        if (pending.length === 0) queueMicrotask(flush);
        pending.push(trade);
      });
    },
    stop() {
      unsubscribe?.();
      unsubscribe = undefined;
      flush();
    },
  };
}
