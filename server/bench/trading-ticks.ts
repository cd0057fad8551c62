/**
 * Tape-tick benchmark of the trading engines (a script, not a test). Builds the real app in this
 * process (temp SQLite, manual feed, small history), measures how many BTC/USDT tape trades a
 * second the market engine records with the trading engines listening, first with no orders, then
 * with 10,000 open leveraged positions (half with take-profit/stop-loss, all with a liquidation
 * trigger) and 10,000 pending limit orders (5,000 leveraged, 5,000 spot) on that one instrument.
 * Prices follow a random walk so a few triggers fire (each fill or close is written and booked).
 *
 *   pnpm --filter server exec tsx bench/trading-ticks.ts [--ticks 20000] [--positions 10000] [--pending 10000]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { ManualClock } from '../src/core/clock';
import { loadConfig } from '../src/core/config';
import { insertUser } from '../src/accounts/users';
import { leverEngineOf } from '../src/lever/routes';
import { LeverEngine } from '../src/lever/service';
import { SecondsEngine } from '../src/seconds/service';
import { SpotEngine } from '../src/spot/service';
import type { TapeTrade } from '../src/market/tape';
import { spotEngineOf } from '../src/spot/routes';
import { Random } from '../src/market/random';
import { fund } from '../src/testing/fund';
import { reconcile } from '../src/kernel';

function numberArgument(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  if (index === -1) return fallback;
  const value = Number(process.argv[index + 1]);
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a non-negative integer`);
  return value;
}

const TICKS = numberArgument('ticks', 20_000);
const POSITIONS = numberArgument('positions', 10_000);
const PENDING = numberArgument('pending', 10_000);
const PER_USER = 100;

/** Time spent inside the trading engines' tick listeners (ms), measured by wrapping them. */
let engineMs = 0;
for (const engine of [LeverEngine, SpotEngine, SecondsEngine]) {
  const proto = engine.prototype as unknown as {
    onTick: (trade: TapeTrade, ...rest: unknown[]) => void | Promise<void>;
  };
  const original = proto.onTick;
  proto.onTick = function timed(this: unknown, trade: TapeTrade, ...rest: unknown[]) {
    // The synchronous part (triggers crossed, work queued); queued database work is awaited by the market.
    const started = performance.now();
    try {
      return original.call(this, trade, ...rest);
    } finally {
      engineMs += performance.now() - started;
    }
  };
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ticks-bench-'));
  const config = loadConfig({
    APP_MODE: 'test',
    LOG_LEVEL: 'silent',
    DB_FILE: path.join(dir, 'app.db'),
    MARKET_BACKFILL: 'small',
    MARKET_FEED: 'manual',
  });
  const clock = new ManualClock(Date.UTC(2025, 0, 15, 12));
  const app = await buildApp(config, { clock });
  const { market, ctx } = app;
  const lever = leverEngineOf(ctx);
  const spot = spotEngineOf(ctx);
  if (!lever || !spot) throw new Error('engines missing');
  const random = new Random(42, 1, 2, 3);
  let price = 6_000_000; // ticks (60000.00)
  await market.pin('BTC/USDT', '60000.00');

  const run = async (label: string): Promise<number> => {
    const started = performance.now();
    engineMs = 0;
    for (let i = 0; i < TICKS; i += 1) {
      clock.advance(50);
      // A walk of up to +-0.05 % a step, pulled back toward 60000.
      price += Math.round((random.uniform() - 0.5) * 6000) + Math.round((6_000_000 - price) / 200);
      await market.pin('BTC/USDT', (price / 100).toFixed(2));
    }
    const seconds = (performance.now() - started) / 1000;
    const rate = TICKS / seconds;
    console.log(
      `${label}: ${TICKS} ticks in ${seconds.toFixed(2)} s = ${Math.round(rate)} ticks/s (${((seconds * 1e6) / TICKS).toFixed(1)} µs a tick); live lever orders ${lever.liveCount}, pending spot ${spot.pendingCount}`,
    );
    console.log(
      `  trading engines alone: ${((engineMs * 1000) / TICKS).toFixed(1)} µs a tick = ${Math.round(TICKS / (engineMs / 1000))} ticks/s (the rest is the market engine recording the trade: tape row, candles, channels)`,
    );
    return rate;
  };

  const baseline = await run('no orders');

  // Users: one per 100 orders (the per-user cap).
  const now = clock.now();
  const users: number[] = [];
  const needed =
    Math.ceil(POSITIONS / PER_USER) + Math.ceil(PENDING / 2 / PER_USER) + Math.ceil(PENDING / 2 / PER_USER);
  for (let i = 0; i < needed; i += 1) {
    const id = await insertUser(ctx.store.q, { email: `bench${i}@example.com`, passwordHash: 'x' }, now);
    await fund(ctx.store, id, 'lever', 3, '100000000');
    await fund(ctx.store, id, 'change', 3, '100000000');
    await fund(ctx.store, id, 'change', 1, '100000');
    users.push(id);
  }
  await market.pin('BTC/USDT', '60000.00');
  price = 6_000_000;
  const setupStarted = performance.now();
  let u = 0;
  const multiples = [20, 50, 100, 200];
  for (let i = 0; i < POSITIONS; i += 1) {
    const userId = users[Math.floor(i / PER_USER)] as number;
    u = Math.max(u, Math.floor(i / PER_USER) + 1);
    const type = i % 2 === 0 ? 1 : 2;
    const order = await lever.submit(userId, {
      currency_id: 1,
      legal_id: 3,
      type,
      status: 1,
      share: String(1 + (i % 5)),
      multiple: multiples[i % 4],
    });
    if (i % 2 === 0) {
      const away = 1 + (i % 10) / 100; // 1 % .. 1.09 %
      const tp = type === 1 ? 60000 * (1 + away / 10) : 60000 * (1 - away / 10);
      const sl = type === 1 ? 60000 * (1 - away / 10) : 60000 * (1 + away / 10);
      await lever.setStop(userId, {
        id: order.id,
        target_profit_price: tp.toFixed(2),
        stop_loss_price: sl.toFixed(2),
      });
    }
  }
  const leverPending = Math.floor(PENDING / 2);
  for (let i = 0; i < leverPending; i += 1) {
    const userId = users[u + Math.floor(i / PER_USER)] as number;
    const type = i % 2 === 0 ? 1 : 2;
    const distance = 0.001 + (i % 200) / 2000; // 0.1 % .. 10 %
    const target = type === 1 ? 60000 * (1 - distance) : 60000 * (1 + distance);
    await lever.submit(userId, {
      currency_id: 1,
      legal_id: 3,
      type,
      status: 0,
      target_price: target.toFixed(2),
      share: '1',
      multiple: 20,
    });
  }
  u += Math.ceil(leverPending / PER_USER);
  for (let i = 0; i < PENDING - leverPending; i += 1) {
    const userId = users[u + Math.floor(i / PER_USER)] as number;
    const side = i % 2 === 0 ? 'in' : 'out';
    const distance = 0.001 + (i % 200) / 2000;
    const limit = side === 'in' ? 60000 * (1 - distance) : 60000 * (1 + distance);
    await spot.place(userId, side, {
      currency_id: 1,
      legal_id: 3,
      mode: 2,
      num: '0.001',
      price: limit.toFixed(2),
    });
  }
  console.log(
    `setup: ${POSITIONS} positions + ${PENDING} pending orders in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`,
  );

  const q = ctx.store.q;
  const count = async (query: Promise<{ n: number }>) => Number((await query).n);
  const closedLever = () =>
    count(
      q
        .selectFrom('lever_orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 3)
        .executeTakeFirstOrThrow(),
    );
  const closedBefore = await closedLever();
  const loaded = await run(`${POSITIONS} positions + ${PENDING} pending`);
  const closed = (await closedLever()) - closedBefore;
  const opened = await count(
    q
      .selectFrom('lever_orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('order_mode', '=', 0)
      .where('status', 'in', [1, 3])
      .executeTakeFirstOrThrow(),
  );
  const filled = await count(
    q
      .selectFrom('spot_orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('mode', '=', 2)
      .where('status', '=', 1)
      .executeTakeFirstOrThrow(),
  );
  console.log(
    `during the loaded run: ${closed} positions closed (stops or liquidation), ${opened} leveraged limits opened, ${filled} spot limits filled`,
  );
  console.log(`loaded / baseline: ${((loaded / baseline) * 100).toFixed(0)} %`);
  const mismatches = await reconcile(ctx.store.q);
  console.log(`reconcile: ${mismatches.length === 0 ? 'ok' : `${mismatches.length} mismatches`}`);
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
