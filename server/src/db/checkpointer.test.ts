import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
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
    // A 1 MB limit (a file past twice that is truncated to it once the log restarts), read when the module loads.
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
    // The log restarts (the worker's catch-up past the limit, or a RESTART past twice the limit);
    // the worker's next write starts the log anew and truncates the file to twice the limit (its
    // journal_size_limit). Before, only the main connection had one: the file kept its size and a
    // RESTART came every 100 ms.
    const size = await eventually(
      async () => {
        await offload(async (q) => {
          await sql`insert into bulk (x) values (randomblob(100))`.execute(q);
        });
        return fs.statSync(wal).size;
      },
      (bytes) => bytes <= 2 * 2 ** 20,
      5000,
    );
    expect(size).toBeLessThanOrEqual(2 * 2 ** 20);
    const rows = await store.q
      .selectFrom(sql<{ x: Buffer }>`bulk`.as('b'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBeGreaterThanOrEqual(751);
  });
});

describeSqlite('the WAL limit under steady offloaded writes (db/checkpointer.ts, s-p99)', () => {
  let dir: string;
  let store: Store | undefined;
  const saved = {
    limit: process.env.SQLITE_WAL_LIMIT_MB,
    every: process.env.SQLITE_CHECKPOINT_MS,
    restart: process.env.SQLITE_WAL_RESTART_MB,
  };
  const restore = (name: string, value: string | undefined) => {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  };
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'checkpointer-worker-'));
  });
  afterEach(async () => {
    await store?.close();
    store = undefined;
    restore('SQLITE_WAL_LIMIT_MB', saved.limit);
    restore('SQLITE_CHECKPOINT_MS', saved.every);
    restore('SQLITE_WAL_RESTART_MB', saved.restart);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('has the write worker finish the checkpoint between transactions: no RESTART, the log starts anew', async () => {
    // A 4 MB limit and a checkpoint every
    // 20 ms, read when the modules load; the timeline (trace.ts) of the same modules. The RESTART
    // kept for when the worker cannot finish comes only past 64 MB here (twice the limit else:
    // a loaded machine can delay the checkpointer that long while this test writes).
    process.env.SQLITE_WAL_LIMIT_MB = '4';
    process.env.SQLITE_CHECKPOINT_MS = '20';
    process.env.SQLITE_WAL_RESTART_MB = '64';
    let open: typeof openStore = openStore;
    let trace: (typeof import('./trace'))['dbTrace'] = {};
    jest.isolateModules(() => {
      ({ openStore: open } = jest.requireActual<typeof import('./index')>('./index'));
      ({ dbTrace: trace } = jest.requireActual<typeof import('./trace')>('./trace'));
    });
    // Each checkpoint event with its times (main-thread clock). The checkpointer's and the write
    // worker's events come through two message ports, which deliver in no set order between them:
    // the order is the times', not the arrival's.
    const timeline: { kind: string; start: number; end: number }[] = [];
    trace.event = (kind, start, end) => {
      if (kind.startsWith('checkpoint')) timeline.push({ kind, start, end });
    };
    const events = { includes: (kind: string) => timeline.some((event) => event.kind === kind) };
    const file = path.join(dir, 'app.db');
    store = await open(loadConfig({ APP_MODE: 'test', DB_FILE: file }));
    const { offload } = store;
    if (!offload) throw new Error('no write worker');
    await sql`create table bulk (x blob)`.execute(store.q);
    // Two offloaded transactions in flight at all times, as under load: the worker always has one
    // open, so the checkpointer's PASSIVE checkpoints never copy the whole log and it never starts
    // anew by itself. Before, past the limit the checkpointer made a RESTART checkpoint, which the
    // worker's next BEGIN waited for (sleeping in SQLite's busy handler).
    const wal = `${file}-wal`;
    let largest = 0;
    let written = 0;
    const rowsEach = 4;
    const writeOnce = async () => {
      await offload(async (q) => {
        for (let j = 0; j < rowsEach; j += 1)
          await sql`insert into bulk (x) values (randomblob(1000))`.execute(q);
      });
      written += rowsEach;
      largest = Math.max(largest, fs.statSync(wal).size);
    };
    const write = async (until: () => boolean, ms: number) => {
      const end = Date.now() + ms;
      while (!until() && Date.now() < end) await writeOnce();
    };
    // The log grows past the limit under a reader's snapshot, which no checkpoint copies past.
    // Without it, on a loaded machine the worker sometimes idles between the two writers'
    // transactions (the main thread late to send the next): a PASSIVE checkpoint then copies the
    // whole log, the next transaction starts it anew, and in CI it stayed near 2 MB for 8 s.
    // Released, the checkpointer finds the log past the limit and asks the worker, which finishes
    // the checkpoint between two transactions (asks made while the reader held the log do not
    // count: their checkpoints could not copy all of it). Should a pause like the above let the
    // log start anew by itself first, nobody is asked: the log is held and grown again, past the
    // file's largest size (the file grows only once the log, written from its start, fills it).
    let asked: (typeof timeline)[number] | undefined;
    for (let attempt = 0; attempt < 4 && !asked; attempt += 1) {
      const reader = new Database(file, { readonly: true });
      reader.exec('begin');
      reader.prepare('select count(*) as n from bulk').get();
      const grownFrom = Math.max(largest, 4 * 2 ** 20);
      const grown = () => largest > grownFrom;
      await Promise.all([write(grown, 60_000), write(grown, 60_000)]);
      const released = performance.now();
      reader.exec('commit');
      reader.close();
      expect(largest).toBeGreaterThan(grownFrom);
      const byWorker = (event: (typeof timeline)[number]) =>
        event.kind === 'checkpoint-worker' && event.start > released;
      const finished = () => timeline.some(byWorker);
      await Promise.all([write(finished, 5000), write(finished, 5000)]);
      asked = timeline.find(byWorker);
    }
    expect(asked).toBeDefined();
    expect(events.includes('checkpoint-restart')).toBe(false);
    // The checkpointer flushed the database file before it asked (the worker's own checkpoint
    // then syncs only what was copied since). Its event may still be on its way. (Starts are
    // compared: a flush and a PASSIVE pass come between the flush's start and the ask, while the
    // two threads' clocks may differ by microseconds.)
    const flushedBefore = await eventually(
      () => timeline.some((event) => event.kind === 'checkpoint-flush' && event.start < (asked?.start ?? 0)),
      Boolean,
      2000,
    );
    expect(flushedBefore).toBe(true);
    // The log started anew over the start of the file: more writes (well under the limit) leave
    // the file as it was, neither cut back at the restart (an ftruncate inside the worker's next
    // COMMIT, when journal_size_limit was half the limit) nor grown.
    const high = fs.statSync(wal).size;
    for (let i = 0; i < 200; i += 1) {
      await offload(async (q) => {
        for (let j = 0; j < 2; j += 1) await sql`insert into bulk (x) values (randomblob(1000))`.execute(q);
      });
      written += 2;
    }
    expect(high).toBeGreaterThanOrEqual(largest);
    expect(fs.statSync(wal).size).toBe(high);
    expect(events.includes('checkpoint-restart')).toBe(false);
    const rows = await store.q
      .selectFrom(sql<{ x: Buffer }>`bulk`.as('b'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(written);
  }, 120_000);

  it('closes the descriptor it flushes the file through only when the store closes', async () => {
    const fds = () => (fs.existsSync('/proc/self/fd') ? fs.readdirSync('/proc/self/fd').length : 0);
    const before = fds();
    const file = path.join(dir, 'app.db');
    store = await openStore(loadConfig({ APP_MODE: 'test', DB_FILE: file }));
    await sql`create table t (x integer)`.execute(store.q);
    // A second store of this process on the same file shares it: the first one's close leaves it
    // open (closing it would drop the POSIX locks of the second one's connections).
    const other = await openStore(loadConfig({ APP_MODE: 'test', DB_FILE: file }));
    await store.close();
    store = other;
    const { offload } = other;
    if (!offload) throw new Error('no write worker');
    await offload(async (q) => {
      await sql`insert into t (x) values (1)`.execute(q);
    });
    const rows = await sql<{ n: number }>`select count(*) as n from t`.execute(other.q);
    expect(rows.rows).toEqual([{ n: 1 }]);
    await other.close();
    store = undefined;
    expect(fds()).toBe(before);
  });
});
