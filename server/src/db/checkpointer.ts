import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import { dbTrace, type TraceKind } from './trace';

/** How often the checkpointer copies the WAL back into the database file (`SQLITE_CHECKPOINT_MS` overrides it: benches). */
const CHECKPOINT_EVERY_MS = Number(process.env.SQLITE_CHECKPOINT_MS) || 100;
/**
 * WAL size past which the worker restarts the log (RESTART checkpoint).
 * `SQLITE_WAL_LIMIT_MB` overrides it (benches).
 */
const WAL_LIMIT_BYTES = (Number(process.env.SQLITE_WAL_LIMIT_MB) || 64) * 1024 * 1024;
/**
 * With a write worker (which finishes the checkpoints past `WAL_LIMIT_BYTES`), the WAL size past
 * which the checkpointer makes a RESTART all the same: twice the limit (`SQLITE_WAL_RESTART_MB`
 * overrides it: tests).
 */
const WAL_RESTART_BYTES =
  (Number(process.env.SQLITE_WAL_RESTART_MB) || (2 * WAL_LIMIT_BYTES) / 2 ** 20) * 2 ** 20;
/**
 * What a connection that restarts the log truncates the WAL file to (`journal_size_limit`): the
 * size past which the checkpointer makes a RESTART (twice the limit), so that a file that grew
 * past it is cut back, but not the WAL of every restart. It used to be half the limit: each log
 * restart then cut ~38 MB off the file inside the write worker's next COMMIT (an ftruncate of
 * 6.5-9 ms on this machine's disk, while that batch's orders waited) and the file grew back block
 * by block (allocations, its metadata journaled) until the next one. Now the restarted log
 * overwrites the file from its start. `SQLITE_JOURNAL_LIMIT_MB` overrides it (benches).
 */
export const JOURNAL_SIZE_LIMIT =
  (Number(process.env.SQLITE_JOURNAL_LIMIT_MB) || WAL_RESTART_BYTES / 2 ** 20) * 2 ** 20;

/** A nice value (0-19) from the environment, else `fallback`. */
export function niceOf(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  return Number.isInteger(value) && value >= 0 && value <= 19 ? value : fallback;
}

/**
 * The checkpointer thread's nice value (Linux), `SQLITE_CHECKPOINTER_NICE` (benches): 0, as the
 * process, unless set. Tried at 19 (its copying then never takes a core from the event loop or
 * the write worker): on a busy machine it starved (PASSIVE checkpoints of up to 0.7 s, a WAL of
 * 121 MB), and a starved thread that must RESTART holds the write lock (README.md, s-p99).
 */
const CHECKPOINTER_NICE = niceOf('SQLITE_CHECKPOINTER_NICE', 0);

/**
 * Worker code (CommonJS) that lowers the priority of the thread it runs on to `workerData.nice`
 * (Linux: a thread has its own nice value, set through its thread id; raising it needs no
 * privilege). Nothing happens elsewhere or when it fails.
 */
export const LOWER_THREAD_PRIORITY = `
if (workerData.nice > 0) {
  try {
    const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
    if (tid > 0 && tid !== process.pid) require('node:os').setPriority(tid, workerData.nice);
  } catch {}
}
`;

