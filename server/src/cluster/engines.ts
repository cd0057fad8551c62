import type { AppContext } from '../context';
import type { BusTopics } from './bus';
import type { EngineJob } from './jobs';

type Kind = BusTopics['engine.watch']['kind'];

/** A trigger engine: an engine job that can also take on one row written by another node. */
export interface WatchingEngine extends EngineJob {
  /** Loads the row and watches it if it is still open (idempotent: a known row is refreshed). */
  watch(id: number): Promise<void>;
}

/**
 * Runs a trigger engine on the engine node only (started and stopped with the leadership) and
 * lets it take on the rows other nodes announce (`announce`) while it runs.
 */
export function runOnEngineNode(
  ctx: Pick<AppContext, 'jobs' | 'bus' | 'log'>,
  kind: Kind,
  engine: WatchingEngine,
): void {
  ctx.jobs.add(kind, engine);
  ctx.bus.subscribe('engine.watch', (message) => {
    if (message.kind !== kind || !ctx.jobs.running) return;
    engine
      .watch(message.id)
      .catch((error: unknown) => ctx.log.error({ err: error, kind }, 'engine watch failed'));
  });
}

/**
 * After a request wrote a row a trigger engine must watch (a pending order, a position or its new
 * stops, a seconds contract): on a node that is not the engine node, tells the engine node. (A
 * lost message costs nothing lasting: a new engine node loads every open row when it starts.)
 */
export function announce(ctx: Pick<AppContext, 'jobs' | 'bus'>, kind: Kind, id: number): void {
  if (!ctx.jobs.running) ctx.bus.publish('engine.watch', { kind, id });
}
