import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

/**
 * A sweeper is an engine job (cluster/jobs.ts): it runs on the engine node only. When the node
 * starts leading, `sweep(now)` runs at once (catching up on whatever fell due while no node ran
 * it), then every `intervalMs` of real time, always with the app's injected Clock as "now" (tests
 * move a ManualClock and call the sweep themselves or wait for the next run). It stops when the
 * node stops leading or the app closes. A run that returns a promise is awaited before the next.
 */
export function startSweeper(
  _app: FastifyInstance,
  ctx: Pick<AppContext, 'clock' | 'log' | 'jobs'>,
  name: string,
  sweep: (now: number) => unknown,
  intervalMs = 1000,
): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const run = (): Promise<void> => {
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
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  });
}
