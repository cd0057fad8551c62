import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import {
  SqliteDialect,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from 'kysely';
import { JOURNAL_SIZE_LIMIT, LOWER_THREAD_PRIORITY, niceOf } from './checkpointer';
import { dbTrace, type TraceKind } from './trace';

/** One write statement of an offloaded transaction, as the worker runs it. */
export interface WrittenStatement {
  sql: string;
  parameters: readonly unknown[];
  /** The rows it must change (else the transaction fails, code CONFLICT); unchecked if absent. */
  changes?: number;
}

/**
 * The worker's code (CommonJS, `eval`): its own connection to the file; each message is one
 * transaction (BEGIN IMMEDIATE, the statements in order, COMMIT), answered once committed or
 * rolled back.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
${LOWER_THREAD_PRIORITY}
const Database = require(workerData.module);
const db = new Database(workerData.file);
db.pragma('foreign_keys = ON');
db.pragma('synchronous = NORMAL');
db.pragma('busy_timeout = 5000');
db.pragma('cache_size = -65536');
// The checkpointer worker copies the WAL back (checkpointer.ts): no checkpoint inside a COMMIT here.
db.pragma('wal_autocheckpoint = ' + workerData.autocheckpoint);
// This connection writes nearly everything, so it is the one that restarts the log after a
// checkpoint: it truncates a WAL file grown past the limit then (as the main connection does,
// checkpointer.ts: JOURNAL_SIZE_LIMIT).
db.pragma('journal_size_limit = ' + workerData.journalSizeLimit);
// Statement texts by number: each text is sent once, then named by its number.
const texts = [];
const statements = [];
const prepare = (n) => {
  let statement = statements[n];
  if (!statement) {
    statement = db.prepare(texts[n]);
    statements[n] = statement;
  }
  return statement;
};
// Changes when another connection (this process's main one, another process) has committed.
const dataVersion = db.prepare('pragma data_version').pluck();
let version = dataVersion.get();
const begin = db.prepare('begin immediate');
const commit = db.prepare('commit');
let busy = 0;
let poisoned = false;
// Shared with the checkpointer (checkpointer.ts): [0] is 1 while this connection is asked to
// finish a checkpoint: between two transactions it holds no lock and nothing else writes, so a
// PASSIVE checkpoint here copies what the checkpointer's left, the WAL is then wholly in the
// file and the next BEGIN starts the log anew (SQLite restarts a fully copied log by itself; the
// log is written over the file from its start). No RESTART, so no lock to wait for.
const asks = workerData.asks ? new Int32Array(workerData.asks) : undefined;
// Frames this checkpoint copied: past those copied when it was asked, or all of them when the
// log has started anew since (fewer in the log than were copied then).
const copiedSince = (now, then) => (now >= then ? now - then : now);
const finishCheckpoint = () => {
  if (!asks || Atomics.load(asks, 0) !== 1) return;
  const start = performance.now();
  let result;
  try {
    [result] = db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    return;
  }
  // Busy: the checkpointer was checkpointing; asked again, it is done after the next transaction.
  if (!result || result.busy) return;
  Atomics.store(asks, 0, 0);
  const end = performance.now();
  busy += end - start;
  if (workerData.trace)
    parentPort.postMessage({ trace: ['checkpoint-worker', performance.timeOrigin + start, performance.timeOrigin + end, copiedSince(result.checkpointed, Atomics.load(asks, 1))] });
};
parentPort.on('message', (message) => {
  if (message === 'autocheckpoint') {
    db.pragma('wal_autocheckpoint = 1000');
    return;
  }
  if (message === 'stop') {
    db.close();
    parentPort.close();
    return;
  }
  const started = performance.now();
  // Recorded on the state an earlier transaction was to leave, and that one failed: refused too.
  if (!message.chained) poisoned = false;
  else if (poisoned) {
    parentPort.postMessage({ id: message.id, ok: false, busy, message: 'an earlier transaction failed', code: 'STALE' });
    return;
  }
  if (message.reset) {
    texts.length = 0;
    statements.length = 0;
  }
  for (const text of message.texts) texts.push(text);
  const { ops } = message;
  try {
    begin.run();
    const now = dataVersion.get();
    const foreign = now !== version;
    version = now;
    for (let i = 0; i < ops.length; i += 3) {
      const { changes } = prepare(ops[i]).run(ops[i + 1]);
      // A row another writer changed since it was read (another process: the admin CLI).
      if (ops[i + 2] >= 0 && changes !== ops[i + 2]) {
        const error = new Error('a row changed under an offloaded transaction');
        error.code = 'CONFLICT';
        throw error;
      }
    }
    commit.run();
    busy += performance.now() - started;
    parentPort.postMessage({ id: message.id, ok: true, busy, foreign });
  } catch (error) {
    try { if (db.inTransaction) db.exec('rollback'); } catch {}
    poisoned = true;
    busy += performance.now() - started;
    parentPort.postMessage({ id: message.id, ok: false, busy, message: String(error && error.message), code: error && error.code });
  }
  finishCheckpoint();
});
`;

export interface WriteWorker {
  /**
   * Runs `statements` in one transaction on the worker's connection; resolves once committed.
   * `chained`: recorded while an earlier transaction was still on the worker, on the state it was
   * to leave: refused (code STALE) when that one (or any since the last unchained one) failed.
   * `foreign`: another connection had committed since the worker's transaction before it.
   */
  commit(statements: readonly WrittenStatement[], chained: boolean): Promise<{ foreign: boolean }>;
  /** Time the worker has spent in its transactions (wall time, up to its last answer), µs. */
  busyMicros(): number;
  /** Transactions committed so far. */
  readonly commits: number;
  /** False once the worker has exited (stopped or failed): commit on the main connection then. */
  readonly alive: boolean;
  /** Its connection checkpoints itself from now on (SQLite's automatic checkpoint: the checkpointer is gone). */
  checkpointItself(): void;
  stop(): Promise<void>;
}

