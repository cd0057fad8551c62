import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

/**
 * Runs `sweep(now)` when the app gets ready (catching up on whatever fell due while the server was
 * down; `app.ready()` waits for it), then
 * every `intervalMs` of real time, always with the app's injected Clock as "now" (tests move a
 * ManualClock and call the sweep themselves or wait for the next run). A run that is still busy
 * when the next one is due is not overlapped: that tick is skipped. Stops when the app closes
 * (and waits for a run in progress, so the database is never closed under it).
 */
export function startSweeper(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'clock' | 'log'>,
  name: string,
  sweep: (now: number) => Promise<unknown>,
  intervalMs = 1000,
): void {
  let running: Promise<void> | undefined;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = (async () => {
      try {
        await sweep(ctx.clock.now());
      } catch (error) {
        ctx.log.error({ err: error, sweeper: name }, 'sweeper failed');
      } finally {
        running = undefined;
      }
    })();
  };
  let timer: NodeJS.Timeout | undefined;
  // The catch-up run completes before the app is ready (so before it listens), then the timer.
  app.addHook('onReady', async () => {
    run();
    await running;
    timer = setInterval(run, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  });
}