/**
 * The worker's code (CommonJS, `eval`): its own connection to the file, a PASSIVE checkpoint every
 * `every` ms (it never waits for the writer nor blocks it), closed on 'stop'.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const { performance } = require('node:perf_hooks');
${LOWER_THREAD_PRIORITY}
const db = new Database(workerData.file);
db.pragma('busy_timeout = 0');
const pageSize = db.pragma('page_size', { simple: true });
// Shared with the write worker (write-worker.ts): [0] is 1 while it is asked to finish a checkpoint,
// [1] the frames already copied back then.
const asks = workerData.asks ? new Int32Array(workerData.asks) : undefined;
// The bench's timeline (db/trace.ts): each checkpoint, in epoch ms.
const now = () => performance.timeOrigin + performance.now();
const trace = (kind, start, detail) => {
  if (workerData.trace) parentPort.postMessage({ kind, start, end: now(), detail });
};
// A descriptor of the database file of its own (-1: none; SQLITE_CHECKPOINT_FLUSH=0), to flush
// it before the write worker is asked to finish a checkpoint.
const fs = require('node:fs');
let syncFd = workerData.syncFd;
const flush = () => {
  if (syncFd < 0) return;
  const start = now();
  try {
    fs.fdatasyncSync(syncFd);
  } catch {
    syncFd = -1;
  }
  trace('checkpoint-flush', start, 0);
};
// One every interval, asked or not: with synchronous = NORMAL the WAL is synced by checkpoints,
// so their interval bounds what a power loss can take. The worker's own, should this one hold the
// checkpoint lock at that moment, finds it busy and is made after its next transaction.
const checkpoint = () => {
  try {
    let start = now();
    let [result] = db.pragma('wal_checkpoint(PASSIVE)');
    trace('checkpoint', start, result ? result.checkpointed : 0);
    // Under steady writes a PASSIVE checkpoint never catches up with the writer, so the WAL would
    // never restart: past the limit, one RESTART (it waits for the writer's current transaction,
    // copies the few frames the PASSIVE ones left and lets the next writer start the log anew).
    // The limit counts the frames in the log, not the file's size: a file is truncated only by
    // the connection that restarts the log, and until then (or without a journal_size_limit)
    // it keeps its size, which made a RESTART every 100 ms once past the limit.
    const size = result && result.log > 0 ? result.log * (pageSize + 24) : 0;
    // With a write worker (it writes nearly everything): past the limit, it is asked to finish
    // the checkpoint itself between two of its transactions (write-worker.ts): a PASSIVE one on
    // its own connection, when nothing writes, copies the few frames this one left; the WAL is
    // then wholly in the file and its next transaction starts the log anew (over the file's
    // start: JOURNAL_SIZE_LIMIT), with no RESTART: no writer sleeps in SQLite's busy handler waiting for a lock.
    if (asks) {
      if (size <= workerData.walLimit) {
        Atomics.store(asks, 0, 0);
        return;
      }
      // Past twice the limit it did not manage (the main connection writes, a reader held the
      // log): the RESTART below, as without a write worker.
      if (size <= workerData.walRestart) {
        // First flush the database file: a PASSIVE checkpoint that leaves frames behind syncs the
        // WAL, not the database file; the one that copies the whole log (the worker's) syncs it,
        // and that fsync wrote every page copied since the last one (~1000 frames copied in
        // 10-13 ms, mostly that fsync, while the orders' commits waited). Flushed here, off the
        // writer's way, it has only the pages copied since. Then copy what was written during
        // that checkpoint and this flush, and flush again, while a pass copies much (the counts
        // a checkpoint gives are those of its start): the worker's own checkpoint, while its
        // next transactions wait, then has only the last few frames.
        flush();
        for (let pass = 0; pass < 3; pass += 1) {
          const { log, checkpointed } = result;
          start = now();
          [result] = db.pragma('wal_checkpoint(PASSIVE)');
          trace('checkpoint', start, result ? result.checkpointed : 0);
          if (!result || result.log < log) return;
          if (result.checkpointed - checkpointed <= 64) break;
          flush();
        }
        // What is in the file now (the worker's trace counts the frames it copies past it).
        Atomics.store(asks, 1, result.checkpointed);
        Atomics.store(asks, 0, 1);
        return;
      }
    }
    if (size > workerData.walLimit) {
      db.pragma('busy_timeout = 2000');
      start = now();
      try { db.pragma('wal_checkpoint(RESTART)'); } finally { db.pragma('busy_timeout = 0'); }
      trace('checkpoint-restart', start, size);
    }
  } catch {}
};
const timer = setInterval(checkpoint, workerData.every);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
parentPort.postMessage('ready');
`;

export interface Checkpointer {
  /** Stops the worker (after one last checkpoint); the connection's own checkpoints are back on. */
  stop(): Promise<void>;
  /**
   * Gives back the descriptor it flushes the database file through (closed with the last store of
   * this process on the file): only once the store's connections are closed.
   */
  closeFile(): void;
}

/**
 * The descriptors the checkpointers flush database files through, one a file (by its real path)
 * shared by the stores of this process open on it, closed with the last of them: closing any
 * descriptor of a file drops the process's POSIX locks on it, SQLite's included, so one store's
 * close must not close a descriptor while another store's connections use the file.
 */