/** An error of the worker's transaction (the message and SQLite code of the original). */
export class WriteWorkerError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

/**
 * The worker exited (or failed) while a transaction was on it: whether it committed is unknown,
 * so its work must not be run again (it may be there already).
 */
export class WriteOutcomeUnknown extends Error {}

/**
 * Starts the thread that owns the SQLite write connection for offloaded transactions
 * (`store.offload`): the main thread decides, records the writes, and the worker runs them in
 * one transaction and commits (the WAL page writes, index upkeep and COMMIT off the event loop).
 */
export function startWriteWorker(
  file: string,
  options: {
    autocheckpoint: boolean;
    /** Shared with the checkpointer (`startCheckpointer`'s `asks`): finish its checkpoints when asked. */
    checkpointAsks?: SharedArrayBuffer;
  },
): WriteWorker {
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: {
      module: require.resolve('better-sqlite3'),
      file,
      autocheckpoint: options.autocheckpoint ? 1000 : 0,
      journalSizeLimit: JOURNAL_SIZE_LIMIT,
      asks: options.checkpointAsks,
      // Its thread's nice value (`SQLITE_WRITER_NICE`, benches; 0: as the process).
      nice: niceOf('SQLITE_WRITER_NICE', 0),
      trace: dbTrace.event !== undefined,
    },
  });
  // Unref'd while idle: a pending commit keeps the process alive (ref'd while any is in flight).
  worker.unref();
  let next = 1;
  let commits = 0;
  let busy = 0;
  /** The number of each statement text the worker has been sent. */
  const known = new Map<string, number>();
  let stopped = false;
  const pending = new Map<
    number,
    { resolve: (answer: { foreign: boolean }) => void; reject: (error: Error) => void }
  >();
  const failAll = (error: Error) => {
    for (const entry of pending.values()) entry.reject(error);
    pending.clear();
  };
  worker.on(
    'message',
    (
      message:
        | {
            id: number;
            ok: boolean;
            busy: number;
            foreign?: boolean;
            message?: string;
            code?: string;
          }
        | { trace: [kind: TraceKind, start: number, end: number, detail: number] },
    ) => {
      if ('trace' in message) {
        const [kind, start, end, detail] = message.trace;
        const origin = performance.timeOrigin;
        dbTrace.event?.(kind, start - origin, end - origin, detail);
        return;
      }
      busy = message.busy;
      const entry = pending.get(message.id);
      if (!entry) return;
      pending.delete(message.id);
      if (pending.size === 0) worker.unref();
      if (message.ok) {
        commits += 1;
        entry.resolve({ foreign: message.foreign === true });
      } else entry.reject(new WriteWorkerError(message.message ?? 'write worker failed', message.code));
    },
  );
  worker.on('error', (error) => {
    stopped = true;
    failAll(new WriteOutcomeUnknown(`write worker failed: ${error.message}`));
  });
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      stopped = true;
      failAll(new WriteOutcomeUnknown('write worker exited'));
      resolve();
    }),
  );
  return {
    commit(statements, chained) {
      if (stopped) return Promise.reject(new Error('write worker stopped'));
      return new Promise<{ foreign: boolean }>((resolve, reject) => {
        const id = next++;
        pending.set(id, { resolve, reject });
        if (pending.size === 1) worker.ref();
        // [text number, parameters, rows to change or -1, ...], with the texts the worker has not seen yet.
        // Bounded: past 4096 texts, both sides start over.
        const reset = known.size >= 4096;
        if (reset) known.clear();
        const texts: string[] = [];
        const ops: unknown[] = [];
        for (const { sql, parameters, changes } of statements) {
          let n = known.get(sql);
          if (n === undefined) {
            n = known.size;
            known.set(sql, n);
            texts.push(sql);
          }
          ops.push(n, parameters, changes ?? -1);
        }
        worker.postMessage({ id, chained, reset, texts, ops });
      });
    },
    busyMicros: () => busy * 1000,
    get commits() {
      return commits;
    },
    get alive() {
      return !stopped;
    },
    checkpointItself() {
      if (!stopped) worker.postMessage('autocheckpoint');
    },
    stop() {
      if (stopped) return exited;
      stopped = true;
      worker.ref();
      worker.postMessage('stop');
      return exited;
    },
  };
}

