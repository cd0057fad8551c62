import { Client } from 'pg';

/**
 * Which node runs the engine jobs (jobs.ts). On SQLite the single process always does
 * (`alwaysLeader`). On PostgreSQL every node tries a session advisory lock on a dedicated
 * connection (`advisoryLockLeader`): the node that holds it is the leader; the others try again
 * every `retryMs`. The lock lives as long as the leader's session: when the leader stops, crashes
 * or its connection drops, PostgreSQL releases it and another node takes it on its next try. The
 * leader checks its own connection every `retryMs` too (a failed or hung check ends its
 * leadership at once), so two nodes overlap at most for about one check. Engine writes are
 * conditional (each settlement, fill, cancel happens once whoever runs it), so such an overlap
 * costs no correctness.
 */
export interface Leadership {
  readonly isLeader: boolean;
  /** Called on every change, with the new state. Returns an unsubscribe function. */
  onChange(listener: (leader: boolean) => void): () => void;
  /** Makes the first attempt (resolves after it) and keeps trying in the background. */
  start(): Promise<void>;
  /** Gives up leadership (if held) and stops trying. */
  stop(): Promise<void>;
}

interface Listeners {
  set: Set<(leader: boolean) => void>;
  emit(leader: boolean): void;
}

function listeners(onError?: (error: unknown) => void): Listeners {
  const set = new Set<(leader: boolean) => void>();
  return {
    set,
    emit(leader) {
      for (const listener of set) {
        try {
          listener(leader);
        } catch (error) {
          onError?.(error);
        }
      }
    },
  };
}

/** The single process (SQLite): leader from `start` to `stop`. */
export function alwaysLeader(): Leadership {
  const l = listeners();
  let leader = false;
  return {
    get isLeader() {
      return leader;
    },
    onChange(listener) {
      l.set.add(listener);
      return () => l.set.delete(listener);
    },
    async start() {
      if (leader) return;
      leader = true;
      l.emit(true);
    },
    async stop() {
      if (!leader) return;
      leader = false;
      l.emit(false);
    },
  };
}

export interface LeaderLog {
  info(message: string): void;
  warn(details: { err: unknown }, message: string): void;
}

export interface AdvisoryLockOptions {
  connectionString: string;
  /** The advisory lock's key (one per database; the default names this app's engine). */
  lockKey?: number;
  /** How often followers try and the leader checks its connection (ms). */
  retryMs?: number;
  log?: LeaderLog;
}

/** 'engine' as a 32-bit number: the key of the engine node's lock unless another is given. */
export const ENGINE_LOCK_KEY = 0x656e6769;

/** PostgreSQL: leader while this node holds `pg_try_advisory_lock(lockKey)` on its own session. */
export function advisoryLockLeader(options: AdvisoryLockOptions): Leadership {
  const retryMs = options.retryMs ?? 1000;
  const lockKey = options.lockKey ?? ENGINE_LOCK_KEY;
  const log = options.log;
  const l = listeners((error) => log?.warn({ err: error }, 'leadership listener failed'));
  let client: Client | undefined;
  let leader = false;
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let attempt: Promise<void> | undefined;

  const setLeader = (next: boolean) => {
    if (leader === next) return;
    leader = next;
    log?.info(next ? 'engine node: this node is now the leader' : 'engine node: leadership lost');
    l.emit(next);
  };

  const dropClient = () => {
    const old = client;
    client = undefined;
    setLeader(false);
    // Ending the session releases the lock (if the server still sees it).
    if (old) old.end().catch(() => undefined);
  };

  const connect = async (): Promise<Client> => {
    const next = new Client({
      connectionString: options.connectionString,
      application_name: 'engine-leader',
      keepAlive: true,
      // A hung check must end leadership rather than block it.
      query_timeout: Math.max(2000, retryMs * 2),
      connectionTimeoutMillis: Math.max(2000, retryMs * 2),
    });
    next.on('error', (error) => {
      if (client !== next) return;
      log?.warn({ err: error }, 'engine node: leader connection failed');
      dropClient();
    });
    next.on('end', () => {
      if (client === next) dropClient();
    });
    await next.connect();
    return next;
  };

  const tryOnce = async () => {
    try {
      if (!client) {
        const fresh = await connect();
        if (stopped) {
          await fresh.end().catch(() => undefined);
          return;
        }
        client = fresh;
      }
      const current = client;
      if (leader) {
        // Still connected? (The lock is held as long as this session lives.)
        await current.query('SELECT 1');
        return;
      }
      const result = await current.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
        lockKey,
      ]);
      if (stopped || client !== current) {
        if (result.rows[0]?.locked) await current.query('SELECT pg_advisory_unlock($1)', [lockKey]);
        return;
      }
      if (result.rows[0]?.locked) setLeader(true);
    } catch (error) {
      if (!stopped) log?.warn({ err: error }, 'engine node: leadership check failed');
      dropClient();
    }
  };

  const loop = () => {
    if (stopped) return;
    attempt = tryOnce().finally(() => {
      attempt = undefined;
      if (!stopped) {
        timer = setTimeout(loop, retryMs);
        timer.unref();
      }
    });
  };

  return {
    get isLeader() {
      return leader;
    },
    onChange(listener) {
      l.set.add(listener);
      return () => l.set.delete(listener);
    },
    async start() {
      if (!stopped) return;
      stopped = false;
      loop();
      await attempt;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      if (timer) clearTimeout(timer);
      await attempt;
      const old = client;
      client = undefined;
      if (old) {
        if (leader) await old.query('SELECT pg_advisory_unlock($1)', [lockKey]).catch(() => undefined);
        await old.end().catch(() => undefined);
      }
      setLeader(false);
    },
  };
}
