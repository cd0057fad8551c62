/**
 * A timeline of the data layer's waits, for the trading bench (`bench/trading-http.ts`), which
 * lines its slowest orders up against them. Off unless a bench sets `dbTrace.event`: each call
 * site then costs one property read.
 *
 * Times are `performance.now()` of the main thread (ms); events of other threads (the
 * checkpointer) are converted to it.
 */
export type TraceKind =
  /** The main connection's turn (`WriteLane`): from the moment it was asked until it ended; `detail`: ms it waited for its grant. */
  | 'main-turn'
  /** An offloaded transaction being recorded on the event loop (from its turn until the worker is sent it); `detail`: statements. */
  | 'record'
  /** An offloaded transaction sent to the write worker until its COMMIT was answered; `detail`: statements. */
  | 'worker-commit'
  /** A group commit's batch, from its start until every unit is answered; `detail`: units. */
  | 'batch'
  /** A PASSIVE WAL checkpoint (checkpointer thread); `detail`: frames copied back. */
  | 'checkpoint'
  /** A RESTART WAL checkpoint (checkpointer thread): writers wait for it; `detail`: WAL bytes before. */
  | 'checkpoint-restart'
  /** The checkpointer flushing the database file (fdatasync) before it asks the write worker to finish a checkpoint; nobody waits for it. */
  | 'checkpoint-flush'
  /** A PASSIVE WAL checkpoint the write worker made between two transactions, asked by the checkpointer past the WAL limit; `detail`: frames it copied back. */
  | 'checkpoint-worker'
  /** The market recorder storing one batch of tape trades and telling the tick listeners (market/recorder.ts); `detail`: trades. */
  | 'tape';

export const dbTrace: {
  event?: (kind: TraceKind, start: number, end: number, detail?: number) => void;
} = {};