/** Where a recording stood before a unit (to roll the unit back). */
export interface RecordingMark {
  statements: number;
  undo: number;
}

/**
 * What an offloaded transaction has recorded so far: its write statements, and the rows it wrote
 * that a later read must see (`remember` / `recall`: the ledger's balances; the main connection
 * does not see the recorded writes). A unit rolled back (the group commit's savepoint, here)
 * drops what it recorded: `rollback(mark())`. Recorded while an earlier offloaded transaction is
 * still on the worker (`previous`), it sees that one's rows and next ids too, until it settles.
 */
export class Recording {
  readonly statements: WrittenStatement[] = [];
  private readonly rows = new Map<string, unknown>();
  private readonly undo: Array<{ key: string; previous: unknown }> = [];
  private ids: ReadonlyMap<object, number> | undefined;

  constructor(
    private previous?: Recording,
    private readonly base?: Committed,
  ) {}

  /** Recorded on the state of a transaction not yet committed when this one began. */
  get chained(): boolean {
    return this.previous !== undefined;
  }

  mark(): RecordingMark {
    return { statements: this.statements.length, undo: this.undo.length };
  }

  rollback(mark: RecordingMark): void {
    this.statements.length = mark.statements;
    while (this.undo.length > mark.undo) {
      const { key, previous } = this.undo.pop() as { key: string; previous: unknown };
      if (previous === undefined) this.rows.delete(key);
      else this.rows.set(key, previous);
    }
  }

  /**
   * The statement recorded last must change exactly `changes` rows when the worker runs it, else
   * the whole transaction fails (a conditional update: the row is still as it was read).
   */
  expectChanges(changes: number): void {
    const last = this.statements[this.statements.length - 1];
    if (!last) throw new Error('expectChanges: nothing recorded');
    this.statements[this.statements.length - 1] = { sql: last.sql, parameters: last.parameters, changes };
  }

  /** Notes a row as this transaction wrote it (`key` names the table and row). */
  remember(key: string, row: unknown): void {
    this.undo.push({ key, previous: this.rows.get(key) });
    this.rows.set(key, row);
  }

  /**
   * A row as this transaction (or one before it, not yet settled) wrote or read it, or as the
   * offloaded transactions committed it (`Committed`), or undefined: read it from the database.
   * `committed: false` leaves `Committed` out (another process may have changed the row since).
   */
  recall<V>(key: string, committed = true): V | undefined {
    return (
      (this.rows.get(key) as V | undefined) ??
      (this.previous
        ? this.previous.recall<V>(key, committed)
        : committed
          ? (this.base?.rows.get(key) as V | undefined)
          : undefined)
    );
  }

  /** What it wrote or read (`remember`), for `Committed` once it has committed. */
  get remembered(): ReadonlyMap<string, unknown> {
    return this.rows;
  }

  /** The next free ids it gave out (`keepIds`). */
  get keptIds(): ReadonlyMap<object, number> | undefined {
    return this.ids;
  }

