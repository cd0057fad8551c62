import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import { dbTrace, type TraceKind } from './trace';

/** How often the checkpointer copies the WAL back into the database file (`SQLITE_CHECKPOINT_MS` overrides it: benches). */
const CHECKPOINT_EVERY_MS = Number(process.env.SQLITE_CHECKPOINT_MS) || 100;
/**
 * WAL size past which the worker restarts the log (RESTART checkpoint); then truncated to half.
 * `SQLITE_WAL_LIMIT_MB` overrides it (benches).
 */
const WAL_LIMIT_BYTES = (Number(process.env.SQLITE_WAL_LIMIT_MB) || 64) * 1024 * 1024;
/** What a connection that restarts the log truncates the WAL file to (`journal_size_limit`). */
export const JOURNAL_SIZE_LIMIT = WAL_LIMIT_BYTES / 2;

/**
 * The worker's code (CommonJS, `eval`): its own connection to the file, a PASSIVE checkpoint every
 * `every` ms (it never waits for the writer nor blocks it), closed on 'stop'.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const { performance } = require('node:perf_hooks');
const db = new Database(workerData.file);
db.pragma('busy_timeout = 0');
const pageSize = db.pragma('page_size', { simple: true });
// The bench's timeline (db/trace.ts): each checkpoint, in epoch ms.
const now = () => performance.timeOrigin + performance.now();
const trace = (kind, start, detail) => {
  if (workerData.trace) parentPort.postMessage({ kind, start, end: now(), detail });
};
const checkpoint = () => {
  try {
    let start = now();
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    trace('checkpoint', start, result ? result.checkpointed : 0);
    // Under steady writes a PASSIVE checkpoint never catches up with the writer, so the WAL would
    // never restart: past the limit, one RESTART (it waits for the writer's current transaction,
    // copies the few frames the PASSIVE ones left and lets the next writer start the log anew).
    // The limit counts the frames in the log, not the file's size: a file is truncated only by
    // the connection that restarts the log, and until then (or without a journal_size_limit)
    // it keeps its size, which made a RESTART every 100 ms once past the limit.
    const size = result && result.log > 0 ? result.log * (pageSize + 24) : 0;
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
 * (little, after the PASSIVE ones) and syncs; `journal_size_limit` then truncates the WAL file.
 */
export function startCheckpointer(
  database: Database.Database,
  file: string,
  /** Called when the connections must checkpoint themselves again (the worker failed or stopped). */
  onOwnCheckpoints?: () => void,
): Checkpointer {
  database.pragma(`journal_size_limit = ${JOURNAL_SIZE_LIMIT}`);
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: {
      module: require.resolve('better-sqlite3'),
      file,
      every: CHECKPOINT_EVERY_MS,
      walLimit: WAL_LIMIT_BYTES,
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
  };
}
