import { sql } from 'kysely';
import { dayOf, listDayPartitions, PARTITION_DAY_MS } from '../db/partitions';
import { startTestServer, TEST_START, type TestServer } from '../testing/harness';
import { MarketStorage, PARTITIONS_AHEAD } from './storage';
import { flagsOf, Tape, type TapeRow } from './tape';

const DAY = PARTITION_DAY_MS;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** One BTC/USDT (id 1) or ETH/USDT (id 2) print. */
const row = (instrumentId: number, seq: number, time: number, ticks = 6_000_000): TapeRow => ({
  instrument_id: instrumentId,
  time,
  seq,
  ticks,
  lots: 1,
  flags: flagsOf(2, 0),
});

describe('tape storage', () => {
  let server: TestServer;
  let storage: MarketStorage;
  beforeAll(async () => {
    server = await startTestServer({ MARKET_FEED: 'off', MARKET_BACKFILL: 'none' });
    storage = new MarketStorage(server.store, server.app.log);
    await storage.open(TEST_START);
  });
  afterAll(async () => {
    await server.stop();
  });

  (onPostgres ? it : it.skip)('keeps day partitions created ahead (PostgreSQL)', async () => {
    const days = await listDayPartitions(server.store.q, 'market_tape');
    for (let d = 0; d <= PARTITIONS_AHEAD; d += 1) expect(days).toContain(dayOf(TEST_START) + d);
    // The engine node's timer, three days on: the days ahead follow the clock.
    await storage.maintain(TEST_START + 3 * DAY, null, new Map());
    expect(await listDayPartitions(server.store.q, 'market_tape')).toContain(
      dayOf(TEST_START) + 3 + PARTITIONS_AHEAD,
    );
  });

  it('records trades on any day (creating its partition) and reads them back by time and by seq', async () => {
    const far = TEST_START + 40 * DAY;
    const start = await storage.nextSeq();
    await storage.record(
      [row(1, start, far), row(2, start + 1, far + 1, 300_000), row(1, start + 2, far + 2, 6_000_100)],
      [],
    );
    if (onPostgres) expect(await listDayPartitions(server.store.q, 'market_tape')).toContain(dayOf(far));
    expect(await storage.priceAt(1, far + 1)).toEqual({ seq: start, time: far, price: '60000.00' });
    expect(await storage.priceAt(1, far + 2)).toEqual({ seq: start + 2, time: far + 2, price: '60001.00' });
    expect((await Tape.after(server.store.q, 1, start)).map((t) => t.seq)).toEqual([start + 2]);
    expect(await storage.nextSeq()).toBe(start + 3);
  });

  (onPostgres ? it : it.skip)('packs the key of a finished day once (PostgreSQL)', async () => {
    const day = TEST_START + 40 * DAY;
    const packed = async () => {
      const result = await sql<{ options: string[] | null }>`
        SELECT reloptions AS options FROM pg_class
        WHERE relname = ${`market_tape_${new Date(day).toISOString().slice(0, 10).replaceAll('-', '')}_pkey`}`.execute(
        server.store.q,
      );
      return result.rows[0]?.options ?? [];
    };
    expect(await packed()).not.toContain('fillfactor=100');
    for (let i = 0; i < 200 && (await storage.compactOne(day + 2 * DAY)); i += 1);
    expect(await packed()).toContain('fillfactor=100');
    expect(await storage.priceAt(1, day + 2)).toMatchObject({ price: '60001.00' });
  });

  it('prunes old trades but never an instrument last trade', async () => {
    const base = TEST_START + 100 * DAY;
    let seq = await storage.nextSeq();
    const rows: TapeRow[] = [];
    // Days 0-2: both instruments trade; day 2 (ETH) is its last trade; BTC trades on day 5 too.
    for (let d = 0; d < 3; d += 1)
      for (let i = 0; i < 10; i += 1) {
        rows.push(row(1, seq++, base + d * DAY + i * 1000));
        rows.push(row(2, seq++, base + d * DAY + i * 1000 + 1, 300_000));
      }
    const btcLast = row(1, seq++, base + 5 * DAY);
    rows.push(btcLast);
    await storage.record(rows, []);
    const ethLast = rows.filter((r) => r.instrument_id === 2).at(-1)!;
    const kept = new Map([
      [1, { seq: btcLast.seq, time: btcLast.time }],
      [2, { seq: ethLast.seq, time: ethLast.time }],
    ]);
    const count = async () => {
      const result = await sql<{ n: number | string }>`
        SELECT COUNT(*) AS n FROM market_tape WHERE time >= ${base}`.execute(server.store.q);
      return Number(result.rows[0]?.n);
    };
    expect(await count()).toBe(61);
    // Keep one day back from day 6: days 0-4 are old.
    let deleted = 0;
    for (
      let n = await storage.prune(base + 5 * DAY, kept);
      n > 0;
      n = await storage.prune(base + 5 * DAY, kept)
    )
      deleted += n;
    // These 59 and older rows (the other tests' and the start-up prints of instruments not in `kept`).
    expect(deleted).toBeGreaterThanOrEqual(59);
    expect(await count()).toBe(2);
    expect(await storage.priceAt(2, base + 10 * DAY)).toMatchObject({ seq: ethLast.seq });
    expect(await storage.priceAt(1, base + 10 * DAY)).toMatchObject({ seq: btcLast.seq });
    if (onPostgres) {
      const days = await listDayPartitions(server.store.q, 'market_tape');
      // Whole days dropped; the day holding ETH's last trade stays with that one row.
      expect(days).not.toContain(dayOf(base));
      expect(days).not.toContain(dayOf(base + DAY));
      expect(days).toContain(dayOf(base + 2 * DAY));
    }
  });
});
