import type { FastifyInstance } from 'fastify';
import { runOnEngineNode } from '../cluster/engines';
import type { AppContext } from '../context';
import { startSweeper } from '../core/sweeper';
import { sweepLaunch } from '../earn/launch';
import { sweepLockup } from '../earn/lockup';
import { LeverEngine } from '../lever/service';
import { sweepFiat } from '../otc/service';
import { SecondsEngine } from '../seconds/service';
import { SpotEngine } from '../spot/service';
import { sweepUploads } from '../uploads/service';

/** The trigger engines, handed to their routes. */
export interface Engines {
  spot: SpotEngine;
  lever: LeverEngine;
  seconds: SecondsEngine;
}

/**
 * The engine node's work, built in one place (the composition root, after the market feed) and
 * in start order: the sweepers (timers), then the trigger engines. They are engine jobs
 * (cluster/jobs.ts): the leadership starts them in this order and stops them in reverse, so the
 * engines stop before the sweepers, and those before the market feed.
 */
export function buildEngines(app: FastifyInstance, ctx: AppContext): Engines {
  startSweeper(app, ctx, 'uploads-unreferenced', (now) => sweepUploads(ctx, now), 60_000);
  startSweeper(app, ctx, 'fiat-timeout', (now) => sweepFiat(ctx, now));
  startSweeper(app, ctx, 'lockup-maturity', (now) => sweepLockup(ctx, now));
  startSweeper(app, ctx, 'launch-unlockable', (now) => sweepLaunch(ctx, now));
  // Each runs on the engine node only; rows written on another node are announced to it.
  const spot = new SpotEngine(ctx);
  runOnEngineNode(ctx, 'spot', spot);
  const lever = new LeverEngine(ctx);
  runOnEngineNode(ctx, 'lever', lever);
  const seconds = new SecondsEngine(ctx);
  runOnEngineNode(ctx, 'seconds', seconds);
  return { spot, lever, seconds };
}
