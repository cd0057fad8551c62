import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { ManualClock } from '../core/clock';
import { loadConfig } from '../core/config';
import { initStore } from '../database';
import { startTestServer, TEST_START, type TestServer } from '../testing/harness';
import { forUpdate, openStore, type Store } from './index';
import { BASELINE_VERSION, STORE_MIGRATIONS } from './migrations';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
/** The migrations after the baseline (12 compact-tape, ...). */
const LATER_VERSIONS = STORE_MIGRATIONS.filter((m) => m.version > BASELINE_VERSION).map((m) => m.version);

describe('the store of a test server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ MARKET_FEED: 'off', MARKET_BACKFILL: 'none' });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('runs on the dialect the environment asks for', () => {
    expect(server.store.dialect).toBe(onPostgres ? 'postgres' : 'sqlite');
  });

  it('has the baseline and the seeds applied', async () => {
    const versions = await server.store.q.selectFrom('schema_migrations').select('version').execute();
    expect(versions.map((v) => v.version).sort((a, b) => a - b)).toEqual([
      ...Array.from({ length: BASELINE_VERSION }, (_, i) => i + 1),
      ...LATER_VERSIONS,
    ]);
    const usdt = await server.store.q
      .selectFrom('currencies')
      .select(['id', 'name', 'precision', 'usdt_price'])
      .where('name', '=', 'USDT')
      .executeTakeFirstOrThrow();
    expect(usdt).toEqual({ id: 3, name: 'USDT', precision: expect.any(Number), usdt_price: '1' });
    const steps = await server.store.q.selectFrom('seed_steps').select('name').execute();
    expect(steps.map((s) => s.name)).toEqual(
      expect.arrayContaining(['currencies', 'countries', 'news', 'fiat-merchants', 'lockup-products']),
    );
    const secrets = await server.store.q.selectFrom('server_secrets').select('name').execute();
    expect(secrets.map((s) => s.name).sort()).toEqual(['support_chat_hmac', 'upload_url_hmac']);
  });

  it('keeps on the ledger only the index a query reads it by (migration 14)', async () => {
    const indexes = onPostgres
      ? await sql<{
          name: string;
        }>`SELECT indexname AS name FROM pg_indexes WHERE tablename = 'ledger_entries'`.execute(
          server.store.q,
        )
      : await sql<{
          name: string;
        }>`SELECT name FROM pragma_index_list('ledger_entries') WHERE origin = 'c'`.execute(server.store.q);
    // The fund log's (wallet/wallets.ts fundLog); no query of the product reads the ledger by ref.
    expect(indexes.rows.map((i) => i.name).filter((name) => !name.endsWith('_pkey'))).toEqual([
      'ledger_entries_wallet',
    ]);
  });

  it('keeps decimals exactly as written, ids and millisecond times as numbers', async () => {
    const store = server.store;
    const inserted = await store.q
      .insertInto('users')
      .values({
        account_number: 'store@example.com',
        email: 'store@example.com',
        password_hash: 'x',
        extension_code: 'STORE1',
        created_at: TEST_START,
        updated_at: TEST_START,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(typeof inserted.id).toBe('number');
    await store.q
      .insertInto('wallet_balances')
      .values({
        user_id: inserted.id,
        wallet_type: 'change',
        currency_id: 3,
        available: '0.50000000',
        locked: '123456789012345678.123456789012345678',
        updated_at: TEST_START,
      })
      .execute();
    const row = await store.q
      .selectFrom('wallet_balances')
      .select(['available', 'locked', 'updated_at', 'user_id'])
      .where('user_id', '=', inserted.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      available: '0.50000000',
      locked: '123456789012345678.123456789012345678',
      updated_at: TEST_START,
      user_id: inserted.id,
    });
    const count = await store.q
      .selectFrom('wallet_balances')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', inserted.id)
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(1);
  });

  it('rolls a failed transaction back and locks rows read for update', async () => {
    const store = server.store;
    await expect(
      store.tx(async (q) => {
        await q.insertInto('earn_settings').values({ name: 'rolled_back', value: '1' }).execute();
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const gone = await store.q
      .selectFrom('earn_settings')
      .selectAll()
      .where('name', '=', 'rolled_back')
      .execute();
    expect(gone).toEqual([]);

    const compiled = forUpdate(store, store.q.selectFrom('currencies').select('id')).compile();
    expect(compiled.sql.toLowerCase().includes('for update')).toBe(store.dialect === 'postgres');
    const inTx = await store.tx(async (q) =>
      forUpdate(
        store,
        q.selectFrom('currencies').select('usdt_price').where('id', '=', 3),
      ).executeTakeFirst(),
    );
    expect(inTx).toEqual({ usdt_price: '1' });
  });

  it('finds nothing for a text with U+0000 (PostgreSQL cannot hold one) instead of failing', async () => {
    const found = await server.store.q
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'demo\u0000@example.com')
      .execute();
    expect(found).toEqual([]);
    const raw = await sql<{
      n: number;
    }>`SELECT COUNT(*) AS n FROM users WHERE email IN (${'a\u0000'}, ${'b'})`.execute(server.store.q);
    expect(Number(raw.rows[0]?.n)).toBe(0);
  });

  it('refuses store.q inside store.tx at once (on SQLite it would wait forever)', async () => {
    const store = server.store;
    await expect(
      store.tx(async (q) => {
        await q.selectFrom('currencies').select('id').execute();
        return store.q.selectFrom('currencies').select('id').execute();
      }),
    ).rejects.toMatchObject({ message: expect.stringMatching(/store\.q used inside store\.tx/) });
    // Outside a transaction it works, as does the transaction's own q.
    expect((await store.q.selectFrom('currencies').select('id').execute()).length).toBeGreaterThan(3);
  });

  it('checks the constraints of the schema on both dialects', async () => {
    // SqliteError may come from another test file's realm (the native module is loaded once
    // per worker), so match the message rather than `instanceof Error` (what toThrow checks).
    const checkFailed = { message: expect.stringMatching(/check constraint/i) };
    await expect(
      server.store.q
        .insertInto('countries')
        .values({ country_id: 9999, area_code: '0x', name_cn: '-', name_en: '-' })
        .execute(),
    ).rejects.toMatchObject(checkFailed);
    await expect(
      server.store.q
        .insertInto('currencies')
        .values({ id: 9999, name: 'BAD', precision: 30, usdt_price: '1' })
        .execute(),
    ).rejects.toMatchObject(checkFailed);
    const raw = await sql<{ one: number }>`SELECT 1 AS one`.execute(server.store.q);
    expect(raw.rows).toEqual([{ one: 1 }]);
  });
});

/** A SQLite file as the old synchronous runner (removed) left it at migration 11. */
function oldRunnerDatabase(file: string): Database.Database {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec(fs.readFileSync(path.join(__dirname, '../testing/fixtures/old-runner-v11.sql'), 'utf8'));
  return db;
}

(onPostgres ? describe.skip : describe)('an existing SQLite database', () => {
  let dir: string;
  let store: Store | undefined;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-test-'));
  });
  afterEach(async () => {
    await store?.close();
    store = undefined;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('made by the old runner at migration 11 keeps its data and is found up to date', async () => {
    const config = loadConfig({ APP_MODE: 'test', DB_FILE: path.join(dir, 'app.db') });
    const clock = new ManualClock(TEST_START);
    const old = oldRunnerDatabase(config.dbFile);
    old.prepare("INSERT INTO earn_settings (name, value) VALUES ('kept', 'yes')").run();
    const secrets = old.prepare('SELECT name, value FROM server_secrets ORDER BY name').all();
    old.close();

    store = await initStore(config, clock);
    const kept = await store.q
      .selectFrom('earn_settings')
      .select('value')
      .where('name', '=', 'kept')
      .executeTakeFirst();
    expect(kept).toEqual({ value: 'yes' });
    // Versions 1-11 as the old runner wrote them (its times); only the later migrations ran.
    const versions = await store.q
      .selectFrom('schema_migrations')
      .select(['version', 'name', 'applied_at'])
      .orderBy('version')
      .execute();
    expect(versions.map((v) => v.version)).toEqual([
      ...Array.from({ length: BASELINE_VERSION }, (_, i) => i + 1),
      ...LATER_VERSIONS,
    ]);
    expect(versions[BASELINE_VERSION - 1]).toEqual({
      version: BASELINE_VERSION,
      name: 'instrument-18-is-bef',
      applied_at: Date.UTC(2025, 0, 15, 12),
    });
    expect(
      await store.q.selectFrom('server_secrets').select(['name', 'value']).orderBy('name').execute(),
    ).toEqual(secrets);
    // The seed steps ran on it (the demo user, the currencies beside the old BEF row).
    const demoUsers = (live: Store) =>
      live.q.selectFrom('users').select('id').where('email', '=', 'demo@example.com').execute();
    expect(await demoUsers(store)).toHaveLength(1);
    const names = await store.q.selectFrom('currencies').select('name').execute();
    expect(names.map((c) => c.name)).toEqual(expect.arrayContaining(['BTC', 'USDT', 'BEF']));

    // Opened again (a restart): nothing more to migrate, nothing seeded twice.
    await store.close();
    store = await initStore(config, clock);
    expect(await store.q.selectFrom('schema_migrations').select('version').execute()).toHaveLength(
      versions.length,
    );
    expect(await demoUsers(store)).toHaveLength(1);
  });

  it('made by the baseline has the tables, columns, keys and indexes of the old migrations', async () => {
    const old = oldRunnerDatabase(path.join(dir, 'old.db'));
    // The baseline alone (later migrations change the schema on purpose).
    store = await openStore(loadConfig({ APP_MODE: 'test', DB_FILE: path.join(dir, 'new.db') }), {
      migrations: STORE_MIGRATIONS.filter((m) => m.version <= BASELINE_VERSION),
    });
    const shapeOf = async (read: (query: string) => Promise<unknown[]>) => {
      const tables = (await read(
        // (seed_steps: the Store's own bookkeeping, which the old runner did not have.)
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name != 'seed_steps' ORDER BY name",
      )) as Array<{ name: string }>;
      const shape: Record<string, unknown> = {};
      for (const { name } of tables) {
        shape[name] = {
          columns: ((await read(`PRAGMA table_info(${name})`)) as Array<Record<string, unknown>>).map(
            (c) => ({
              name: c.name,
              type: String(c.type).toUpperCase(),
              notnull: c.notnull,
              dflt: c.dflt_value,
              pk: c.pk,
            }),
          ),
          foreignKeys: ((await read(`PRAGMA foreign_key_list(${name})`)) as Array<Record<string, unknown>>)
            .map(
              (f) => `${String(f.from)}->${String(f.table)}.${String(f.to ?? 'id')} ${String(f.on_delete)}`,
            )
            .sort(),
          indexes: ((await read(`PRAGMA index_list(${name})`)) as Array<Record<string, unknown>>)
            .filter((i) => i.origin === 'c')
            .map((i) => `${String(i.name)} unique=${String(i.unique)} partial=${String(i.partial)}`)
            .sort(),
        };
      }
      return shape;
    };
    const before = await shapeOf(async (query) => old.prepare(query).all());
    const live = store;
    const after = await shapeOf(async (query) => (await sql.raw(query).execute(live.q)).rows);
    old.close();
    expect(Object.keys(before)).toHaveLength(Object.keys(after).length);
    expect(after).toEqual(before);
  });

  it('older than the baseline is refused with a clear message', async () => {
    const config = loadConfig({ APP_MODE: 'test', DB_FILE: path.join(dir, 'app.db') });
    const clock = new ManualClock(TEST_START);
    const old = oldRunnerDatabase(config.dbFile);
    old.exec('DELETE FROM schema_migrations WHERE version > 9');
    old.close();
    await expect(initStore(config, clock)).rejects.toThrow(/migration 9, older than the baseline/);
  });

  it('is opened by the store alone, in WAL with foreign keys on', async () => {
    const config = loadConfig({ APP_MODE: 'test', DB_FILE: path.join(dir, 'app.db') });
    store = await initStore(config, new ManualClock(TEST_START));
    const mode = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(store.q);
    expect(mode.rows).toEqual([{ journal_mode: 'wal' }]);
    const keys = await sql<{ foreign_keys: number }>`PRAGMA foreign_keys`.execute(store.q);
    expect(keys.rows).toEqual([{ foreign_keys: 1 }]);
    // Another process (here: another connection) reads what the store committed.
    await store.q.insertInto('earn_settings').values({ name: 'seen', value: 'by others' }).execute();
    const reader = new Database(config.dbFile, { readonly: true });
    const seen = reader.prepare("SELECT value FROM earn_settings WHERE name = 'seen'").get();
    reader.close();
    expect(seen).toEqual({ value: 'by others' });
  });
});