const flushDescriptors = new Map<string, { fd: number; users: number }>();

/** A read-only descriptor of `file` to flush it through (fdatasync), or -1 (`SQLITE_CHECKPOINT_FLUSH=0`: benches). */
function openForFlush(file: string): { fd: number; release(): void } {
  const none = { fd: -1, release: () => undefined };
  if (process.env.SQLITE_CHECKPOINT_FLUSH === '0') return none;
  let key: string;
  try {
    key = fs.realpathSync(file);
  } catch {
    return none;
  }
  let shared = flushDescriptors.get(key);
  if (!shared) {
    try {
      shared = { fd: fs.openSync(key, 'r'), users: 0 };
    } catch {
      return none;
    }
    flushDescriptors.set(key, shared);
  }
  shared.users += 1;
  const entry = shared;
  let released = false;
  return {
    fd: entry.fd,
    release() {
      if (released) return;
      released = true;
      entry.users -= 1;
      if (entry.users > 0) return;
      flushDescriptors.delete(key);
      fs.closeSync(entry.fd);
    },
  };
}

/**
 * Moves the WAL checkpoints of a SQLite file off the request thread. SQLite's automatic
 * checkpoint runs inside the COMMIT that crosses 1000 WAL pages: it copies those pages into the
 * database file and syncs it, on the event loop (about half the COMMIT time of the order bench).
 * Here a worker thread with its own connection checkpoints every 100 ms (PASSIVE: it copies what
 * no reader needs and never blocks the writer) and `database`'s automatic checkpoint is turned off
 * once the worker runs. Should the worker fail, the connection checkpoints itself again.
 * Past 64 MB of WAL (steady writes: the PASSIVE ones never catch up) the worker makes one RESTART
 * checkpoint, which holds the next write transaction back for as long as it copies what is left
 * (little, after the PASSIVE ones) and syncs; `journal_size_limit` then truncates a WAL file
 * grown past twice the limit.
 * With a write worker (`asks`), the worker finishes the checkpoint instead, between two of its
 * transactions (no lock waited for); the RESTART comes only past twice the limit.
 */
export function startCheckpointer(
  database: Database.Database,
  file: string,
  /** Called when the connections must checkpoint themselves again (the worker failed or stopped). */
  onOwnCheckpoints?: () => void,
  /**
   * Shared with the write worker (`startWriteWorker`'s `checkpointAsks`): past the WAL limit the
   * worker is asked to finish the checkpoint between two transactions instead of a RESTART here.
   */
  asks?: SharedArrayBuffer,
): Checkpointer {
  database.pragma(`journal_size_limit = ${JOURNAL_SIZE_LIMIT}`);
  const flushFile = asks ? openForFlush(file) : undefined;
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: {
      module: require.resolve('better-sqlite3'),
      file,
      every: CHECKPOINT_EVERY_MS,
      walLimit: WAL_LIMIT_BYTES,
      walRestart: WAL_RESTART_BYTES,
      asks,
      nice: CHECKPOINTER_NICE,
      syncFd: flushFile?.fd ?? -1,
      trace: dbTrace.event !== undefined,
    },
  });
  worker.unref();
  const ownCheckpoints = () => {
    if (database.open) database.pragma('wal_autocheckpoint = 1000');
    onOwnCheckpoints?.();
  };
  worker.on(
    'message',
    (message: 'ready' | { kind: TraceKind; start: number; end: number; detail: number }) => {
      if (message === 'ready') {
        if (database.open) database.pragma('wal_autocheckpoint = 0');
        return;
      }
      const origin = performance.timeOrigin;
      dbTrace.event?.(message.kind, message.start - origin, message.end - origin, message.detail);
    },
  );
  worker.on('error', ownCheckpoints);
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  void exited.then(ownCheckpoints);
  return {
    stop() {
      // Unref'd while it runs (it must not keep a process alive), but a close waits for it: ref'd
      // again, or a process with nothing else to do would end before its close resolved (a CLI
      // would then exit with 0 instead of the code it was about to set).
      worker.ref();
      worker.postMessage('stop');
      return exited;
    },
    closeFile() {
      flushFile?.release();
    },
  };
}
