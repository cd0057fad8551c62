import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

/**
 * A sweeper is an engine job (cluster/jobs.ts): it runs on the engine node only. When the node
 * starts leading (on a node alone: at the end of buildApp, before the app listens), `sweep(now)`
 * runs at once and is awaited (catching up on whatever fell due while no node ran it), then every
 * `intervalMs` of real time, always with the app's injected Clock as "now" (tests move a
 * ManualClock and call the sweep themselves or wait for the next run). A run that is still busy
 * when the next one is due is not overlapped: that tick is skipped. It stops when the node stops
 * leading or the app closes, and waits for a run in progress (the database is never closed
 * under it).
 */
export function startSweeper(
  _app: FastifyInstance,
  ctx: Pick<AppContext, 'clock' | 'log' | 'jobs'>,
  name: string,
  sweep: (now: number) => Promise<unknown>,
  intervalMs = 1000,
): void {
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const run = () => {
    if (running) return running;
    running = (async () => {
      try {
        await sweep(ctx.clock.now());
      } catch (error) {
        ctx.log.error({ err: error, sweeper: name }, 'sweeper failed');
      } finally {
        running = undefined;
      }
    })();
    return running;
  };
  ctx.jobs.add(`sweeper:${name}`, {
    async start() {
      await run();
      timer = setInterval(() => void run(), intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  });
}
