import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../core/config';
import { openStore, type Store } from './index';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** The last value `read` gave once `ok` held (or the timeout passed). */
async function eventually<T>(read: () => T | Promise<T>, ok: (value: T) => boolean, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
const describeSqlite = onPostgres ? describe.skip : describe;

describeSqlite('WAL checkpoints of a SQLite store (db/checkpointer.ts)', () => {
  let dir: string;
  let store: Store | undefined;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'checkpointer-'));
  });
  afterEach(async () => {
    await store?.close();
    store = undefined;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('are made by the worker, off the connection that commits', async () => {
    const file = path.join(dir, 'app.db');
    store = await openStore(loadConfig({ APP_MODE: 'test', DB_FILE: file }));
    const { q } = store;
    // The connection's own automatic checkpoint is off once the worker runs.
    const autocheckpoint = await eventually(
      async () => (await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(q)).rows,
      (rows) => rows[0]?.wal_autocheckpoint === 0,
      2000,
    );
    expect(autocheckpoint).toEqual([{ wal_autocheckpoint: 0 }]);
    await sql`create table bulk (x blob)`.execute(q);
    const before = fs.statSync(file).size;
    // About 200 pages: far under the 1000 WAL pages of SQLite's own automatic checkpoint.
    await store.tx(async (t) => {
      for (let i = 0; i < 200; i += 1) await sql`insert into bulk (x) values (randomblob(4000))`.execute(t);
    });
    // Only a checkpoint copies them from the WAL into the database file.
    const grown = before + 700_000;
    expect(
      await eventually(
        () => fs.statSync(file).size,
        (size) => size > grown,
        3000,
      ),
    ).toBeGreaterThan(grown);
    const rows = await q
      .selectFrom(sql<{ x: Buffer }>`bulk`.as('b'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(200);
  });

  it('leave no WAL behind once the store is closed', async () => {
    const file = path.join(dir, 'app.db');
    store = await openStore(loadConfig({ APP_MODE: 'test', DB_FILE: file }));
    await sql`create table bulk (x blob)`.execute(store.q);
    await sql`insert into bulk (x) values (randomblob(4000))`.execute(store.q);
    await store.close();
    store = undefined;
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
  });
});

describeSqlite('the WAL limit when the write worker writes (db/checkpointer.ts, s-tail)', () => {
  let dir: string;
  let store: Store | undefined;
  const limit = process.env.SQLITE_WAL_LIMIT_MB;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'checkpointer-limit-'));
  });
  afterEach(async () => {
    await store?.close();
    store = undefined;
    if (limit === undefined) delete process.env.SQLITE_WAL_LIMIT_MB;
    else process.env.SQLITE_WAL_LIMIT_MB = limit;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('restarts the log past the limit and the worker truncates the file', async () => {
    // A 1 MB limit (the file is truncated to 512 KB once the log restarts), read when the module loads.
    process.env.SQLITE_WAL_LIMIT_MB = '1';
    let open: typeof openStore = openStore;
    jest.isolateModules(() => {
      ({ openStore: open } = jest.requireActual<typeof import('./index')>('./index'));
    });
    const file = path.join(dir, 'app.db');
    store = await open(loadConfig({ APP_MODE: 'test', DB_FILE: file }));
    const { offload } = store;
    if (!offload) throw new Error('no write worker');
    await sql`create table bulk (x blob)`.execute(store.q);
    // About 3 MB of pages, written by the worker's connection (offloaded transactions).
    for (let i = 0; i < 15; i += 1) {
      await offload(async (q) => {
        for (let j = 0; j < 50; j += 1) await sql`insert into bulk (x) values (randomblob(4000))`.execute(q);
      });
    }
    const wal = `${file}-wal`;
    // The checkpointer restarts the log (RESTART past the limit); the worker's next write starts the
    // log anew and truncates the file (its journal_size_limit). Before, only the main connection had
    // one: the file kept its size and a RESTART came every 100 ms.
    const size = await eventually(
      async () => {
        await offload(async (q) => {
          await sql`insert into bulk (x) values (randomblob(100))`.execute(q);
        });
        return fs.statSync(wal).size;
      },
      (bytes) => bytes <= 512 * 1024,
      5000,
    );
    expect(size).toBeLessThanOrEqual(512 * 1024);
    const rows = await store.q
      .selectFrom(sql<{ x: Buffer }>`bulk`.as('b'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBeGreaterThanOrEqual(751);
  });
});
