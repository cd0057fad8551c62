import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';

/** How often the checkpointer copies the WAL back into the database file. */
const CHECKPOINT_EVERY_MS = 100;

/**
 * The worker's code (CommonJS, `eval`): its own connection to the file, a PASSIVE checkpoint every
 * `every` ms (it never waits for the writer nor blocks it), closed on 'stop'.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 0');
const timer = setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {}
}, workerData.every);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {}
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
 * `journal_size_limit` truncates the WAL file after it was reset.
 */
export function startCheckpointer(database: Database.Database, file: string): Checkpointer {
  database.pragma('journal_size_limit = 67108864');
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { module: require.resolve('better-sqlite3'), file, every: CHECKPOINT_EVERY_MS },
  });
  worker.unref();
  const ownCheckpoints = () => {
    if (database.open) database.pragma('wal_autocheckpoint = 1000');
  };
  worker.on('message', (message) => {
    if (message === 'ready' && database.open) database.pragma('wal_autocheckpoint = 0');
  });
  worker.on('error', ownCheckpoints);
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  void exited.then(ownCheckpoints);
  return {
    stop() {
      worker.postMessage('stop');
      return exited;
    },
  };
}
