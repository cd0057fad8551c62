import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestServer, TEST_START, type TestServer } from '../testing/harness';

/**
 * Only the engine node writes market history (issue 12): a node that starts as a follower long
 * after the last candle leaves the gap to the engine node and reads its rows; the node that takes
 * the engine over fills it. Needs TEST_DATABASE_URL and REDIS_URL (`node scripts/with-postgres.mjs
 * env TZ=UTC pnpm exec jest server/src/cluster`); skipped, visibly, without them.
 */
const ready = Boolean(process.env.TEST_DATABASE_URL && process.env.REDIS_URL);

jest.setTimeout(60_000);

const HOUR_MS = 3600_000;
/** The gap made in the shared history: the last two hours before the nodes' clock. */
const GAP_FROM = TEST_START - 2 * HOUR_MS;
const GAP_TO = TEST_START - 5 * 60_000;

(ready ? describe : describe.skip)(
  'the candle gap on two nodes (needs TEST_DATABASE_URL and REDIS_URL)',
  () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'candle-gap-'));
    const env = {
      DB_FILE: path.join(dir, 'app.db'),
      REDIS_URL: process.env.REDIS_URL ?? '',
      REDIS_PREFIX: `t${crypto.randomBytes(4).toString('hex')}`,
      LEADER_RETRY_MS: '100',
      // The simulated market: the one whose gap a start fills (its feed prints at the manual clock's now).
      MARKET_FEED: 'simulated',
    };
    const running = new Set<TestServer>();

    afterAll(async () => {
      for (const node of running) await node.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    /** Tape rows and 1-minute candles inside the gap. */
    async function inGap(node: TestServer): Promise<{ trades: number; minutes: number }> {
      const trades = await node.store.q
        .selectFrom('market_tape')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('time', '>', GAP_FROM)
        .where('time', '<', GAP_TO)
        .executeTakeFirstOrThrow();
      const minutes = await node.store.q
        .selectFrom('market_candles')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('period', '=', '1min')
        .where('time', '>', GAP_FROM)
        .where('time', '<', GAP_TO)
        .executeTakeFirstOrThrow();
      return { trades: Number(trades.n), minutes: Number(minutes.n) };
    }

    it('a follower leaves the gap to the engine node; the node that takes over fills it, the others load it', async () => {
      const a = await startTestServer(env);
      running.add(a);
      expect(a.cluster.jobs.running).toBe(true);
      expect(a.market.lastTrade(1)).toBeDefined();
      // As if the market had stopped two hours ago: the newest history goes.
      await a.store.q.deleteFrom('market_tape').where('time', '>', GAP_FROM).execute();
      await a.store.q.deleteFrom('market_candles').where('time', '>', GAP_FROM).execute();

      const b = await startTestServer(env);
      running.add(b);
      const c = await startTestServer(env);
      running.add(c);
      expect(b.cluster.jobs.running).toBe(false);
      expect(c.cluster.jobs.running).toBe(false);
      expect(await inGap(b)).toEqual({ trades: 0, minutes: 0 });
      expect(b.market.lastTrade(1)?.time).toBeLessThanOrEqual(GAP_FROM);

      running.delete(a);
      await a.stop();
      const until = async (check: () => boolean, what: string) => {
        const start = Date.now();
        while (!check()) {
          if (Date.now() - start > 10_000) throw new Error(`${what}: not in time`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      };
      await until(() => b.cluster.jobs.running || c.cluster.jobs.running, 'takeover');
      const [engine, follower] = b.cluster.jobs.running ? [b, c] : [c, b];
      await engine.cluster.jobs.settled();
      const filled = await inGap(engine);
      expect(filled.trades).toBeGreaterThan(0);
      expect(filled.minutes).toBeGreaterThan(0);
      // The follower loads the engine node's rows (it never wrote any).
      await until(() => (follower.market.lastTrade(1)?.time ?? 0) > GAP_TO, 'the follower reloads');
      expect(follower.market.lastTrade(1)).toEqual(engine.market.lastTrade(1));
    });
  },
);