  /** Keeps the next free id of each kind this transaction gave out (group-commit.ts, deferredId). */
  keepIds(ids: ReadonlyMap<object, number>): void {
    this.ids = new Map(ids);
  }

  /** The next free id of `kind` after this transaction and the unsettled ones before it, if any gave one out. */
  nextId(kind: object): number | undefined {
    return this.ids?.get(kind) ?? (this.previous ? this.previous.nextId(kind) : this.base?.ids.get(kind));
  }

  /** Committed (or failed): the database has the state it leaves, nothing before it is needed. */
  settled(): void {
    this.previous = undefined;
  }
}

/**
 * What the offloaded transactions have committed and nobody has changed since, in memory: the
 * rows they wrote or read (`Recording.remember`) and the next free ids, so that the next one need
 * not read them back from the database. Emptied whenever another writer may have changed them
 * (a transaction of the main connection that changed rows, a failed offloaded transaction).
 * Another process is not seen here: the updates it could spoil are conditional (the worker fails
 * the transaction, CONFLICT) and the ids are primary keys.
 */
export class Committed {
  readonly rows = new Map<string, unknown>();
  readonly ids = new Map<object, number>();

  /** A committed transaction: what it wrote or read is the database's state now. */
  absorb(recording: Recording): void {
    if (this.rows.size > 100_000) this.rows.clear();
    for (const [key, row] of recording.remembered) this.rows.set(key, row);
    for (const [kind, next] of recording.keptIds ?? []) this.ids.set(kind, next);
  }

  clear(): void {
    this.rows.clear();
    this.ids.clear();
  }

  get empty(): boolean {
    return this.rows.size === 0 && this.ids.size === 0;
  }
}

/** Thrown by a recording connection for what it cannot do (a write whose result is read). */
export class NotRecordable extends Error {}

/**
 * Runs one compiled query of an offloaded transaction: a read-only statement on the main
 * connection (it sees the committed state: nothing else writes while the lane is held), any
 * other statement recorded for the worker (no result: no row count, no id). A write whose rows
 * are read (RETURNING) cannot be recorded.
 */
export function recordingExecute(
  prepare: (sql: string) => Database.Statement,
  current: () => Recording,
): <R>(compiled: CompiledQuery<R>) => QueryResult<R> {
  return <R>({ sql, parameters }: CompiledQuery<R>): QueryResult<R> => {
    const statement = prepare(sql);
    if (statement.readonly) return { rows: statement.all(parameters) as R[] };
    if (statement.reader) throw new NotRecordable(`not recordable (a write read back): ${sql}`);
    current().statements.push({ sql, parameters });
    return { rows: [] };
  };
}

/** One offloaded transaction's connection: Kysely passes it to every step of the transaction. */
export class RecordingConnection<S> implements DatabaseConnection {
  constructor(
    readonly state: S,
    private readonly execute: <R>(compiled: CompiledQuery<R>) => QueryResult<R>,
  ) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    return this.execute<R>(compiled as CompiledQuery<R>);
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new NotRecordable('streaming in an offloaded transaction');
  }
}

/**
 * A Kysely SQLite dialect whose transactions are offloaded: `open` waits for the turn to record
 * and gives the transaction's state, every statement goes through `execute` (reads at once,
 * writes recorded), `commit` sends the record to the worker and waits for its COMMIT, `rollback`
 * drops it, `release` ends what is left of its turn.
 */
export class RecordingDialect<S> extends SqliteDialect {
  constructor(
    database: { close(): void; prepare(sql: string): Database.Statement },
    private readonly hooks: {
      execute: <R>(compiled: CompiledQuery<R>) => QueryResult<R>;
      open(): Promise<S>;
      begin(state: S): void;
      commit(state: S): Promise<void>;
      rollback(state: S): void;
      release(state: S): void;
    },
  ) {
    super({ database });
  }

  override createDriver(): Driver {
    const { hooks } = this;
    const stateOf = (connection: DatabaseConnection) => (connection as RecordingConnection<S>).state;
    return {
      init: () => Promise.resolve(),
      acquireConnection: async () => new RecordingConnection(await hooks.open(), hooks.execute),
      beginTransaction: async (connection) => hooks.begin(stateOf(connection)),
      commitTransaction: (connection) => hooks.commit(stateOf(connection)),
      rollbackTransaction: async (connection) => hooks.rollback(stateOf(connection)),
      releaseConnection: async (connection) => hooks.release(stateOf(connection)),
      destroy: () => Promise.resolve(),
    };
  }
}
