import { CompiledQuery, type Transaction } from 'kysely';
import { directOf, queryDialect, recordingOf, type DB, type Q, type Store } from './index';
import { dbTrace } from './trace';
import { NotRecordable, WriteOutcomeUnknown } from './write-worker';

/**
 * Group commit: units of work that arrive together (within one event-loop turn, up to `maxBatch`)
 * share one transaction, so they share its BEGIN/COMMIT (on SQLite the WAL write of the commit,
 * on PostgreSQL the commit's flush and round trips).
 *
 * - Each unit runs in its own savepoint: one that throws (an order refused for its balance) is
 *   rolled back alone and rejected with its error; the others commit.
 * - Every unit's promise settles only after the transaction has committed (or failed): an answer
 *   built from it is never sent for work that could still be lost.
 * - Units are run in the order of their `lockKey` (the user id): each unit locks only its own
 *   user's balance rows (postLedger, in a fixed order), so two batches on two nodes take their
 *   row locks in one global order and never deadlock each other.
 * - The work must have no effect outside its `q` (PostgreSQL may retry the whole transaction on a
 *   serialization failure or deadlock, `store.tx`): update memory and publish after it resolves.
 * - When the transaction as a whole fails (not one unit), each unit is run again alone in its own
 *   transaction, so one bad unit never fails the others.
 * - Rows every unit inserts (the ledger's) can be queued with `deferInsert` and are then inserted
 *   at the end, all in one statement, before the tail writes.
 *
 * SQLite has one writer: one batch at a time (the next collects while it runs); with a write
 * worker (`store.offload`), a batch whose units all may be offloaded (`run(..., { offload: true })`)
 * is recorded on the event loop and committed by the worker, and the next one may be recorded
 * meanwhile (two at once). PostgreSQL runs up to `concurrency` batches at once (pool
 * connections), each of at most `maxBatch` units.
 */
export interface GroupCommitOptions {
  /** Most units in one transaction (default: 256 on SQLite, 16 on PostgreSQL). */
  maxBatch?: number;
  /** Batches in flight at once on PostgreSQL (default 6, of the pool's 10 connections; SQLite: always 1). */
  concurrency?: number;
}

/**
 * What a unit asks to be written once at the end of its transaction, after every unit: a write
 * many units would each make to one row (an engine's tape cursor) is made once, and after every
 * balance lock, so the units' row locks stay in one global order (users, then these keys).
 */
export interface BatchTail {
  /**
   * `write(q, value)` once, at the end, with the largest `value` asked under `key` by the units
   * that did not fail (keys are written in their sorted order).
   */
  max(key: string, value: number, write: (q: Transaction<DB>, value: number) => Promise<void>): void;
}

type TailWrites = Map<string, { value: number; write: (q: Transaction<DB>, value: number) => Promise<void> }>;

function tailOf(writes: TailWrites): BatchTail {
  return {
    max(key, value, write) {
      const known = writes.get(key);
      if (!known || known.value < value) writes.set(key, { value, write });
    },
  };
}

function mergeTail(into: TailWrites, from: TailWrites): void {
  for (const [key, entry] of from) tailOf(into).max(key, entry.value, entry.write);
}

async function writeTail(q: Transaction<DB>, writes: TailWrites): Promise<void> {
  for (const key of [...writes.keys()].sort()) {
    const entry = writes.get(key);
    if (entry) await entry.write(q, entry.value);
  }
}

/**
 * A kind of row the units of a group commit insert at the end of the transaction, all of them in
 * one go (`insert`, e.g. a multi-row INSERT), instead of one statement a unit.
 */
export interface DeferredKind<R> {
  insert(q: Transaction<DB>, rows: readonly R[]): Promise<void>;
}

/**
 * Where a table's ids come from inside a SQLite group commit whose rows of that table are deferred:
 * `first` is the first free id (read once per transaction; the writer's transaction holds the one
 * write lock, so nobody else takes ids meanwhile), then each row takes the next one.
 */
export interface DeferredIds {
  first(q: Transaction<DB>): Promise<number>;
}

/** Where each list ends and each id counter stands before a unit (to roll the unit back). */
interface Mark {
  lists: Map<DeferredKind<never>, number>;
  ids: Map<DeferredIds, number>;
}

