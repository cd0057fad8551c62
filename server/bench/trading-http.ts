/**
 * HTTP order benchmark (a script, not a test). Starts the API server (APP_MODE=production, as it
 * runs in production: no answer validation, no dev routes; temp SQLite, simulated feed on the real
 * clock, rate limit lifted) in a child process on loopback, creates N users with a session and
 * funds straight in the database (setup, not measured), then drives N concurrent users (one request
 * in flight each, one keep-alive connection each) for a fixed time per phase and prints orders per
 * second, latency percentiles, errors and the ledger's reconcile:
 *
 * - spot: market buy, market sell, limit buy (10% under the price), limit sell (10% over) of
 *   0.001 BTC in turn (`/api/transaction/in|out`, mode 1 and 2): every answer comes after its commit;
 * - lever: market long or short of 1 hand (`/api/lever/submit`), then its close (`/api/lever/close`).
 *
 *   pnpm --filter server exec tsx bench/trading-http.ts [--users 50] [--seconds 10] [--pg] [--phases spot,lever] [--profile <dir>] [--readers N]
 *
 * API node i listens on BENCH_PORT_BASE + i when it is set (else on a free port).
 * `--phases spot` or `--phases lever` runs one phase only (default both). `--phases engine` (SQLite
 * only, not in the default) places the spot phase's orders straight on a second SpotEngine inside
 * the first node, for the same time, with no HTTP: the engine's and the database's share of an order.
 * `--pg`: PostgreSQL with two API nodes (each a child process, Redis between them; users split
 * across both, round robin). It runs itself under scripts/with-postgres.mjs (a throwaway cluster
 * and Redis) unless TEST_DATABASE_URL and REDIS_URL are already set. `--profile <dir>`: each
 * server child writes a V8 CPU profile there (`node --cpu-prof`). `--readers N`: during the spot
 * phase, N more clients (each its own connection, with the session of user i) read a user's
 * pending spot buys (`POST /api/transaction_in`, the list a user looks at after trading) and
 * balances (`POST /api/wallet/list`) in turn, in a loop; the reads' latency is printed apart.
 * `--alloc-profile <dir> [--retained | --promoted]`: each server child writes a sampling allocation
 * profile there (`.heapprofile`, Chrome DevTools; the objects the GC collected included: where the
 * bytes an order allocates come from; with `--retained` only the objects still alive at the end:
 * what the old generation keeps; with `--promoted` those and the ones a major collection took:
 * what scavenges promoted, the cost of each scavenge).
 * The server children run with the launch flags of the real server (`--max-semi-space-size=64`);
 * `--node-flags "<flags>"` adds or overrides some (e.g. `--max-semi-space-size=16`, Node's
 * default), to compare launch settings.
 *
 * The load generator is a minimal HTTP/1.1 client over plain sockets (request bytes written
 * once, answers framed by Content-Length), in the parent process, so that the client costs less
 * CPU than the server it measures on a 2-core machine.
 */
