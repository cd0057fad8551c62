import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  OperationNodeTransformer,
  type DatabaseConnection,
  type Driver,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  type SqliteDatabase,
  type SqliteStatement,
  type Transaction,
  type UnknownRow,
  type ValueNode,
} from 'kysely';
import pg from 'pg';
import type { AppConfig } from '../core/config';
import { startCheckpointer } from './checkpointer';
import { migrate, STORE_MIGRATIONS, type StoreMigration } from './migrations';
import type { DB } from './schema';
import { dbTrace } from './trace';
import {
  Committed,
  Recording,
  RecordingDialect,
  recordingExecute,
  startWriteWorker,
  type WriteWorker,
  type WrittenStatement,
} from './write-worker';

export type { DB } from './schema';
export type Dialect = 'sqlite' | 'postgres';
/** A connection or an open transaction: every query function takes one as its first argument. */
export type Q = Kysely<DB> | Transaction<DB>;

export interface Store {
  readonly dialect: Dialect;
  /** For reads outside a transaction (and single-statement writes). */
  readonly q: Kysely<DB>;
  /**
   * One transaction. On PostgreSQL retried (up to 5 times, small jittered backoff) on
   * serialization failure / deadlock (40001, 40P01); so `fn` must have no side effect outside
   * `q` (publish socket pushes and update in-memory state AFTER tx resolves). On SQLite: one
   * write transaction at a time (BEGIN IMMEDIATE through Kysely's connection mutex).
   */
  tx<T>(fn: (q: Transaction<DB>) => Promise<T>): Promise<T>;
  /**
   * SQLite with a write worker only (a file, not `:memory:`): one transaction whose writes run on
   * the worker's connection, off the event loop. `fn` runs on this thread with the write lane held
   * (no other transaction of this process runs meanwhile): its reads see the committed state, its
   * writes are recorded (they return no row count and no id; a write with RETURNING throws
   * `NotRecordable`) and committed by the worker once `fn` resolves; resolves after that COMMIT.
   * `fn` must never read back what it wrote (keep it in memory). Undefined elsewhere: use `tx`.
   */
  readonly offload?: <T>(fn: (q: Transaction<DB>) => Promise<T>) => Promise<T>;
  close(): Promise<void>;
}

/**
 * Row lock for read-then-write: `SELECT ... FOR UPDATE` on PostgreSQL, unchanged on SQLite
 * (whose write transactions are already serial). Use it on every row you read in a tx and then
 * update based on what you read (balances, an order's status, a product's stock).
 */
export function forUpdate<QB extends { forUpdate(): QB }>(store: { dialect: Dialect }, qb: QB): QB {
  return store.dialect === 'postgres' ? qb.forUpdate() : qb;
}

/**
 * The dialect behind a connection or transaction, for kernel functions that get only a `Q`
 * (e.g. `forUpdate({ dialect: queryDialect(q) }, ...)` in the ledger).
 */