/** The rows queued in one group transaction, by kind, in the order the units queued them. */
class DeferredRows {
  private readonly lists = new Map<DeferredKind<never>, unknown[]>();
  /** The next id of each table whose ids are given here. */
  private readonly ids = new Map<DeferredIds, number>();

  constructor(readonly q: Transaction<DB>) {}

  add<R>(kind: DeferredKind<R>, rows: readonly R[]): void {
    let list = this.lists.get(kind);
    if (!list) {
      list = [];
      this.lists.set(kind, list);
    }
    for (const row of rows) list.push(row);
  }

  async nextId(ids: DeferredIds): Promise<number> {
    // Offloaded behind a transaction still committing: after the ids that one gave out.
    const next = this.ids.get(ids) ?? recordingOf(this.q)?.nextId(ids) ?? (await ids.first(this.q));
    this.ids.set(ids, next + 1);
    return next;
  }

  /** Where each list ends now (before a unit). */
  mark(): Mark {
    return {
      lists: new Map([...this.lists].map(([kind, list]) => [kind, list.length])),
      ids: new Map(this.ids),
    };
  }

  /** Drops what was queued after `mark` and gives its ids back (a unit rolled back to its savepoint). */
  rollback(mark: Mark): void {
    for (const [kind, list] of this.lists) list.length = mark.lists.get(kind) ?? 0;
    for (const key of [...this.ids.keys()]) {
      const next = mark.ids.get(key);
      if (next === undefined) this.ids.delete(key);
      else this.ids.set(key, next);
    }
  }

  async flush(q: Transaction<DB>): Promise<void> {
    for (const [kind, list] of this.lists) if (list.length > 0) await kind.insert(q, list as never[]);
    this.lists.clear();
    // Offloaded: the next transaction may be recorded before this one's rows are there.
    recordingOf(q)?.keepIds(this.ids);
  }
}

const deferredByTransaction = new WeakMap<object, DeferredRows>();

/**
 * Inside a group commit's transaction: queues `rows` to be inserted at its end (after every unit,
 * in the order queued; a unit rolled back to its savepoint takes its rows with it) and returns
 * true. Anywhere else it returns false: insert them now. Rows so queued have no id yet while the
 * unit runs, and the unit cannot read them back.
 */
export function deferInsert<R>(q: Q, kind: DeferredKind<R>, rows: readonly R[]): boolean {
  const deferred = deferredByTransaction.get(q);
  if (!deferred) return false;
  deferred.add(kind, rows);
  return true;
}

/**
 * Inside a group commit's transaction on SQLite: the id of a row of `ids`' table that will be
 * inserted at the transaction's end (`deferInsert`), so that the unit can use it (in its ledger
 * refs, its answer) before the row exists. Ids are taken in order and given back when the unit is
 * rolled back. `undefined` anywhere else and on PostgreSQL (several writers: the database gives
 * the id, insert the row now).
 */
export async function deferredId(q: Q, ids: DeferredIds): Promise<number | undefined> {
  const deferred = deferredByTransaction.get(q);
  if (!deferred || queryDialect(q) !== 'sqlite') return undefined;
  return deferred.nextId(ids);
}

/** Runs `fn` with deferred inserts on for `q`, then inserts what was queued. */
async function withDeferred<T>(q: Transaction<DB>, fn: (deferred: DeferredRows) => Promise<T>): Promise<T> {
  const deferred = new DeferredRows(q);
  deferredByTransaction.set(q, deferred);
  try {
    const value = await fn(deferred);
    await deferred.flush(q);
    return value;
  } finally {
    deferredByTransaction.delete(q);
  }
}

/** One unit alone in its transaction (with its tail). */
function alone<T>(work: Work<T>): (q: Transaction<DB>) => Promise<T> {
  return async (q) => {
    const writes: TailWrites = new Map();
    const value = await withDeferred(q, () => work(q, tailOf(writes)));
    await writeTail(q, writes);
    return value;
  };
}

type Work<T> = (q: Transaction<DB>, tail: BatchTail) => Promise<T>;