import { fork, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';

function numberArgument(name: string, fallback: number): number {
  const index = process.argv.lastIndexOf(`--${name}`);
  if (index === -1) return fallback;
  const value = Number(process.argv[index + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer`);
  return value;
}

function stringArgument(name: string): string | undefined {
  const index = process.argv.lastIndexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

/**
 * CPU time (user + system, µs) of this process's main thread alone (Linux: /proc, in clock ticks
 * of 10 ms); 0 elsewhere. Unlike the event loop's busy time it does not grow when the machine is
 * busy and the thread waits for a core.
 */
function mainThreadCpuMicros(): number {
  try {
    const stat = fs.readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat (counted from 1; here from the state, field 3).
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return 0;
  }
}

/**
 * Time this process's threads were runnable but waited for a core (Linux schedstat, µs): the
 * main thread's and all threads'. The CPU the machine did not give (a busy machine, or more
 * runnable threads than cores: a thread woken, e.g. the write worker by a postMessage, can take
 * the core of the thread that woke it). Zeros elsewhere.
 */
function runQueueWaitMicros(): { main: number; all: number } {
  const waitOf = (tid: string) => {
    try {
      return Number(fs.readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8').split(' ')[1]) / 1000 || 0;
    } catch {
      return 0;
    }
  };
  let all = 0;
  try {
    for (const tid of fs.readdirSync('/proc/self/task')) all += waitOf(tid);
  } catch {
    return { main: 0, all: 0 };
  }
  return { main: waitOf(String(process.pid)), all };
}

// ---- child: one API node -------------------------------------------------------------------------

interface ChildReady {
  type: 'ready';
  port: number;
  tokens: string[];
  price: string;
}

async function serve(): Promise<void> {
  const { buildApp } = await import('../src/app');
  const { loadConfig } = await import('../src/core/config');
  const { reconcile, postLedger } = await import('../src/kernel');
  const { insertUser } = await import('../src/accounts/users');
  const { issueToken } = await import('../src/core/auth');
  const { groupCommitOf } = await import('../src/db/group-commit');
  const { offloadStats } = await import('../src/db');
  const { dbTrace } = await import('../src/db/trace');
  const setupUsers = Number(stringArgument('setup') ?? '0');
  // The phase's timeline (db/trace.ts, GC, event-loop stalls), sent to the parent at its end.
  const timeline: TimelineEvent[] = [];
  let tracing = false;
  const traceEvent = (kind: string, start: number, end: number, detail = 0) => {
    if (tracing) timeline.push([kind, start + performance.timeOrigin, end + performance.timeOrigin, detail]);
  };
  // Set before the store opens: its checkpointer then reports its checkpoints.
  dbTrace.event = traceEvent;
  const dir = stringArgument('dir') ?? fs.mkdtempSync(path.join(os.tmpdir(), 'trading-http-bench-'));
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const config = loadConfig({
    APP_MODE: 'production',
    // Errors only: a 500 in a run prints its stack (one appeared once in 21,678 orders, unexplained).
    LOG_LEVEL: 'error',
    DB_FILE: path.join(dir, 'app.db'),
    MARKET_BACKFILL: 'small',
    MARKET_FEED: 'simulated',
    RATE_LIMIT_PER_MINUTE: '10000000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, REDIS_URL: process.env.REDIS_URL } : {}),
  });
  const server = await buildApp(config);
  await server.app.listen({ port: Number(stringArgument('port') ?? '0'), host: '127.0.0.1' });
  const { port } = server.app.server.address() as AddressInfo;

  // Users, sessions and funds straight in the database (the setup is not what is measured).
  const tokens: string[] = [];
  const userIds: number[] = [];
  const now = Date.now();
  for (let i = 0; i < setupUsers; i += 1) {
    const token = await server.store.tx(async (q) => {
      const userId = await insertUser(
        q,
        { email: `bench-${i}-${crypto.randomBytes(4).toString('hex')}@example.com`, passwordHash: 'x' },
        now,
      );
      const base = { userId, reason: 'deposit', ref: 'bench' } as const;
      await postLedger(
        q,
        [
          { ...base, walletType: 'change', currencyId: 3, amount: '100000000' },
          { ...base, walletType: 'change', currencyId: 1, amount: '10000' },
          { ...base, walletType: 'lever', currencyId: 3, amount: '100000000' },
        ],
        { now },
      );
      userIds.push(userId);
      return issueToken(q, userId, now, config.tokenTtlSeconds);
    });
    tokens.push(token);
  }

  // The WAL file's size, sampled every 10 ms (SQLite): how far it grows between restarts.
  const walFile = `${config.dbFile}-wal`;
  let walMax = 0;
  const walTimer = databaseUrl
    ? undefined
    : setInterval(() => {
        try {
          walMax = Math.max(walMax, fs.statSync(walFile).size);
        } catch {
          // No WAL file at this moment (just truncated).
        }
      }, 10);
  walTimer?.unref();

  // Garbage collection on the main thread (the trading bench prints it an order).
  const gc = { micros: 0, minor: 0, major: 0 };
  const { PerformanceObserver, constants } = await import('node:perf_hooks');
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.micros += entry.duration * 1000;
      const kind = (entry as unknown as { detail?: { kind?: number } }).detail?.kind;
      if (kind === constants.NODE_PERFORMANCE_GC_MINOR) gc.minor += 1;
      else if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) gc.major += 1;
      const name =
        kind === constants.NODE_PERFORMANCE_GC_MINOR
          ? 'gc-minor'
          : kind === constants.NODE_PERFORMANCE_GC_MAJOR
            ? 'gc-major'
            : 'gc-other';
      traceEvent(name, entry.startTime, entry.startTime + entry.duration);
    }
  }).observe({ entryTypes: ['gc'] });

  // The event loop's delay during the phase (histogram), and each stall of 5 ms or more (a 2 ms
  // timer that fires that late), on the timeline.
  const { monitorEventLoopDelay } = await import('node:perf_hooks');
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  let stallTimer: NodeJS.Timeout | undefined;
  const traceStart = () => {
    timeline.length = 0;
    tracing = true;
    loopDelay.reset();
    loopDelay.enable();
    let last = performance.now();
    stallTimer = setInterval(() => {
      const now = performance.now();
      if (now - last >= 7) traceEvent('stall', last + 2, now);
      last = now;
    }, 2);
  };
  const traceStop = () => {
    tracing = false;
    clearInterval(stallTimer);
    loopDelay.disable();
    const ms = (ns: number) => ns / 1e6;
    process.send?.({
      type: 'timeline',
      events: timeline,
      loop: {
        mean: ms(loopDelay.mean),
        p99: ms(loopDelay.percentile(99)),
        max: ms(loopDelay.max),
      },
    } satisfies TimelineMessage);
    timeline.length = 0;
  };

  // `--alloc-profile <dir>` (BENCH_ALLOC_DIR): sampled allocations, those already collected included.
  const allocDir = process.env.BENCH_ALLOC_DIR;
  const inspector = allocDir ? new (await import('node:inspector')).Session() : undefined;
  const post = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve, reject) =>
      inspector?.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
    );
  if (inspector) {
    inspector.connect();
    // `--retained`: only what is still alive when the profile is taken (what grows the old
    // generation); `--promoted`: that and what a major collection took (what scavenges promoted).
    const mode = process.env.BENCH_ALLOC_MODE;
    await post('HeapProfiler.startSampling', {
      samplingInterval: 16384,
      includeObjectsCollectedByMajorGC: mode !== 'retained',
      includeObjectsCollectedByMinorGC: mode === undefined,
    });
  }

  const stop = async (check: boolean) => {
    clearInterval(walTimer);
    if (inspector && allocDir) {
      const { profile } = (await post('HeapProfiler.stopSampling')) as { profile: unknown };
      fs.writeFileSync(path.join(allocDir, `alloc-${process.pid}.heapprofile`), JSON.stringify(profile));
    }
    const mismatches = check ? (await reconcile(server.store.q)).length : 0;
    await server.close();
    process.send?.({ type: 'reconcile', mismatches });
    if (!stringArgument('dir')) fs.rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('message', (message: { type: string; reconcile?: boolean; seconds?: number }) => {
    if (message.type === 'stop') void stop(message.reconcile === true);
    if (message.type === 'engine') void engine(message.seconds ?? 5);
    if (message.type === 'trace-start') traceStart();
    if (message.type === 'trace-stop') traceStop();
    if (message.type === 'cpu') {
      const { user, system } = process.cpuUsage();
      const { batches, units, largest } = groupCommitOf(server.store).stats;
      const loopMicros = performance.eventLoopUtilization().active * 1000;
      const writer = offloadStats(server.store);
      const waited = runQueueWaitMicros();
      process.send?.({
        type: 'cpu',
        micros: user + system,
        mainMicros: mainThreadCpuMicros(),
        mainWaitMicros: waited.main,
        waitMicros: waited.all,
        loopMicros,
        workerMicros: writer?.busyMicros ?? 0,
        offloaded: writer?.commits ?? 0,
        batches,
        units,
        largest,
        walMax,
        gcMicros: gc.micros,
        gcMinor: gc.minor,
        gcMajor: gc.major,
      });
      walMax = 0;
    }
  });
  process.on('disconnect', () => void stop(false));
  const price = server.market.lastPrice(1) ?? '0';

  /** `--phases engine`: the spot phase's orders on a SpotEngine of this process, no HTTP. */
  const engine = async (seconds: number) => {
    const { SpotEngine } = await import('../src/spot/service');
    const spot = new SpotEngine(server.ctx);
    await spot.start();
    const last = Number(server.market.lastPrice(1) ?? '0');
    const limit = (kind: number) => String(kind === 2 ? Math.floor(last * 0.9) : Math.ceil(last * 1.1));
    const run = async (ms: number) => {
      const end = performance.now() + ms;
      let orders = 0;
      await Promise.all(
        userIds.map(async (userId, u) => {
          for (let i = u; performance.now() < end; i += 1) {
            const kind = i % 4;
            await spot.place(
              userId,
              kind % 2 === 0 ? 'in' : 'out',
              kind < 2
                ? { legal_id: 3, currency_id: 1, num: '0.001', mode: 1, trade_type: 1 }
                : { legal_id: 3, currency_id: 1, num: '0.001', mode: 2, price: limit(kind) },
            );
            orders += 1;
          }
        }),
      );
      return orders;
    };
    await run(1000);
    const group = groupCommitOf(server.store).stats;
    const [batches, units] = [group.batches, group.units];
    const cpu = process.cpuUsage();
    const loop = performance.eventLoopUtilization();
    const started = performance.now();
    const orders = await run(seconds * 1000);
    const elapsed = (performance.now() - started) / 1000;
    const { user, system } = process.cpuUsage(cpu);
    process.send?.({
      type: 'engine',
      orders,
      elapsed,
      micros: user + system,
      loopMicros: performance.eventLoopUtilization(loop).active * 1000,
      batches: group.batches - batches,
      units: group.units - units,
    });
    await spot.stop();
  };

  process.send?.({ type: 'ready', port, tokens, price } satisfies ChildReady);
}

/** One event of a node's timeline: kind, start and end (epoch ms), detail (db/trace.ts). */
type TimelineEvent = [kind: string, start: number, end: number, detail: number];

interface TimelineMessage {
  type: 'timeline';
  events: TimelineEvent[];
  /** The event loop's delay during the phase (monitorEventLoopDelay, 1 ms resolution), ms. */
  loop: { mean: number; p99: number; max: number };
}

// ---- parent: the users ---------------------------------------------------------------------------

interface Answer {
  type: string;
  message: unknown;
  code?: string;
}

/** The first bytes of a successful answer (the envelope's serializer writes `type` first). */
const OK_PREFIX = Buffer.from('{"type":"ok"');
const OK_ANSWER: Answer = { type: 'ok', message: undefined };

/** A request's bytes: head and JSON body. */
function requestBytes(method: 'GET' | 'POST', url: string, body: unknown, token?: string): Buffer {
  const payload = body === undefined ? '' : JSON.stringify(body);
  const head =
    `${method} ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nlang: en\r\n` +
    (token ? `Authorization: Bearer ${token}\r\n` : '') +
    (payload ? `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n` : '') +
    '\r\n';
  return Buffer.from(head + payload);
}

/** One keep-alive HTTP/1.1 connection, one request at a time; answers framed by Content-Length. */
class Connection {
  private readonly socket: net.Socket;
  private buffer: Buffer = Buffer.alloc(0);
  private waiting:
    { resolve: (answer: Answer) => void; reject: (error: Error) => void; whole: boolean } | undefined;

  private constructor(socket: net.Socket) {
    this.socket = socket;
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', (error) => this.fail(error));
    socket.on('close', () => this.fail(new Error('connection closed')));
  }

  static open(port: number): Promise<Connection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => resolve(new Connection(socket)));
      socket.once('error', reject);
    });
  }

  private fail(error: Error): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.reject(error);
  }

  private onData(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const headEnd = this.buffer.indexOf('\r\n\r\n');
    if (headEnd < 0) return;
    const head = this.buffer.toString('latin1', 0, headEnd);
    const match = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    if (!match) return this.fail(new Error(`answer without Content-Length: ${head}`));
    const end = headEnd + 4 + Number(match[1]);
    if (this.buffer.length < end) return;
    const waiting = this.waiting;
    this.waiting = undefined;
    // An order's answer is only counted: a success is told by its first bytes, without building
    // the answer's text and objects (the load generator's garbage collections delay the answers
    // it reads, and its CPU is taken from the server's two cores). Anything else is parsed.
    let answer: Answer;
    try {
      answer =
        waiting?.whole === false &&
        end - headEnd - 4 >= OK_PREFIX.length &&
        this.buffer.compare(OK_PREFIX, 0, OK_PREFIX.length, headEnd + 4, headEnd + 4 + OK_PREFIX.length) === 0
          ? OK_ANSWER
          : (JSON.parse(this.buffer.toString('utf8', headEnd + 4, end)) as Answer);
    } catch (error) {
      this.buffer = this.buffer.subarray(end);
      waiting?.reject(error as Error);
      return;
    }
    this.buffer = this.buffer.subarray(end);
    waiting?.resolve(answer);
  }

  /**
   * A request whose bytes are built once (`requestBytes`); the answer's message is not read (a
   * success resolves to `OK_ANSWER`).
   */
  send(bytes: Buffer): Promise<Answer> {
    return new Promise<Answer>((resolve, reject) => {
      this.waiting = { resolve, reject, whole: false };
      this.socket.write(bytes);
    });
  }

  request(method: 'GET' | 'POST', url: string, body: unknown, token?: string): Promise<Answer> {
    return new Promise<Answer>((resolve, reject) => {
      this.waiting = { resolve, reject, whole: true };
      this.socket.write(requestBytes(method, url, body, token));
    });
  }

  close(): void {
    this.socket.destroy();
  }
}

/** `start`: when the request was sent (performance.now() of this process). */
type Recorder = (ms: number, answer: Answer, start: number) => void;

interface Node {
  child: ReturnType<typeof fork>;
  port: number;
  tokens: string[];
  price: string;
}

function startNode(args: string[], env: NodeJS.ProcessEnv, profileDir: string | undefined): Promise<Node> {
  const execArgv = [
    ...process.execArgv,
    // As the server is launched (scripts/start.mjs, server/package.json, server/Dockerfile).
    '--max-semi-space-size=64',
    ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
    ...(stringArgument('node-flags')?.split(/\s+/).filter(Boolean) ?? []),
  ];
  const child = fork(process.argv[1] as string, ['--child', ...args], { execArgv, stdio: 'inherit', env });
  return new Promise<Node>((resolve, reject) => {
    child.once('message', (m: ChildReady) =>
      m.type === 'ready'
        ? resolve({ child, port: m.port, tokens: m.tokens, price: m.price })
        : reject(new Error('unexpected message')),
    );
    child.once('exit', () => reject(new Error('server exited')));
  });
}

/** What a node has used so far: CPU time (user + system, µs, every thread), event-loop busy time, group commits (transactions, units, largest). */
interface Usage {
  micros: number;
  /** Time the main thread's event loop was busy (JS and the synchronous SQLite calls), µs. */
  loopMicros: number;
  /** CPU time of the main thread alone (Linux), µs. */
  mainMicros: number;
  /** Time the main thread (and all threads) waited for a core, µs (Linux schedstat). */
  mainWaitMicros: number;
  waitMicros: number;
  /** SQLite: time the write worker was busy (its SQLite transactions), µs; 0 without one. */
  workerMicros: number;
  /** SQLite: transactions the write worker committed. */
  offloaded: number;
  batches: number;
  units: number;
  largest: number;
  /** SQLite: the WAL file's largest size since the previous sample, bytes. */
  walMax: number;
  /** Garbage collection on the main thread: its time (µs), scavenges, major collections. */
  gcMicros: number;
  gcMinor: number;
  gcMajor: number;
}

function usageOf(node: Node): Promise<Usage> {
  return new Promise<Usage>((resolve) => {
    const listener = (m: { type: string } & Usage) => {
      if (m.type !== 'cpu') return;
      node.child.off('message', listener);
      resolve(m);
    };
    node.child.on('message', listener);
    node.child.send({ type: 'cpu' });
  });
}

/** CPU time (user + system, microseconds) a node's process has used so far. */
async function cpuOf(node: Node): Promise<number> {
  return (await usageOf(node)).micros;
}

/** Ends a node's timeline (`trace-start`) and gets it. */
function timelineOf(node: Node): Promise<TimelineMessage> {
  return new Promise<TimelineMessage>((resolve) => {
    const listener = (m: { type: string } & TimelineMessage) => {
      if (m.type !== 'timeline') return;
      node.child.off('message', listener);
      resolve(m);
    };
    node.child.on('message', listener);
    node.child.send({ type: 'trace-stop' });
  });
}

/** What the timeline's kinds are, as printed. */
const TRACE_KINDS: ReadonlyArray<[kind: string, label: string]> = [
  ['gc-major', 'major GC'],
  ['gc-minor', 'scavenge'],
  ['stall', 'event-loop stall (a 2 ms timer 7 ms or more late)'],
  ['main-turn', "main connection's turn (from asked to ended: offloaded batches wait)"],
  ['tape', 'tape batch recorded and told to the engines'],
  ['checkpoint', 'PASSIVE checkpoint (checkpointer thread)'],
  ['checkpoint-restart', 'RESTART checkpoint (the writer waits)'],
  ['checkpoint-flush', 'database file flushed before the write worker is asked (checkpointer thread)'],
  ['checkpoint-worker', 'PASSIVE checkpoint finished by the write worker between transactions'],
  ['record', 'offloaded batch recorded on the event loop'],
  ['worker-commit', 'offloaded batch on the write worker until its COMMIT is answered'],
  ['batch', 'group commit batch, start to answers'],
  ['client-gc', "the load generator's own GC (this process: it delays the answers it reads)"],
];

/**
 * The tail, lined up against the nodes' timelines: for the orders at or over p99, how many
 * overlapped each kind of event, against how many of all orders did (an event that explains the
 * tail overlaps far more of the slow orders than of all); each kind's count, total and longest;
 * the event loop's delay; the slowest orders and what overlapped them.
 */
function printTail(
  sent: readonly number[],
  took: readonly number[],
  p99: number,
  timelines: TimelineMessage[],
) {
  const events = timelines.flatMap((t) => t.events);
  const byKind = new Map<string, TimelineEvent[]>();
  for (const e of events) {
    const list = byKind.get(e[0]) ?? [];
    list.push(e);
    byKind.set(e[0], list);
  }
  // Per kind: events by start and the largest end so far, so "does [s, e] overlap one" is a binary search.
  const index = new Map<string, { starts: number[]; maxEnd: number[]; list: TimelineEvent[] }>();
  for (const [kind, list] of byKind) {
    list.sort((a, b) => a[1] - b[1]);
    const maxEnd: number[] = [];
    let m = -Infinity;
    for (const e of list) maxEnd.push((m = Math.max(m, e[2])));
    index.set(kind, { starts: list.map((e) => e[1]), maxEnd, list });
  }
  const lastBefore = (starts: readonly number[], t: number) => {
    let lo = 0;
    let hi = starts.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if ((starts[mid] as number) < t) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  };
  const overlaps = (kind: string, s: number, e: number) => {
    const k = index.get(kind);
    if (!k) return false;
    const i = lastBefore(k.starts, e);
    return i >= 0 && (k.maxEnd[i] as number) > s;
  };
  const slow: number[] = [];
  for (let i = 0; i < took.length; i += 1) if ((took[i] as number) >= p99) slow.push(i);
  const loop = timelines.map((t) => t.loop);
  console.log(
    `  tail: ${slow.length} orders at or over p99 (${p99.toFixed(2)} ms); event-loop delay mean ` +
      `${Math.max(...loop.map((l) => l.mean)).toFixed(2)} ms, p99 ${Math.max(...loop.map((l) => l.p99)).toFixed(1)} ms, ` +
      `max ${Math.max(...loop.map((l) => l.max)).toFixed(1)} ms`,
  );
  const share = (n: number, of: number) => `${((n * 100) / Math.max(1, of)).toFixed(0)}%`;
  for (const [kind, label] of TRACE_KINDS) {
    const list = byKind.get(kind) ?? [];
    if (list.length === 0) continue;
    const durations = list.map((e) => e[2] - e[1]);
    const total = durations.reduce((a, b) => a + b, 0);
    const longest = Math.max(...durations);
    let slowHit = 0;
    for (const i of slow)
      if (overlaps(kind, sent[i] as number, (sent[i] as number) + (took[i] as number))) slowHit += 1;
    let allHit = 0;
    for (let i = 0; i < took.length; i += 1)
      if (overlaps(kind, sent[i] as number, (sent[i] as number) + (took[i] as number))) allHit += 1;
    const details = list.map((e) => e[3]);
    console.log(
      `    ${label}: ${list.length}, ${total.toFixed(0)} ms in all, longest ${longest.toFixed(1)} ms` +
        `${kind.startsWith('gc') || kind === 'stall' ? '' : `, detail avg ${(details.reduce((a, b) => a + b, 0) / list.length).toFixed(1)} max ${Math.max(...details)}`}` +
        `; overlaps ${share(slowHit, slow.length)} of the tail orders, ${share(allHit, took.length)} of all`,
    );
  }
  // When the tail orders were sent: in how many 50 ms windows (a stall hits every user at once).
  const windows = new Set(slow.map((i) => Math.floor((sent[i] as number) / 50)));
  console.log(`    tail orders sent in ${windows.size} distinct 50 ms windows`);
  const slowest = [...slow].sort((a, b) => (took[b] as number) - (took[a] as number)).slice(0, 5);
  for (const i of slowest) {
    const s = sent[i] as number;
    const e = s + (took[i] as number);
    const what = [...index.entries()]
      .filter(([kind]) => kind !== 'batch' && kind !== 'record' && kind !== 'checkpoint')
      .flatMap(([kind, k]) =>
        k.list.filter((ev) => ev[1] < e && ev[2] > s).map((ev) => `${kind} ${(ev[2] - ev[1]).toFixed(1)}`),
      )
      .filter((x, j, all) => all.indexOf(x) === j)
      .slice(0, 8);
    console.log(`    ${(took[i] as number).toFixed(1)} ms: ${what.join(', ') || 'nothing traced'}`);
  }
}

function stopNode(node: Node, reconcile: boolean): Promise<number> {
  return new Promise<number>((resolve) => {
    node.child.on('message', (m: { type: string; mismatches: number }) => {
      if (m.type === 'reconcile') resolve(m.mismatches);
    });
    node.child.send({ type: 'stop', reconcile });
  });
}

/** `--pg` without a database: the same command again, under scripts/with-postgres.mjs. */
function rerunWithPostgres(): void {
  const script = path.resolve(__dirname, '../../scripts/with-postgres.mjs');
  const child = spawn(
    process.execPath,
    [script, process.execPath, ...process.execArgv, ...process.argv.slice(1)],
    { stdio: 'inherit' },
  );
  child.on('exit', (code) => process.exit(code ?? 1));
}

async function createDatabase(adminUrl: string): Promise<string> {
  const pg = (await import('pg')).default;
  const name = `bench_${crypto.randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

let idleCpuMsPerSecond = 0;

/** API node `i` listens on BENCH_PORT_BASE + i when it is set, else on a free port. */
function portOf(i: number): string[] {
  const base = Number(process.env.BENCH_PORT_BASE);
  return Number.isInteger(base) && base > 0 ? ['--port', String(base + i)] : [];
}

async function main(): Promise<void> {
  const users = numberArgument('users', 50);
  const seconds = numberArgument('seconds', 10);
  const onPostgres = process.argv.includes('--pg');
  const profileDir = stringArgument('profile');
  if (profileDir) fs.mkdirSync(profileDir, { recursive: true });
  const allocDir = stringArgument('alloc-profile');
  if (allocDir) {
    fs.mkdirSync(allocDir, { recursive: true });
    process.env.BENCH_ALLOC_DIR = path.resolve(allocDir);
    if (process.argv.includes('--retained')) process.env.BENCH_ALLOC_MODE = 'retained';
    else if (process.argv.includes('--promoted')) process.env.BENCH_ALLOC_MODE = 'promoted';
  }
  if (onPostgres && (!process.env.TEST_DATABASE_URL || !process.env.REDIS_URL)) return rerunWithPostgres();

  const nodes: Node[] = [];
  if (onPostgres) {
    const url = await createDatabase(process.env.TEST_DATABASE_URL as string);
    const env = { ...process.env, BENCH_DATABASE_URL: url };
    // The first node creates the users (and leads: it runs the feed and the trigger engines).
    nodes.push(await startNode(['--setup', String(users), ...portOf(0)], env, profileDir));
    nodes.push(await startNode(portOf(1), env, profileDir));
    console.log(
      `PostgreSQL (${url.replace(/\/\/[^@]*@/, '//')}), two API nodes, Redis ${process.env.REDIS_URL}`,
    );
  } else {
    nodes.push(await startNode(['--setup', String(users), ...portOf(0)], process.env, profileDir));
    console.log('SQLite (WAL, synchronous=NORMAL), one API node');
  }
  const tokens = nodes[0]?.tokens ?? [];
  const price = Number(nodes[0]?.price ?? '0');
  if (!(price > 0)) throw new Error('no BTC price');
  const limitBuy = String(Math.floor(price * 0.9));
  const limitSell = String(Math.ceil(price * 1.1));
  const connections = await Promise.all(
    tokens.map((_t, i) => Connection.open((nodes[i % nodes.length] as Node).port)),
  );
  console.log(
    `${users} users (one connection each, ${nodes.map((n) => `:${n.port}`).join(' and ')}), ${seconds} s a phase, APP_MODE=production`,
  );

  const readers = process.argv.includes('--readers') ? numberArgument('readers', 1) : 0;
  const readerConnections = await Promise.all(
    Array.from({ length: readers }, (_r, i) => Connection.open((nodes[i % nodes.length] as Node).port)),
  );
  if (readers > 0)
    console.log(`${readers} readers during the spot phase (pending spot buys and balances in turn)`);

  const phase = async (
    name: string,
    step: (c: Connection, token: string, i: number, record: Recorder) => Promise<void>,
    read?: (c: Connection, token: string, i: number, record: Recorder) => Promise<void>,
  ) => {
    const latencies: number[] = [];
    /** Each order's send time and latency, in the order they were answered (the tail's timeline). */
    const sent: number[] = [];
    const took: number[] = [];
    let errors = 0;
    const codes = new Map<string, number>();
    const record = (ms: number, answer: Answer, start: number) => {
      latencies.push(ms);
      sent.push(performance.timeOrigin + start);
      took.push(ms);
      if (answer.type !== 'ok') {
        errors += 1;
        const code = answer.code ?? answer.type;
        codes.set(code, (codes.get(code) ?? 0) + 1);
      }
    };
    const run = async (deadline: number, rec: Recorder) =>
      Promise.all(
        tokens.map(async (token, u) => {
          const c = connections[u] as Connection;
          let i = u;
          do {
            await step(c, token, i, rec);
            i += 1;
          } while (performance.now() < deadline);
        }),
      );
    // The readers (`--readers`): the same time as the orders, their latency apart.
    const reads: number[] = [];
    let readErrors = 0;
    const recordRead: Recorder = (ms, answer) => {
      reads.push(ms);
      if (answer.type !== 'ok') readErrors += 1;
    };
    const readLoop = async (deadline: number, rec: Recorder) =>
      read
        ? Promise.all(
            readerConnections.map(async (c, r) => {
              const token = tokens[r % tokens.length] as string;
              let i = r;
              do {
                await read(c, token, i, rec);
                i += 1;
              } while (performance.now() < deadline);
            }),
          )
        : undefined;
    // Warm-up: one second, not counted.
    const warmEnd = performance.now() + 1000;
    await Promise.all([run(warmEnd, () => undefined), readLoop(warmEnd, () => undefined)]);
    const before = await Promise.all(nodes.map(usageOf));
    for (const node of nodes) node.child.send({ type: 'trace-start' });
    // The load generator's own garbage collections: they delay the answers it reads, so they
    // are part of the measured latency without being the server's.
    const clientGc: TimelineEvent[] = [];
    const clientObserver = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const start = performance.timeOrigin + entry.startTime;
        clientGc.push(['client-gc', start, start + entry.duration, 0]);
      }
    });
    clientObserver.observe({ entryTypes: ['gc'] });
    const started = performance.now();
    const clientCpuBefore = process.cpuUsage();
    const end = started + seconds * 1000;
    await Promise.all([run(end, record), readLoop(end, recordRead)]);
    const elapsed = (performance.now() - started) / 1000;
    const clientCpu = process.cpuUsage(clientCpuBefore);
    clientObserver.disconnect();
    const timelines = await Promise.all(nodes.map(timelineOf));
    timelines.push({ type: 'timeline', events: clientGc, loop: { mean: 0, p99: 0, max: 0 } });
    const after = await Promise.all(nodes.map(usageOf));
    const delta = (
      field:
        | 'micros'
        | 'mainMicros'
        | 'mainWaitMicros'
        | 'waitMicros'
        | 'loopMicros'
        | 'workerMicros'
        | 'offloaded'
        | 'batches'
        | 'units'
        | 'gcMicros'
        | 'gcMinor'
        | 'gcMajor',
    ) => after.reduce((sum, a, i) => sum + a[field] - (before[i]?.[field] ?? 0), 0);
    const cpuMs = delta('micros') / 1000;
    const batches = delta('batches');
    latencies.sort((a, b) => a - b);
    const percentile = (list: readonly number[], p: number) =>
      list[Math.min(list.length - 1, Math.floor((p / 100) * list.length))] ?? 0;
    const pct = (p: number) => percentile(latencies, p);
    console.log(
      `${name}: ${latencies.length} orders in ${elapsed.toFixed(1)} s = ${Math.round(latencies.length / elapsed)} orders/s; ` +
        `latency p50 ${pct(50).toFixed(2)} ms, p95 ${pct(95).toFixed(2)} ms, p99 ${pct(99).toFixed(2)} ms, max ${pct(100).toFixed(1)} ms; ` +
        `errors ${errors}${codes.size ? ` (${[...codes].map(([c, n]) => `${c} ${n}`).join(', ')})` : ''}; ` +
        `server CPU ${Math.round(cpuMs)} ms = ${Math.round((cpuMs * 1000) / Math.max(1, latencies.length))} µs an order ` +
        `(${((cpuMs / 1000 / elapsed) * 100).toFixed(0)}% of one core), ` +
        `${Math.round(((cpuMs - idleCpuMsPerSecond * elapsed) * 1000) / Math.max(1, latencies.length))} µs without the idle work`,
    );
    console.log(
      `  server CPU of the main thread ${Math.round(delta('mainMicros') / Math.max(1, latencies.length))} µs an order, ` +
        `of its other threads (SQLite write worker, checkpointer, libuv) ${Math.round((delta('micros') - delta('mainMicros')) / Math.max(1, latencies.length))} µs an order; ` +
        `waited for a core: main thread ${Math.round(delta('mainWaitMicros') / Math.max(1, latencies.length))} µs an order, ` +
        `other threads ${Math.round((delta('waitMicros') - delta('mainWaitMicros')) / Math.max(1, latencies.length))} µs an order; ` +
        // The load generator shares the machine's cores with the server it measures.
        `the load generator (this process) ${Math.round((clientCpu.user + clientCpu.system) / Math.max(1, latencies.length))} µs an order`,
    );
    console.log(
      `  event loop busy ${Math.round(delta('loopMicros') / Math.max(1, latencies.length))} µs an order ` +
        `(${((delta('loopMicros') / 1e6 / elapsed / nodes.length) * 100).toFixed(0)}% of the time${nodes.length > 1 ? ', per node' : ''})` +
        (onPostgres
          ? ''
          : `; SQLite write worker busy ${Math.round(delta('workerMicros') / Math.max(1, latencies.length))} µs an order ` +
            `(${((delta('workerMicros') / 1e6 / elapsed) * 100).toFixed(0)}% of the time, ${delta('offloaded')} transactions)`),
    );
    const perThousand = (n: number) => ((n * 1000) / Math.max(1, latencies.length)).toFixed(2);
    console.log(
      `  garbage collection on the main thread ${Math.round(delta('gcMicros') / Math.max(1, latencies.length))} µs an order ` +
        `(${perThousand(delta('gcMinor'))} scavenges and ${perThousand(delta('gcMajor'))} major collections a 1000 orders)`,
    );
    console.log(
      `  group commits: ${batches} transactions of ${(delta('units') / Math.max(1, batches)).toFixed(1)} orders on average ` +
        `(largest ever ${Math.max(...after.map((a) => a.largest))}; ${nodes.length} node${nodes.length > 1 ? 's' : ''})`,
    );
    if (read) {
      reads.sort((a, b) => a - b);
      const rp = (p: number) => percentile(reads, p).toFixed(2);
      console.log(
        `  reads (${readers} readers): ${reads.length} in ${elapsed.toFixed(1)} s = ${Math.round(reads.length / elapsed)} reads/s; ` +
          `latency p50 ${rp(50)} ms, p95 ${rp(95)} ms, p99 ${rp(99)} ms, max ${percentile(reads, 100).toFixed(1)} ms; errors ${readErrors}`,
      );
    }
    if (!onPostgres)
      console.log(`  WAL file at most ${(Math.max(...after.map((a) => a.walMax)) / 2 ** 20).toFixed(1)} MB`);
    printTail(sent, took, pct(99), timelines);
  };

  const timed = async (record: Recorder, run: () => Promise<Answer>) => {
    const t = performance.now();
    const answer = await run();
    record(performance.now() - t, answer, t);
    return answer;
  };

  // The server's own background work (feed, candles, publishing) with no order: CPU a second.
  const idleStart = performance.now();
  const idleBefore = await Promise.all(nodes.map(cpuOf));
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const idleAfter = await Promise.all(nodes.map(cpuOf));
  idleCpuMsPerSecond =
    idleAfter.reduce((sum, after, i) => sum + after - (idleBefore[i] ?? 0), 0) /
    (performance.now() - idleStart);
  console.log(`server CPU with no orders: ${idleCpuMsPerSecond.toFixed(0)} ms a second`);

  const phases = (stringArgument('phases') ?? 'spot,lever').split(',');
  const first = nodes[0] as Node;
  if (phases.includes('engine') && !onPostgres) {
    const m = await new Promise<{ orders: number; elapsed: number } & Omit<Usage, 'largest'>>((resolve) => {
      const listener = (message: { type: string } & { orders: number; elapsed: number } & Usage) => {
        if (message.type !== 'engine') return;
        first.child.off('message', listener);
        resolve(message);
      };
      first.child.on('message', listener);
      first.child.send({ type: 'engine', seconds });
    });
    console.log(
      `spot engine, no HTTP (the same orders on a SpotEngine in the server process): ${m.orders} orders in ${m.elapsed.toFixed(1)} s = ` +
        `${Math.round(m.orders / m.elapsed)} orders/s; server CPU ${Math.round(m.micros / Math.max(1, m.orders))} µs an order ` +
        `(${Math.round((m.micros - idleCpuMsPerSecond * 1000 * m.elapsed) / Math.max(1, m.orders))} µs without the idle work), ` +
        `event loop busy ${Math.round(m.loopMicros / Math.max(1, m.orders))} µs an order; ` +
        `group commits of ${(m.units / Math.max(1, m.batches)).toFixed(1)} orders on average`,
    );
  }
  // Each user's four spot requests, built once: the same bytes every time.
  const spotRequests = new Map<string, Buffer[]>();
  const spotRequest = (token: string, kind: number): Buffer => {
    let built = spotRequests.get(token);
    if (!built) {
      built = [0, 1, 2, 3].map((k) =>
        requestBytes(
          'POST',
          `/api/transaction/${k % 2 === 0 ? 'in' : 'out'}`,
          k < 2
            ? { legal_id: 3, currency_id: 1, num: '0.001', mode: 1, trade_type: 1 }
            : { legal_id: 3, currency_id: 1, num: '0.001', mode: 2, price: k === 2 ? limitBuy : limitSell },
          token,
        ),
      );
      spotRequests.set(token, built);
    }
    return built[kind] as Buffer;
  };
  if (phases.includes('spot'))
    await phase(
      'spot orders (market buy, market sell, limit buy, limit sell of 0.001 BTC in turn)',
      async (c, token, i, record) => {
        await timed(record, () => c.send(spotRequest(token, i % 4)));
      },
      readers > 0
        ? async (c, token, i, record) => {
            await timed(record, () =>
              i % 2 === 0
                ? c.request('POST', '/api/transaction_in', { currency_id: 1, limit: 10 }, token)
                : c.request('POST', '/api/wallet/list', undefined, token),
            );
          }
        : undefined,
    );
  if (phases.includes('lever'))
    await phase(
      'lever orders (market open 1 hand, then close: each call counted)',
      async (c, token, i, record) => {
        const opened = await timed(record, () =>
          c.request(
            'POST',
            '/api/lever/submit',
            { legal_id: 3, currency_id: 1, multiple: 100, share: 1, type: i % 2 === 0 ? 1 : 2, status: 1 },
            token,
          ),
        );
        const id = (opened.message as { id?: number } | null)?.id;
        if (id !== undefined) await timed(record, () => c.request('POST', '/api/lever/close', { id }, token));
      },
    );

  for (const c of [...connections, ...readerConnections]) c.close();
  // The second node first; the first one reconciles the whole database once both are idle.
  for (const node of nodes.slice(1)) await stopNode(node, false);
  const mismatches = await stopNode(nodes[0] as Node, true);
  console.log(`reconcile after the run: ${mismatches === 0 ? 'ok' : `${mismatches} mismatches`}`);
}

if (process.argv.includes('--child')) void serve();
else
  void main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
