/**
 * SQLite page size and the reads (a script, not a test): builds the app twice on new files, one
 * with 1 KiB pages (NEW_FILE_PAGE_SIZE) and one with SQLite's 4 KiB (SQLITE_PAGE_SIZE), each with
 * the same back-filled market history and the same spot orders, then times, alternating between
 * the two, the reads the page size could slow down: candles (1 min and 1 day, the kline page),
 * the tape (price at a time, trades after a seq), a user's spot orders and balances. Prints µs a
 * read and the file's size (pages x page size).
 *
 *   pnpm --filter server exec tsx bench/page-size.ts [--backfill small|full] [--rounds 5] [--reads 2000] [--order 1024,4096]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp, type BuiltApp } from '../src/app';
import { loadConfig } from '../src/core/config';
import { postLedger } from '../src/kernel';
import { insertUser } from '../src/accounts/users';
import { SpotEngine } from '../src/spot/service';

function argument(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : (process.argv[index + 1] ?? fallback);
}

const BACKFILL = argument('backfill', 'small');
const ROUNDS = Number(argument('rounds', '5'));
const READS = Number(argument('reads', '2000'));
const ORDERS = 4000;

interface Subject {
  pageSize: number;
  server: BuiltApp;
  dir: string;
  userId: number;
  spot: SpotEngine;
}

async function open(pageSize: number): Promise<Subject> {
  process.env.SQLITE_PAGE_SIZE = String(pageSize);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `page-size-${pageSize}-`));
  const started = Date.now();
  const server = await buildApp(
    loadConfig({
      APP_MODE: 'production',
      LOG_LEVEL: 'error',
      DB_FILE: path.join(dir, 'app.db'),
      MARKET_BACKFILL: BACKFILL,
      MARKET_FEED: 'manual',
    }),
  );
  const actual = (await sql<{ page_size: number }>`pragma page_size`.execute(server.store.q)).rows[0];
  if (actual?.page_size !== pageSize) throw new Error(`page size ${actual?.page_size}, not ${pageSize}`);
  const now = Date.now();
  const userId = await server.store.tx(async (q) => {
    const id = await insertUser(q, { email: `page-size-${pageSize}@example.com`, passwordHash: 'x' }, now);
    await postLedger(
      q,
      [{ userId: id, walletType: 'change', currencyId: 3, amount: '100000000', reason: 'deposit' }],
      {
        now,
      },
    );
    return id;
  });
  const spot = new SpotEngine(server.ctx);
  await spot.start();
  const last = Number(server.market.lastPrice(1) ?? '0');
  // Pending limit buys (10% under the price) and market buys, half and half.
  for (let i = 0; i < ORDERS; i += 1) {
    await spot.place(
      userId,
      'in',
      i % 2 === 0
        ? { legal_id: 3, currency_id: 1, num: '0.001', mode: 1, trade_type: 1 }
        : { legal_id: 3, currency_id: 1, num: '0.001', mode: 2, price: String(Math.floor(last * 0.9)) },
    );
  }
  console.log(`page size ${pageSize}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { pageSize, server, dir, userId, spot };
}

async function time(reads: number, read: (i: number) => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 50; i += 1) await read(i);
  const started = performance.now();
  for (let i = 0; i < reads; i += 1) await read(i);
  return ((performance.now() - started) * 1000) / reads;
}

async function measure(s: Subject): Promise<Record<string, number>> {
  const { market } = s.server;
  const now = Date.now();
  const trades = await market.tradesAfter(1, 0);
  const firstSeq = trades[0]?.seq ?? 0;
  return {
    'candles 1min x300': await time(READS / 4, () => market.candles(1, '1min', { limit: 300 })),
    'candles 1day x300': await time(READS / 4, () => market.candles(1, '1day', { limit: 300 })),
    'tape price at a time': await time(READS, (i) => market.priceAt(1 + (i % 31), now - (i % 1000) * 60_000)),
    'tape trades after a seq': await time(READS / 4, (i) =>
      market.tradesAfter(1 + (i % 31), firstSeq + i * 50),
    ),
    'spot orders (pending, 100)': await time(READS / 4, () =>
      s.spot.list(s.userId, { status: 0, limit: 100 }),
    ),
    'spot orders (done, 10)': await time(READS, () => s.spot.list(s.userId, { status: 1, limit: 10 })),
  };
}

async function main(): Promise<void> {
  // `--order 4096,1024`: which file is built first (the first build also warms the process up).
  const subjects: Subject[] = [];
  for (const size of argument('order', '1024,4096').split(',')) subjects.push(await open(Number(size)));
  const results = new Map<number, Array<Record<string, number>>>();
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const s of round % 2 === 0 ? subjects : [...subjects].reverse()) {
      const list = results.get(s.pageSize) ?? [];
      list.push(await measure(s));
      results.set(s.pageSize, list);
    }
  }
  for (const s of subjects) {
    const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(s.server.store.q);
    const bytes = (rows[0]?.page_count ?? 0) * s.pageSize;
    console.log(
      `page size ${s.pageSize}: file ${(bytes / 2 ** 20).toFixed(1)} MB (market history: ${BACKFILL})`,
    );
    const list = results.get(s.pageSize) ?? [];
    for (const name of Object.keys(list[0] ?? {})) {
      const values = list.map((r) => r[name] ?? 0).sort((a, b) => a - b);
      // The fastest round is the one least disturbed by whatever else runs on the machine.
      console.log(
        `  ${name}: ${values.map((v) => v.toFixed(0)).join(' / ')} µs a read (rounds, fastest first)`,
      );
    }
  }
  for (const s of subjects) {
    await s.spot.stop();
    await s.server.close();
    fs.rmSync(s.dir, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