interface Unit {
  lockKey: number;
  /** May run in an offloaded transaction (`store.offload`): it never reads back what it wrote. */
  offload: boolean;
  work: Work<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

const RETRYABLE = new Set(['40001', '40P01']);
const SAVEPOINT = CompiledQuery.raw('savepoint group_unit');
const RELEASE = CompiledQuery.raw('release savepoint group_unit');
const ROLLBACK = CompiledQuery.raw('rollback to savepoint group_unit');

/**
 * Errors that doom the whole transaction: PostgreSQL serialization failure, deadlock (store.tx
 * retries it); a unit that cannot run offloaded (each unit then runs alone in `store.tx`).
 */
function dooms(error: unknown): boolean {
  if (error instanceof NotRecordable) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE.has(code);
}

/** What a group commit has done so far (the trading bench prints it). */
export interface GroupCommitStats {
  /** Transactions committed (or tried). */
  batches: number;
  /** Units in them. */
  units: number;
  /** The largest batch. */
  largest: number;
}

export class GroupCommit {
  readonly stats: GroupCommitStats = { batches: 0, units: 0, largest: 0 };
  private queue: Unit[] = [];
  private scheduled = false;
  private running = 0;
  private readonly maxBatch: number;
  private readonly concurrency: number;
  private readonly idleWaiters: Array<() => void> = [];

  constructor(
    private readonly store: Pick<Store, 'tx' | 'dialect' | 'offload'>,
    options: GroupCommitOptions = {},
  ) {
    // On PostgreSQL every statement is a round trip: smaller batches on several connections at once.
    this.maxBatch = options.maxBatch ?? (store.dialect === 'sqlite' ? 256 : 16);
    // SQLite: one batch at a time; with a write worker two (one recorded while the other commits).
    this.concurrency = store.dialect === 'sqlite' ? (store.offload ? 2 : 1) : (options.concurrency ?? 6);
  }

