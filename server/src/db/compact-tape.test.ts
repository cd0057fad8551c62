import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { loadConfig, type AppConfig } from '../core/config';
import { Tape } from '../market/tape';
import { TEST_START, testDatabase } from '../testing/harness';
import { openStore, type Store } from './index';
import { BASELINE_VERSION, STORE_MIGRATIONS } from './migrations';
import { dayOf, listDayPartitions } from './partitions';

const DAY = 86_400_000;

/** Old tape rows as the market wrote them (decimal text), plus spellings it never wrote. */
const OLD_ROWS = [
  // BTC/USDT (id 1): price 0.01, quantity 0.00001.
  { seq: 1, instrument_id: 1, time: TEST_START - DAY, price: '60000.12', qty: '0.01234', side: 2, kind: 2 },
  { seq: 2, instrument_id: 1, time: TEST_START, price: '60001.00', qty: '0.00001', side: 1, kind: 0 },
  { seq: 3, instrument_id: 1, time: TEST_START, price: '60002', qty: '1', side: 2, kind: 1 },
  // ETH/USDT (id 2).
  { seq: 4, instrument_id: 2, time: TEST_START + 5, price: '3000.50', qty: '0.1000', side: 1, kind: 0 },
];

describe('migration 12: the compact tape', () => {
  let dir: string;
  let config: AppConfig;
  let drop: (() => Promise<void>) | undefined;
  let store: Store | undefined;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compact-tape-'));
    const env: Record<string, string> = { APP_MODE: 'test', DB_FILE: path.join(dir, 'app.db') };
    const database = await testDatabase({});
    if (database) env.DATABASE_URL = database.url;
    drop = database?.drop;
    config = loadConfig(env);
    store = await openStore(config, {
      migrations: STORE_MIGRATIONS.filter((m) => m.version <= BASELINE_VERSION),
    });
  });

  afterEach(async () => {
    await store?.close();
    store = undefined;
    await drop?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function insertOld(rows: ReadonlyArray<(typeof OLD_ROWS)[number]>): Promise<void> {
    for (const r of rows) {
      await sql`INSERT INTO market_trades (seq, instrument_id, time, price, qty, side, kind)
        VALUES (${r.seq}, ${r.instrument_id}, ${r.time}, ${r.price}, ${r.qty}, ${r.side}, ${r.kind})`.execute(
        store!.q,
      );
    }
  }

  async function migrateAll(): Promise<void> {
    await store?.close();
    store = await openStore(config);
  }

  it('converts every old trade exactly and drops market_trades', async () => {
    await insertOld(OLD_ROWS);
    await migrateAll();
    const q = store!.q;
    const rows = await q.selectFrom('market_tape').selectAll().orderBy('seq').execute();
    expect(rows).toEqual([
      { instrument_id: 1, time: TEST_START - DAY, seq: 1, ticks: 6_000_012, lots: 1234, flags: 1 + 2 * 2 },
      { instrument_id: 1, time: TEST_START, seq: 2, ticks: 6_000_100, lots: 1, flags: 0 },
      { instrument_id: 1, time: TEST_START, seq: 3, ticks: 6_000_200, lots: 100_000, flags: 1 + 2 * 1 },
      { instrument_id: 2, time: TEST_START + 5, seq: 4, ticks: 300_050, lots: 1000, flags: 0 },
    ]);
    // Read back as the market hands trades out (the canonical text of the same numbers).
    expect(await Tape.recent(q, 1, 10)).toEqual([
      { seq: 3, instrumentId: 1, time: TEST_START, price: '60002.00', qty: '1.00000', side: 2, kind: 1 },
      { seq: 2, instrumentId: 1, time: TEST_START, price: '60001.00', qty: '0.00001', side: 1, kind: 0 },
      {
        seq: 1,
        instrumentId: 1,
        time: TEST_START - DAY,
        price: '60000.12',
        qty: '0.01234',
        side: 2,
        kind: 2,
      },
    ]);
    expect(await Tape.priceAt(q, 1, TEST_START - 1)).toEqual({
      seq: 1,
      time: TEST_START - DAY,
      price: '60000.12',
    });
    expect(await Tape.priceAt(q, 1, TEST_START)).toEqual({ seq: 3, time: TEST_START, price: '60002.00' });
    expect((await Tape.after(q, 1, 1)).map((t) => t.seq)).toEqual([2, 3]);
    expect((await Tape.after(q, 1, 0)).map((t) => t.seq)).toEqual([1, 2, 3]);
    expect(await Tape.after(q, 2, 4)).toEqual([]);
    expect(await Tape.nextSeq(q)).toBe(5);
    const versions = await q.selectFrom('schema_migrations').select('version').execute();
    expect(versions.map((v) => v.version)).toContain(12);
    await expect(sql`SELECT COUNT(*) FROM market_trades`.execute(q)).rejects.toMatchObject({
      message: expect.stringMatching(/market_trades/),
    });
    if (store!.dialect === 'postgres') {
      // One partition per UTC day that held trades.
      expect(await listDayPartitions(q, 'market_tape')).toEqual([dayOf(TEST_START - DAY), dayOf(TEST_START)]);
    }
  });

  it('stops (and changes nothing) when a trade cannot be held exactly', async () => {
    await insertOld([
      ...OLD_ROWS,
      { seq: 5, instrument_id: 1, time: TEST_START + 9, price: '60000.125', qty: '0.1', side: 1, kind: 0 },
    ]);
    await store?.close();
    store = undefined;
    await expect(openStore(config)).rejects.toMatchObject({
      message: expect.stringMatching(/seq 5 .*60000\.125.* cannot be stored exactly/),
    });
    store = await openStore(config, {
      migrations: STORE_MIGRATIONS.filter((m) => m.version <= BASELINE_VERSION),
    });
    const left = await sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM market_trades`.execute(store.q);
    expect(Number(left.rows[0]?.n)).toBe(5);
  });
});
