import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

/**
 * Runs `sweep(now)` at once (catching up on whatever fell due while the server was down), then
 * every `intervalMs` of real time, always with the app's injected Clock as "now" (tests move a
 * ManualClock and call the sweep themselves or wait for the next run). Stops when the app closes.
 */
export function startSweeper(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'clock' | 'log'>,
  name: string,
  sweep: (now: number) => unknown,
  intervalMs = 1000,
): void {
  const run = () => {
    try {
      sweep(ctx.clock.now());
    } catch (error) {
      ctx.log.error({ err: error, sweeper: name }, 'sweeper failed');
    }
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