  /**
   * Runs `work` in the next shared transaction; resolves with its result after the commit.
   * `offload`: the work never reads back a row it wrote (its ids and rows stay in memory, the
   * ledger's balances excepted), so on SQLite with a write worker its batch may be offloaded
   * (`store.offload`: the writes and the COMMIT off the event loop) when every unit of it may.
   */
  run<T>(lockKey: number, work: Work<T>, options: { offload?: boolean } = {}): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const offload = options.offload ?? false;
      this.queue.push({ lockKey, offload, work, resolve: resolve as (value: unknown) => void, reject });
      this.schedule();
    });
  }

  /** Resolves once nothing is queued or committing (tests). */
  idle(): Promise<void> {
    if (this.running === 0 && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private schedule(): void {
    if (this.scheduled || this.running >= this.concurrency) return;
    this.scheduled = true;
    // The end of this event-loop turn: every request read in it has queued its unit by then.
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    while (this.running < this.concurrency && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.running += 1;
      const started = dbTrace.event ? performance.now() : 0;
      void this.commit(batch).finally(() => {
        dbTrace.event?.('batch', started, performance.now(), batch.length);
        this.running -= 1;
        if (this.queue.length > 0) this.schedule();
        else if (this.running === 0) for (const wake of this.idleWaiters.splice(0)) wake();
      });
    }
  }

  private async commit(batch: Unit[]): Promise<void> {
    this.stats.batches += 1;
    this.stats.units += batch.length;
    this.stats.largest = Math.max(this.stats.largest, batch.length);
    const { offload } = this.store;
    const offloaded = offload !== undefined && batch.every((unit) => unit.offload);
    if (batch.length === 1 && !offloaded) {
      const [unit] = batch as [Unit];
      await this.store.tx(alone(unit.work)).then(unit.resolve, unit.reject);
      return;
    }
    batch.sort((a, b) => a.lockKey - b.lockKey);
    let outcomes: Outcome[] = [];
    const transaction = offloaded ? offload : this.store.tx;
    try {
      await transaction(async (q) => {
        outcomes = [];
        const tail: TailWrites = new Map();
        // Offloaded: nothing runs on the connection until the COMMIT, a savepoint is a mark of the recording.
        const recording = recordingOf(q);
        const direct = directOf(q);
        const execute = recording
          ? () => undefined
          : direct
            ? (query: CompiledQuery) => direct(query)
            : (query: CompiledQuery) => q.executeQuery(query);
        await withDeferred(q, async (deferred) => {
          for (const unit of batch) {
            await execute(SAVEPOINT);
            const mark = deferred.mark();
            const recorded = recording?.mark();
            try {
              const writes: TailWrites = new Map();
              const value = await unit.work(q, tailOf(writes));
              await execute(RELEASE);
              mergeTail(tail, writes);
              outcomes.push({ ok: true, value });
            } catch (error) {
              if (dooms(error)) throw error;
              await execute(ROLLBACK);
              await execute(RELEASE);
              deferred.rollback(mark);
              if (recording && recorded) recording.rollback(recorded);
              outcomes.push({ ok: false, error });
            }
          }
        });
        await writeTail(q, tail);
      });
    } catch (error) {
      // The write worker went away with the transaction: it may have committed, so no unit runs again.
      if (error instanceof WriteOutcomeUnknown) {
        for (const unit of batch) unit.reject(error);
        return;
      }
      // The transaction itself failed: each unit alone, so it decides only its own answer.
      await Promise.all(batch.map((unit) => this.store.tx(alone(unit.work)).then(unit.resolve, unit.reject)));
      return;
    }
    batch.forEach((unit, i) => {
      const outcome = outcomes[i] as Outcome;
      if (outcome.ok) unit.resolve(outcome.value);
      else unit.reject(outcome.error);
    });
  }
}

const shared = new WeakMap<object, GroupCommit>();

/** The one group commit of a store (spot and lever orders that arrive together share it). */
export function groupCommitOf(store: Pick<Store, 'tx' | 'dialect' | 'offload'>): GroupCommit {
  let group = shared.get(store);
  if (!group) {
    group = new GroupCommit(store);
    shared.set(store, group);
  }
  return group;
}

interface LaneJob {
  job: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** A lane job's placements: the ones still waiting for it to start, or joining while it runs. */
interface LaneBatch {
  jobs: LaneJob[];
  /** Set once the lane job runs: starts a job that joins it. */
  join?: (job: LaneJob) => void;
}

/**
 * For work that runs in per-key lanes (an instrument's placements between two tape trades): the
 * jobs queued for a key before its lane job starts all run in that one lane job, side by side, so
 * their database work lands in one group commit instead of one commit each after the other. While
 * that lane job runs and nothing is queued behind it in the lane (no tape trade), later jobs join
 * it (they land between the same two trades) instead of waiting for its commit: placements that
 * arrive together keep sharing group commits with the orders that need no lane. The lane moves on
 * (to the next tape trade) only once every one of them has settled.
 */
export class LaneBatches {
  private readonly waiting = new Map<number, LaneBatch>();
  private readonly running = new Map<number, LaneBatch>();

  constructor(
    private readonly lanes: {
      run<T>(key: number, job: () => Promise<T>): Promise<T>;
      /** Jobs queued or running in a key's lane; without it, jobs never join a running lane job. */
      depth?(key: number): number;
    },
    /**
     * `false`: later jobs never join a running lane job (they wait for it and go together in the
     * next one). The services pass it on PostgreSQL, where joining splits the placements into
     * more and smaller group commits (several batches run at once there) and costs throughput.
     */
    private readonly joining = true,
  ) {}

  run<T>(key: number, job: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const entry: LaneJob = { job, resolve: resolve as (value: unknown) => void, reject };
      const running = this.running.get(key);
      if (this.joining && running?.join && !this.waiting.has(key) && this.lanes.depth?.(key) === 1) {
        running.join(entry);
        return;
      }
      let batch = this.waiting.get(key);
      if (!batch) {
        const created: LaneBatch = { jobs: [] };
        batch = created;
        this.waiting.set(key, created);
        void this.lanes.run(key, () => this.runBatch(key, created));
      }
      batch.jobs.push(entry);
    });
  }

  private runBatch(key: number, batch: LaneBatch): Promise<void> {
    if (this.waiting.get(key) === batch) this.waiting.delete(key);
    return new Promise<void>((done) => {
      let open = 0;
      const settle = (entry: LaneJob) => {
        open += 1;
        void entry
          .job()
          .then(entry.resolve, entry.reject)
          .finally(() => {
            open -= 1;
            if (open > 0) return;
            if (this.running.get(key) === batch) this.running.delete(key);
            batch.join = undefined;
            done();
          });
      };
      batch.join = settle;
      this.running.set(key, batch);
      for (const entry of batch.jobs) settle(entry);
      if (batch.jobs.length === 0) {
        this.running.delete(key);
        batch.join = undefined;
        done();
      }
    });
  }
}