export function queryDialect(q: Q): Dialect {
  return q.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** The dialect of a configuration: `DATABASE_URL` (postgres://...) wins over `DB_FILE`. */
export function dialectOf(config: Pick<AppConfig, 'databaseUrl'>): Dialect {
  return config.databaseUrl ? 'postgres' : 'sqlite';
}

export interface OpenOptions {
  /** Tests of a migration: the migrations to apply (default: all of STORE_MIGRATIONS). */
  migrations?: readonly StoreMigration[];
}

/**
 * Opens the configured database and applies pending migrations (seeds: database.ts). On SQLite
 * the Store opens its own better-sqlite3 connection (WAL, foreign keys on) and is the only user
 * of the file in this process (besides its checkpoint worker, checkpointer.ts).
 */
export async function openStore(
  config: Pick<AppConfig, 'databaseUrl' | 'dbFile'> & Partial<Pick<AppConfig, 'mode'>>,
  options: OpenOptions = {},
): Promise<Store> {
  // The guard against store.q inside store.tx needs an AsyncLocalStorage, i.e. promise hooks on
  // every promise of the process (a few % of an order's CPU): on in demo and test, off in production.
  const guard = config.mode !== 'production';
  const store = config.databaseUrl
    ? openPostgres(config.databaseUrl, guard)
    : openSqlite(openSqliteFile(config.dbFile), config.dbFile, guard);
  try {
    await migrate(store, options.migrations ?? STORE_MIGRATIONS, Date.now());
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

/**
 * The page size of a NEW SQLite file (bytes). An order changes a row or two in several b-trees
 * (its order and ledger rows, the user's index entries and balances), and a WAL commit writes
 * (and a checkpoint copies back) each changed page whole: with 1 KiB pages instead of SQLite's
 * 4 KiB a spot order writes about half the WAL bytes (5-6.5 KB against ~11; README.md, s-tail).
 * An existing file keeps its page size (SQLite cannot change it in WAL mode); `VACUUM` after
 * `PRAGMA journal_mode = DELETE; PRAGMA page_size = 1024` converts one (README.md).
 * `SQLITE_PAGE_SIZE` (512 ... 65536) overrides it, for benches.
 */
export const NEW_FILE_PAGE_SIZE = 1024;

function newFilePageSize(): number {
  const wanted = Number(process.env.SQLITE_PAGE_SIZE ?? NEW_FILE_PAGE_SIZE);
  // SQLite takes a power of two from 512 to 65536 (anything else is ignored).
  return Number.isInteger(wanted) && wanted >= 512 && wanted <= 65536 && (wanted & (wanted - 1)) === 0
    ? wanted
    : NEW_FILE_PAGE_SIZE;
}

/** Opens (creating the folder and file if needed) a SQLite database with WAL and foreign keys. */
function openSqliteFile(file: string): Database.Database {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  // A new (empty) file only: before its first write (the journal mode's), else a no-op.
  if (file !== ':memory:') db.pragma(`page_size = ${newFilePageSize()}`);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  // 64 MB of page cache (SQLite's default is 2 MB): the per-user index pages an order touches
  // (ledger_entries_wallet, spot_orders_user) stay in memory instead of being read back from the
  // WAL file (a wal-index lookup and a pread each) group after group.
  db.pragma('cache_size = -65536');
  return db;
}

/**
 * The process's turns on the SQLite file: the main connection (every write and transaction; a read
 * outside a transaction needs none, `TurnConnection`) and
 * the write worker's offloaded transactions, first come first served, so the main connection
 * never waits for the worker's write lock in SQLite's busy handler (a sleep on the event loop):
 * it waits here, asynchronously. The main connection's turn starts once no offloaded transaction
 * is being recorded or committed. Offloaded transactions are recorded one at a time, and the
 * next one may be recorded while the one before it commits on the worker (a pipeline).
 */
class WriteLane {
  private main = false;
  private recording = false;
  private offloads = 0;
  private readonly queue: Array<{ main: boolean; grant: () => void }> = [];
  /** The current main turn's asked and granted times (the bench's timeline, db/trace.ts). */
  private asked = 0;
  private granted = 0;

  /** The main connection's turn (`releaseMain` ends it). */
  acquireMain(): Promise<void> {
    if (!dbTrace.event) return this.enqueue(true);
    const asked = performance.now();
    return this.enqueue(true).then(() => {
      this.asked = asked;
      this.granted = performance.now();
    });
  }

  /** Called at the end of every turn of the main connection. */
  onMainTurnEnd: (() => void) | undefined;

  releaseMain(): void {
    this.main = false;
    if (dbTrace.event && this.granted > 0) {
      dbTrace.event('main-turn', this.asked, performance.now(), this.granted - this.asked);
      this.granted = 0;
    }
    this.onMainTurnEnd?.();
    this.pump();
  }

  /** An offloaded transaction's turn to record (`endRecord`, then `endOffload` once committed). */
  acquireRecord(): Promise<void> {
    return this.enqueue(false);
  }

  endRecord(): void {
    this.recording = false;
    this.pump();
  }

  endOffload(): void {
    this.offloads -= 1;
    this.pump();
  }

  private enqueue(main: boolean): Promise<void> {
    return new Promise((grant) => {
      this.queue.push({ main, grant });
      this.pump();
    });
  }

  private pump(): void {
    for (let next = this.queue[0]; next; next = this.queue[0]) {
      const free = !this.main && !this.recording && (!next.main || this.offloads === 0);
      if (!free) return;
      this.queue.shift();
      if (next.main) this.main = true;
      else {
        this.recording = true;
        this.offloads += 1;
      }
      next.grant();
    }
  }
}

/**
 * Kysely's SQLite driver, but write transactions take the write lock first (BEGIN IMMEDIATE), and
 * with a write worker (`lane`) every use of the connection but a read outside a transaction takes
 * its turn with the worker's transactions (`TurnConnection`).
 */
class ImmediateSqliteDriver extends SqliteDriver {
  constructor(
    config: ConstructorParameters<typeof SqliteDriver>[0],
    private readonly lane: WriteLane | undefined,
    private readonly isRead: (sql: string) => boolean,
  ) {
    super(config);
  }
  override async acquireConnection(): Promise<DatabaseConnection> {
    return this.lane ? new TurnConnection(this, this.lane, this.isRead) : super.acquireConnection();
  }
  override async releaseConnection(connection?: DatabaseConnection): Promise<void> {
    if (connection instanceof TurnConnection) await connection.release();
    else await super.releaseConnection();
  }
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
  /** The one connection, once nothing else of this process uses it (Kysely's mutex). */
  lock(): Promise<DatabaseConnection> {
    return super.acquireConnection();
  }
  unlock(): Promise<void> {
    return super.releaseConnection();
  }
}

/**
 * One use of the main connection (one query outside a transaction, or one transaction) beside the
 * write worker. Taken lazily, by its first statement: a read (a read-only SELECT) outside a
 * transaction takes only the connection (Kysely's mutex: it waits for a transaction of the main
 * connection, so it never sees one half done) and no turn. WAL lets it read beside the worker's
 * transactions, on the last committed state: an offloaded transaction resolves after its COMMIT,
 * so a read that starts after its answer sees it, and the worker commits each one at once (no read
 * sees half of it). Anything else (a write, BEGIN: a transaction's first statement) takes the
 * main connection's turn first (`WriteLane`), then the connection, for the whole use.
 */
class TurnConnection implements DatabaseConnection {
  private connection: DatabaseConnection | undefined;
  private turn = false;

  constructor(
    private readonly driver: ImmediateSqliteDriver,
    private readonly lane: WriteLane,
    private readonly isRead: (sql: string) => boolean,
  ) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    return (await this.hold(compiled.sql)).executeQuery<R>(compiled);
  }

  async *streamQuery<R>(compiled: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    yield* (await this.hold(compiled.sql)).streamQuery<R>(compiled, chunkSize);
  }

  /** The connection, with the turn unless `sql` is a read (and none was needed before). */
  private async hold(sql: string): Promise<DatabaseConnection> {
    if (this.connection && this.turn) return this.connection;
    const read = this.isRead(sql);
    if (this.connection && read) return this.connection;
    // A write after a read on one connection (Kysely's `connection()`; no transaction is open):
    // the connection is given back first, so the turn is always taken before the connection.
    if (this.connection) await this.release();
    if (!read) {
      await this.lane.acquireMain();
      this.turn = true;
    }
    this.connection = await this.driver.lock();
    return this.connection;
  }

  async release(): Promise<void> {
    if (this.connection) {
      this.connection = undefined;
      await this.driver.unlock();
    }
    if (this.turn) {
      this.turn = false;
      this.lane.releaseMain();
    }
  }
}

/**
 * Kysely's SQLite connection prepares every statement anew each time it runs one (13% of an
 * order's CPU in the trading bench): each SQL text is prepared once and its statement reused
 * (a bounded cache: texts with a variable number of parameters come and go).
 */
function withStatementCache(database: Database.Database): SqliteDatabase & {
  prepare(sql: string): Database.Statement;
} {
  const cache = new Map<string, Database.Statement>();
  return {
    close: () => database.close(),
    prepare(sql) {
      let statement = cache.get(sql);
      if (!statement) {
        if (cache.size >= 1000) cache.clear();
        statement = database.prepare(sql);
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}

/** Runs a compiled query at once on the SQLite connection (no promise), as Kysely's driver would. */
export type DirectExecute = <R>(compiled: CompiledQuery<R>) => QueryResult<R>;

function directExecute(database: SqliteDatabase): DirectExecute {
  return <R>({ sql, parameters }: CompiledQuery<R>): QueryResult<R> => {
    const statement: SqliteStatement = database.prepare(sql);
    if (statement.reader) return { rows: statement.all(parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  };
}

/** The direct executor of each SQLite store, by its Kysely adapter (shared by its transactions). */
const directByAdapter = new WeakMap<object, DirectExecute>();

/**
 * SQLite, inside a transaction only: runs compiled queries synchronously on the one connection
 * (the transaction holds it, nothing else can run on it meanwhile), without Kysely's promise
 * chain per statement. `undefined` on PostgreSQL and outside a transaction: use `q.executeQuery`.
 */
export function directOf(q: Q): DirectExecute | undefined {
  return q.isTransaction ? directByAdapter.get(q.getExecutor().adapter) : undefined;
}

/** The recording of each offloading store's transactions, by its Kysely adapter. */
const recordingByAdapter = new WeakMap<object, () => Recording | undefined>();

/**
 * Inside an offloaded transaction (`store.offload`): what it has recorded so far (a savepoint
 * there is a mark of it: `rollback(mark())`). `undefined` in any other transaction.
 */
export function recordingOf(q: Q): Recording | undefined {
  return q.isTransaction ? recordingByAdapter.get(q.getExecutor().adapter)?.() : undefined;
}

/** The write worker of each offloading store (the trading bench prints its busy time). */
const writerByStore = new WeakMap<Store, WriteWorker>();

/** The write worker's busy time (µs) and commits, if `store` offloads (SQLite on a file). */
export function offloadStats(store: Store): { busyMicros: number; commits: number } | undefined {
  const writer = writerByStore.get(store);
  return writer && { busyMicros: writer.busyMicros(), commits: writer.commits };
}

/** A SELECT (or WITH ... SELECT): a read outside a transaction needs no turn (`TurnConnection`), if read-only. */
const READ = /^\s*(select|with)\b/i;

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #database: SqliteDatabase;
  readonly #isRead: (sql: string) => boolean;
  constructor(
    cached: SqliteDatabase & { prepare(sql: string): Database.Statement },
    private readonly lane: WriteLane | undefined,
  ) {
    super({ database: cached });
    this.#database = cached;
    const statements: { prepare(sql: string): Database.Statement } = cached;
    this.#isRead = (sql) => {
      if (!READ.test(sql)) return false;
      try {
        return statements.prepare(sql).readonly;
      } catch {
        // Not valid SQL: it fails when it runs (with the turn, as any other statement).
        return false;
      }
    };
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver({ database: this.#database }, this.lane, this.#isRead);
  }
  override createAdapter() {
    const adapter = super.createAdapter();
    directByAdapter.set(adapter, directExecute(this.#database));
    return adapter;
  }
}

/**
 * Set while a `store.tx` callback runs (and in everything it awaits). Created on first use: an
 * AsyncLocalStorage turns on promise hooks for the whole process as soon as it is run.
 */
let transactionScope: AsyncLocalStorage<true> | undefined;
const inTransaction = {
  run<T>(value: true, fn: () => T): T {
    transactionScope ??= new AsyncLocalStorage<true>();
    return transactionScope.run(value, fn);
  },
  getStore: (): true | undefined => transactionScope?.getStore(),
};

/**
 * On `store.q` only (transactions come from the unguarded instance): a query through it while a
 * `store.tx` callback runs is a mistake (on SQLite it would wait for the transaction that waits for
 * it, forever; on PostgreSQL it would run outside the transaction), so it fails at once.
 */
class OutsideTransactionGuard implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (inTransaction.getStore())
      throw new Error("store.q used inside store.tx: pass the transaction's q instead");
    return args.node;
  }
  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}

function guarded(base: Kysely<DB>, guard: boolean): Kysely<DB> {
  return guard ? base.withPlugin(new OutsideTransactionGuard()) : base;
}

/** `SQLITE_WRITE_WORKER=0` turns the write worker off (the group commit then writes on the event loop). */
const writeWorkerWanted = () => process.env.SQLITE_WRITE_WORKER !== '0';

function openSqlite(database: Database.Database, file: string, guard: boolean): Store {
  const onFile = file !== ':memory:';
  const lane = onFile && writeWorkerWanted() ? new WriteLane() : undefined;
  const cached = withStatementCache(database);
  const base = new Kysely<DB>({ dialect: new ImmediateSqliteDialect(cached, lane) });
  // Should the checkpointer fail, the write worker's connection checkpoints itself too. Past the
  // WAL limit the write worker finishes the checkpoint (checkpointer.ts: no RESTART).
  const checkpointAsks = lane ? new SharedArrayBuffer(8) : undefined;
  const checkpointer = onFile
    ? startCheckpointer(database, file, () => writer?.checkpointItself(), checkpointAsks)
    : undefined;
  const writer = lane ? startWriteWorker(file, { autocheckpoint: !checkpointer, checkpointAsks }) : undefined;
  const store: Store = {
    dialect: 'sqlite',
    q: guarded(base, guard),
    // Kysely holds the one connection for the whole transaction: transactions are serial.
    tx: guard
      ? (fn) => inTransaction.run(true, () => base.transaction().execute(fn))
      : (fn) => base.transaction().execute(fn),
    ...(lane && writer ? { offload: offloader(cached, lane, writer, guard) } : {}),
    async close() {
      // The workers' connections first: the last one to close checkpoints and removes the WAL.
      await writer?.stop();
      await checkpointer?.stop();
      try {
        await base.destroy();
      } finally {
        // Once no connection of this process is open on the file (earlier would drop their locks).
        checkpointer?.closeFile();
      }
    },
  };
  if (writer) writerByStore.set(store, writer);
  return store;
}

/** Where one offloaded transaction stands (its turn ends once, whatever happens). */
interface Offloaded {
  recording?: Recording;
  recorded: boolean;
  done: boolean;
  /** When its turn to record began (performance.now(), the bench's timeline). */
  started: number;
}

/** `store.offload` of a SQLite store with a write worker (see Store.offload). */
function offloader(
  cached: { prepare(sql: string): Database.Statement; close(): void },
  lane: WriteLane,
  writer: WriteWorker,
  guard: boolean,
): NonNullable<Store['offload']> {
  /** The transaction being recorded (one at a time). */
  let current: Recording | undefined;
  /** The last one sent to the worker and not answered yet (the next is recorded on its state). */
  let committing: Recording | undefined;
  /** What they committed, while nothing else writes (write-worker.ts). */
  const committed = new Committed();
  // The main connection changed rows in its turn: what the offloaded ones committed may be stale.
  const changes = cached.prepare('select total_changes() as n');
  let changed = 0;
  lane.onMainTurnEnd = () => {
    // Nothing known: nothing to forget (a change seen later only empties it once more).
    if (committed.empty) return;
    let n = -1;
    try {
      n = (changes.get() as { n: number }).n;
    } catch {
      // Closed: nothing is known any more.
    }
    if (n === changed) return;
    changed = n;
    committed.clear();
  };
  const main = {
    begin: cached.prepare('begin immediate'),
    commit: cached.prepare('commit'),
    rollback: cached.prepare('rollback'),
  };
  const execute = recordingExecute(cached.prepare.bind(cached), () => {
    if (!current) throw new Error('offloaded transaction not open');
    return current;
  });
  const endRecord = (state: Offloaded) => {
    if (state.recorded) return;
    state.recorded = true;
    if (current === state.recording) current = undefined;
    lane.endRecord();
  };
  const end = (state: Offloaded) => {
    endRecord(state);
    if (state.done) return;
    state.done = true;
    lane.endOffload();
  };
  /** The worker is gone: the main connection commits (no transaction is on the worker any more). */
  const commitOnMain = (statements: readonly WrittenStatement[]) => {
    main.begin.run();
    try {
      for (const { sql, parameters } of statements) cached.prepare(sql).run(parameters);
      main.commit.run();
    } catch (error) {
      main.rollback.run();
      throw error;
    }
  };
  const recorder = new Kysely<DB>({
    dialect: new RecordingDialect<Offloaded>(cached, {
      execute,
      open: async () => {
        await lane.acquireRecord();
        return { recorded: false, done: false, started: dbTrace.event ? performance.now() : 0 };
      },
      begin: (state) => {
        state.recording = new Recording(committing, committed);
        current = state.recording;
      },
      commit: async (state) => {
        const recording = state.recording as Recording;
        const { statements, chained } = recording;
        endRecord(state);
        const sent = dbTrace.event ? performance.now() : 0;
        dbTrace.event?.('record', state.started, sent, statements.length);
        try {
          if (statements.length === 0) return;
          if (!writer.alive) {
            // Recorded on the state of a transaction the worker took along: unknown, refuse it.
            if (chained) throw new Error('offloaded transaction recorded on a lost one');
            commitOnMain(statements);
            committed.absorb(recording);
            return;
          }
          committing = recording;
          let foreign: boolean;
          try {
            ({ foreign } = await writer.commit(statements, chained));
            dbTrace.event?.('worker-commit', sent, performance.now(), statements.length);
          } catch (error) {
            committed.clear();
            throw error;
          }
          // Another connection committed since: what is known may be stale, but not what this one
          // just wrote (its updates held: the rows were as it read them).
          if (foreign) committed.clear();
          committed.absorb(recording);
        } finally {
          recording.settled();
          if (committing === recording) committing = undefined;
          end(state);
        }
      },
      rollback: (state) => end(state),
      release: (state) => end(state),
    }),
  });
  const adapter = recorder.getExecutor().adapter;
  directByAdapter.set(adapter, execute as DirectExecute);
  recordingByAdapter.set(adapter, () => current);
  return guard
    ? (fn) => inTransaction.run(true, () => recorder.transaction().execute(fn))
    : (fn) => recorder.transaction().execute(fn);
}

const INT8_OID = 20;
const RETRYABLE = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 5;

/** BIGINT (ids, millisecond times, counts) as JS numbers (< 2^53); NUMERIC stays a string. */
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
};

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

const withoutNul = (value: unknown): unknown =>
  typeof value === 'string' && value.includes('\u0000') ? value.replaceAll('\u0000', '\uFFFD') : value;

class NulTransformer extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    return super.transformValue({ ...node, value: withoutNul(node.value) });
  }
  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    return super.transformPrimitiveValueList({ ...node, values: node.values.map(withoutNul) });
  }
}

/**
 * PostgreSQL text cannot hold U+0000 (SQLite's can): a parameter with one would fail the whole
 * query (22021, answered 500). It is sent as U+FFFD instead, so a lookup of such a value finds
 * nothing, as on SQLite, and a stored one keeps its length.
 */
class NulPlugin implements KyselyPlugin {
  readonly #transformer = new NulTransformer();
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }
  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}

function openPostgres(connectionString: string, guard: boolean): Store {
  const pool = new pg.Pool({ connectionString, types: pgTypes, max: 10 });
  // A connection the server ends (restart, pg_terminate_backend, DROP DATABASE ... FORCE) emits
  // 'error' on its client, and the pool re-emits an idle client's error on itself: without
  // listeners either crashes the process. The pool drops that client; a query in flight (if any)
  // still fails with the error.
  pool.on('connect', (client) => client.on('error', () => undefined));
  pool.on('error', () => undefined);
  const base = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins: [new NulPlugin()] });
  return {
    dialect: 'postgres',
    q: guarded(base, guard),
    async tx(fn) {
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await (guard
            ? inTransaction.run(true, () => base.transaction().execute(fn))
            : base.transaction().execute(fn));
        } catch (error) {
          const code = (error as { code?: unknown }).code;
          if (attempt >= MAX_ATTEMPTS || typeof code !== 'string' || !RETRYABLE.has(code)) throw error;
          await sleep(5 * 2 ** attempt + Math.random() * 10);
        }
      }
    },
    close: () => base.destroy(),
  };
}
