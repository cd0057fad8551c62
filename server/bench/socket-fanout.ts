/**
 * Socket fan-out benchmark (not a test). Starts the API server(s) in child processes on loopback,
 * connects N websocket clients from separate worker processes, each subscribed to market_depth and
 * daymarket without a filter (every instrument), and reports, over a measured window: the server
 * CPU per node (from /proc/<pid>/stat of the server processes, never the bench's own), messages
 * delivered per second, delivery latency p50/p99 (publish call on the engine node -> frame read by
 * a client) and the frames each client missed. Stops by itself.
 *
 *   pnpm --filter server exec tsx bench/socket-fanout.ts --clients 1000 --seconds 10     (npm run bench:server)
 *   pnpm --filter server exec tsx bench/socket-fanout.ts --nodes 2 --clients 10000       (PostgreSQL + Redis)
 *
 * Options: --clients N (1000), --seconds S (10), --warmup S (3), --publish-ms <ms> (250: the
 * server's MARKET_PUBLISH_MS), --nodes 1|2 (2: two API nodes on PostgreSQL + Redis, the streams
 * adapter; the market feed runs on the engine node only and frames reach the other through Redis;
 * without TEST_DATABASE_URL/DATABASE_URL and REDIS_URL the bench re-runs itself under
 * scripts/with-postgres.mjs), --workers W (client processes; default 1 per 2,500 clients, at least
 * 2), --probes P (clients whose every frame is timed for latency, 60), --at <ISO time> (server
 * clock starts there, e.g. a weekday so metals and futures trade too), --cpu-prof <dir> (V8 CPU
 * profile of each server process).
 *
 * How it counts: once every client is subscribed and warmed up, the engine node publishes a
 * window marker on daymarket (`{"bench":"open"}`, bench only), records every market_depth and
 * daymarket publication with its time for S seconds, then publishes `{"bench":"close"}`. Socket.io
 * keeps order per socket (also through Redis), so each client counts exactly the frames published
 * between the two markers: expected frames per client = the publications in the window (every
 * client subscribes to everything), missed = expected - received; a client that has not read the
 * close marker 30 s after the window counts as missing the rest (backlog). Server CPU is taken over
 * the same window. The clients speak the engine.io/socket.io wire protocol over a minimal websocket
 * client (no JSON parsing, markers told by their length) so that they cost little CPU; they still
 * share the machine's cores with the servers (and with anything else running).
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const CHANNELS = ['market_depth', 'daymarket'] as const;
type BenchChannel = (typeof CHANNELS)[number];

function argument(name: string, fallback?: string): string | undefined {
  const index = process.argv.lastIndexOf(`--${name}`); // the last wins (npm run bench:server -- --clients N)
  if (index === -1) return fallback;
  return process.argv[index + 1];
}

function numberArgument(name: string, fallback: number, min: number, max: number): number {
  const raw = argument(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new Error(`--${name} must be a number between ${min} and ${max}`);
  }
  return value;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Wall-clock milliseconds with sub-millisecond precision, comparable between processes. */
const wallNow = () => performance.timeOrigin + performance.now();
const frameHash = (data: string | Buffer) => crypto.createHash('sha1').update(data).digest('base64');

// ---- messages between the processes -------------------------------------------------------------

type ServerRequest = { type: 'window'; open: boolean } | { type: 'report' } | { type: 'stop' };
type ServerReply =
  | { type: 'ready'; port: number; engine: boolean }
  | { type: 'window' }
  | {
      type: 'report';
      /** Publications per channel while recording (all channels, bench ones or not). */
      published: Record<string, number>;
      /** [frame hash, publish time] of every market_depth/daymarket publication while recording. */
      frames: Array<[string, number]>;
      engine: boolean;
    };

interface WorkerTarget {
  host: string;
  port: number;
}
type WorkerRequest =
  | { type: 'connect'; targets: WorkerTarget[]; first: number; count: number; probeEvery: number }
  | { type: 'total' }
  | { type: 'report' };
type WorkerReply =
  | { type: 'connected'; ok: number; failed: number; error?: string }
  /** Clients that read the window's open marker, its close marker, and lost their connection. */
  | { type: 'total'; opened: number; done: number; closed: number }
  | {
      type: 'report';
      /** Frames received per client, per channel. */
      counts: Record<BenchChannel, number[]>;
      /** [frame hash, receive time, node index] of every frame a probe client received. */
      probes: Array<[string, number, number]>;
      closed: number;
    };

function request<R extends { type: string }>(
  child: ChildProcess,
  message: ServerRequest | WorkerRequest,
): Promise<R> {
  return new Promise((resolve, reject) => {
    const onMessage = (reply: R) => {
      if (reply.type !== message.type && !(message.type === 'connect' && reply.type === 'connected')) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(reply);
    };
    const onExit = (code: number | null) => reject(new Error(`process ${child.pid} exited (${code})`));
    child.on('message', onMessage);
    child.once('exit', onExit);
    child.send(message);
  });
}

// ---- child: one API server ------------------------------------------------------------------------

async function serve(): Promise<void> {
  const { buildApp } = await import('../src/app');
  const { loadConfig } = await import('../src/core/config');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanout-bench-'));
  const config = loadConfig({
    APP_MODE: 'test',
    LOG_LEVEL: 'silent',
    DB_FILE: path.join(dir, 'app.db'),
    MARKET_BACKFILL: 'small',
    MARKET_FEED: 'simulated',
    MARKET_PUBLISH_MS: process.env.MARKET_PUBLISH_MS ?? '250',
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
    ...(process.env.BENCH_REDIS_URL
      ? { REDIS_URL: process.env.BENCH_REDIS_URL, REDIS_PREFIX: process.env.BENCH_REDIS_PREFIX ?? 'fanout' }
      : {}),
  });
  const offset = Number(process.env.BENCH_CLOCK_OFFSET_MS ?? '0');
  const server = await buildApp(config, { clock: { now: () => Date.now() + offset } });

  // The record around hub.publish (the market engine calls it through the same object).
  let recording = false;
  let published: Record<string, number> = {};
  let frames: Array<[string, number, unknown]> = [];
  const publish = server.hub.publish.bind(server.hub);
  server.hub.publish = (channel, filter, payload) => {
    if (recording) {
      published[channel] = (published[channel] ?? 0) + 1;
      // Hashed after the window: only the time and the payload's reference are kept now.
      if ((CHANNELS as readonly string[]).includes(channel)) frames.push([channel, wallNow(), payload]);
    }
    publish(channel, filter, payload);
  };

  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as AddressInfo;
  const stop = async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('message', (message: ServerRequest) => {
    if (message.type === 'window') {
      // Between two publisher ticks: the open marker, then the record; the record stops, then the close marker.
      const engine = server.cluster.jobs.running;
      if (message.open) {
        published = {};
        frames = [];
        if (engine) publish('daymarket', {}, { bench: 'open' });
        recording = true;
      } else {
        recording = false;
        if (engine) publish('daymarket', {}, { bench: 'close' });
      }
      process.send?.({ type: 'window' } satisfies ServerReply);
    } else if (message.type === 'report') {
      process.send?.({
        type: 'report',
        published,
        // The frame socket.io writes: engine.io "4" (message) + socket.io "2" (event) + JSON.
        frames: frames.map(([channel, time, payload]) => [
          frameHash(`42${JSON.stringify([channel, payload])}`),
          time,
        ]),
        engine: server.cluster.jobs.running,
      } satisfies ServerReply);
    } else if (message.type === 'stop') void stop();
  });
  process.on('disconnect', () => void stop());
  process.send?.({ type: 'ready', port, engine: server.cluster.jobs.running } satisfies ServerReply);
}

// ---- child: a process of websocket clients --------------------------------------------------------

/**
 * One socket.io client over a bare websocket (RFC 6455): the upgrade, frame parsing, masked sends.
 * It answers engine.io pings, connects the main namespace, subscribes to both channels and counts
 * the events by their first bytes (`42["market_depth",...` / `42["daymarket",...`).
 */
class BareClient {
  readonly counts: Record<BenchChannel, number> = { market_depth: 0, daymarket: 0 };
  /** 0 before the window's open marker, 1 inside the window, 2 after its close marker. */
  phase: 0 | 1 | 2 = 0;
  closed = false;
  private socket: net.Socket;
  private pending: Buffer | undefined;
  private upgraded = false;
  private acks = 0;

  constructor(
    target: WorkerTarget,
    private readonly onReady: (error?: Error) => void,
    private readonly onFrame: (client: BareClient, channel: BenchChannel, payload: Buffer) => void,
  ) {
    this.socket = net.connect(target.port, target.host);
    this.socket.setNoDelay(true);
    this.socket.on('connect', () => {
      const key = crypto.randomBytes(16).toString('base64');
      this.socket.write(
        `GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: ${target.host}:${target.port}\r\n` +
          `Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
    });
    this.socket.on('data', (chunk: Buffer) => this.onData(chunk));
    this.socket.on('error', (error) => {
      if (!this.upgraded || this.acks < 2) this.onReady(error);
    });
    this.socket.on('close', () => {
      this.closed = true;
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private onData(chunk: Buffer): void {
    let buffer = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = undefined;
    if (!this.upgraded) {
      const end = buffer.indexOf('\r\n\r\n');
      if (end === -1) {
        this.pending = buffer;
        return;
      }
      const head = buffer.subarray(0, end).toString('latin1');
      if (!head.startsWith('HTTP/1.1 101')) {
        this.onReady(new Error(`upgrade refused: ${head.split('\r\n')[0] ?? ''}`));
        this.socket.destroy();
        return;
      }
      this.upgraded = true;
      buffer = buffer.subarray(end + 4);
    }
    let offset = 0;
    while (buffer.length - offset >= 2) {
      const opcode = (buffer[offset] ?? 0) & 0x0f;
      let length = (buffer[offset + 1] ?? 0) & 0x7f;
      let start = offset + 2;
      if (length === 126) {
        if (buffer.length - offset < 4) break;
        length = buffer.readUInt16BE(offset + 2);
        start = offset + 4;
      } else if (length === 127) {
        if (buffer.length - offset < 10) break;
        length = Number(buffer.readBigUInt64BE(offset + 2));
        start = offset + 10;
      }
      if (buffer.length < start + length) break;
      this.onMessage(opcode, buffer.subarray(start, start + length));
      offset = start + length;
    }
    if (offset < buffer.length) this.pending = Buffer.from(buffer.subarray(offset));
  }

  private onMessage(opcode: number, payload: Buffer): void {
    if (opcode === 0x8) {
      this.socket.destroy();
      return;
    }
    if (opcode === 0x9) {
      this.send(payload, 0xa);
      return;
    }
    if (opcode !== 0x1) return;
    const type = payload[0];
    if (type === 0x34 /* 4: message */) {
      const kind = payload[1];
      if (kind === 0x32 /* 2: event */) {
        // 42["market_depth",... or 42["daymarket",...
        const first = payload[4];
        const channel = first === 0x6d ? 'market_depth' : first === 0x64 ? 'daymarket' : undefined;
        if (channel) this.onFrame(this, channel, payload);
      } else if (kind === 0x30 /* 0: connect */) {
        this.send(Buffer.from('420["sub",{"channel":"market_depth"}]'));
        this.send(Buffer.from('421["sub",{"channel":"daymarket"}]'));
      } else if (kind === 0x33 /* 3: ack */) {
        if (!payload.includes('"ok":true')) {
          this.onReady(new Error(`subscription refused: ${payload.toString()}`));
          return;
        }
        this.acks += 1;
        if (this.acks === 2) this.onReady();
      }
    } else if (type === 0x30 /* 0: open */) {
      this.send(Buffer.from('40'));
    } else if (type === 0x32 /* 2: ping */) {
      this.send(Buffer.from('3'));
    }
  }

  /** A masked frame (clients must mask). */
  private send(data: Buffer, opcode = 0x1): void {
    if (data.length > 125) throw new Error('bench client frames are short');
    const frame = Buffer.alloc(6 + data.length);
    frame[0] = 0x80 | opcode;
    frame[1] = 0x80 | data.length;
    const mask = crypto.randomBytes(4);
    mask.copy(frame, 2);
    for (let i = 0; i < data.length; i += 1) frame[6 + i] = (data[i] ?? 0) ^ (mask[i % 4] ?? 0);
    this.socket.write(frame);
  }
}

function clientWorker(): void {
  let clients: BareClient[] = [];
  let probeEvery = 0;
  let first = 0;
  /** Probe clients and the node each is connected to. */
  const probeSet = new Map<BareClient, number>();
  const probes: Array<[string, number, number]> = [];
  const onFrame = (client: BareClient, channel: BenchChannel, payload: Buffer) => {
    // The window markers are the only short daymarket frames (42["daymarket",{"bench":"open"}]).
    if (channel === 'daymarket' && payload.length <= 40) {
      const text = payload.toString();
      if (text.includes('"bench":"open"')) client.phase = 1;
      else if (text.includes('"bench":"close"')) client.phase = 2;
      return;
    }
    if (client.phase !== 1) return;
    client.counts[channel] += 1;
    const node = probeSet.get(client);
    if (node !== undefined) probes.push([frameHash(payload), wallNow(), node]);
  };
  const reply = (message: WorkerReply) => process.send?.(message);

  process.on('message', (message: WorkerRequest) => {
    if (message.type === 'connect') {
      probeEvery = message.probeEvery;
      first = message.first;
      void (async () => {
        let ok = 0;
        let failed = 0;
        let lastError: string | undefined;
        const batch = 100;
        for (let i = 0; i < message.count; i += batch) {
          const size = Math.min(batch, message.count - i);
          await Promise.all(
            Array.from(
              { length: size },
              (_, j) =>
                new Promise<void>((resolve) => {
                  const index = first + i + j;
                  const target = message.targets[index % message.targets.length];
                  if (!target) throw new Error('no target');
                  let settled = false;
                  const client = new BareClient(
                    target,
                    (error) => {
                      if (settled) return;
                      settled = true;
                      if (error) {
                        failed += 1;
                        lastError = error.message;
                      } else ok += 1;
                      resolve();
                    },
                    onFrame,
                  );
                  clients.push(client);
                  if (probeEvery > 0 && index % probeEvery === 0)
                    probeSet.set(client, index % message.targets.length);
                }),
            ),
          );
        }
        reply({ type: 'connected', ok, failed, ...(lastError ? { error: lastError } : {}) });
      })();
    } else if (message.type === 'total') {
      let opened = 0;
      let done = 0;
      let closed = 0;
      for (const client of clients) {
        if (client.phase >= 1) opened += 1;
        if (client.phase === 2) done += 1;
        if (client.closed) closed += 1;
      }
      reply({ type: 'total', opened, done, closed });
    } else if (message.type === 'report') {
      reply({
        type: 'report',
        counts: {
          market_depth: clients.map((c) => c.counts.market_depth),
          daymarket: clients.map((c) => c.counts.daymarket),
        },
        probes,
        closed: clients.filter((c) => c.closed).length,
      });
      for (const client of clients) client.close();
      clients = [];
    }
  });
}

// ---- parent -------------------------------------------------------------------------------------

/** CPU seconds (user + system) of a process, from /proc (Linux). */
function procCpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // utime + stime, in clock ticks (1/100 s)
  return ticks / 100;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function main(): Promise<void> {
  const clients = Math.round(numberArgument('clients', 1000, 1, 20000));
  const seconds = numberArgument('seconds', 10, 1, 600);
  const warmup = numberArgument('warmup', 3, 0, 60);
  const publishMs = numberArgument('publish-ms', 250, 250, 1000);
  const nodes = Math.round(numberArgument('nodes', 1, 1, 2));
  const workers = Math.round(numberArgument('workers', Math.max(2, Math.ceil(clients / 2500)), 1, 16));
  const probeCount = Math.round(numberArgument('probes', 60, 0, 1000));
  const cpuProf = argument('cpu-prof');
  const at = argument('at');
  const offset = at === undefined ? 0 : Date.parse(at) - Date.now();
  if (Number.isNaN(offset)) throw new Error('--at must be an ISO time, e.g. 2025-01-15T12:00:00Z');

  let databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
  const redisUrl = process.env.REDIS_URL?.trim() || undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (nodes === 2) {
    if (!(databaseUrl || process.env.TEST_DATABASE_URL) || !redisUrl) {
      // Throwaway PostgreSQL and Redis around this same command.
      const script = path.resolve(__dirname, '../../scripts/with-postgres.mjs');
      process.stdout.write(
        'no DATABASE_URL/TEST_DATABASE_URL and REDIS_URL: running under scripts/with-postgres.mjs\n',
      );
      const wrapped = spawn(
        process.execPath,
        [script, process.execPath, ...process.execArgv, ...process.argv.slice(1)],
        {
          stdio: 'inherit',
        },
      );
      const code = await new Promise<number>((resolve) => wrapped.once('exit', (c) => resolve(c ?? 1)));
      process.exit(code);
    }
    if (!databaseUrl) {
      const { testDatabase } = await import('../src/testing/harness');
      const database = await testDatabase({});
      if (!database) throw new Error('could not create a database on TEST_DATABASE_URL');
      databaseUrl = database.url;
      dropDatabase = () => database.drop();
    }
  }

  // Whatever happens, stop: window + warm-up + start-up, connections (50 ms each, generous) and shutdown.
  const deadline = setTimeout(
    () => {
      process.stderr.write('benchmark: hard time limit reached, exiting\n');
      process.exit(2);
    },
    (seconds + warmup + 240 + clients / 20) * 1000,
  );
  deadline.unref();

  const children: ChildProcess[] = [];
  const stopAll = () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  };
  process.once('exit', stopAll);

  // The servers, one after the other (the first migrates the database and becomes the engine node).
  const servers: Array<{ child: ChildProcess; port: number; engine: boolean }> = [];
  const prefix = `fanout${crypto.randomBytes(3).toString('hex')}`;
  for (let n = 0; n < nodes; n += 1) {
    const child = fork(__filename, ['--serve'], {
      env: {
        ...process.env,
        MARKET_PUBLISH_MS: String(publishMs),
        BENCH_CLOCK_OFFSET_MS: String(offset),
        ...(nodes === 2
          ? { BENCH_DATABASE_URL: databaseUrl, BENCH_REDIS_URL: redisUrl, BENCH_REDIS_PREFIX: prefix }
          : {}),
      },
      execArgv: [
        ...process.execArgv,
        ...(cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(cpuProf)}`] : []),
      ],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.push(child);
    const ready = await new Promise<{ port: number; engine: boolean }>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`server exited early (${code})`)));
      child.on('message', (message: ServerReply) => {
        if (message.type === 'ready') resolve({ port: message.port, engine: message.engine });
      });
    });
    servers.push({ child, ...ready });
  }
  process.stdout.write(
    `${servers
      .map(
        (s, n) => `node ${n + 1}: 127.0.0.1:${s.port}, pid ${s.child.pid}${s.engine ? ' (engine node)' : ''}`,
      )
      .join('\n')}\n`,
  );

  // The clients, in worker processes, spread over the nodes (client i -> node i mod nodes).
  const targets = servers.map((s) => ({ host: '127.0.0.1', port: s.port }));
  const pool: ChildProcess[] = [];
  const perWorker = Math.ceil(clients / workers);
  let probeEvery = probeCount > 0 ? Math.max(1, Math.floor(clients / probeCount)) : 0;
  // Client i goes to node i mod nodes: a step that is a multiple of the nodes would probe one node only.
  if (probeEvery > 1 && probeEvery % servers.length === 0) probeEvery += 1;
  const connecting: Array<Promise<WorkerReply>> = [];
  for (let w = 0; w < workers; w += 1) {
    const count = Math.min(perWorker, clients - w * perWorker);
    if (count <= 0) break;
    const child = fork(__filename, ['--clients-worker'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    children.push(child);
    pool.push(child);
    connecting.push(
      request(child, {
        type: 'connect',
        targets,
        first: w * perWorker,
        count,
        probeEvery,
      } satisfies WorkerRequest),
    );
  }
  process.stdout.write(`connecting ${clients} clients from ${pool.length} worker processes\n`);
  const connectStarted = performance.now();
  const connected = (await Promise.all(connecting)) as Array<Extract<WorkerReply, { type: 'connected' }>>;
  const ok = connected.reduce((a, c) => a + c.ok, 0);
  const failed = connected.reduce((a, c) => a + c.failed, 0);
  process.stdout.write(
    `connected and subscribed: ${ok} in ${((performance.now() - connectStarted) / 1000).toFixed(1)} s` +
      `${failed ? `; ${failed} failed (${connected.find((c) => c.error)?.error ?? ''})` : ''}\n` +
      `warm-up ${warmup} s, measuring ${seconds} s\n`,
  );
  await sleep(warmup * 1000);

  const toServers = (message: ServerRequest) => Promise.all(servers.map((s) => request(s.child, message)));
  const toWorkers = <R extends WorkerReply>(message: WorkerRequest) =>
    Promise.all(pool.map((child) => request<R>(child, message)));
  /** Waits until every client read the window's close marker (or lost its connection), at most `max` ms. */
  const drain = async (max: number) => {
    const from = performance.now();
    for (;;) {
      const totals = await toWorkers<Extract<WorkerReply, { type: 'total' }>>({ type: 'total' });
      const done = totals.reduce((a, t) => a + t.done + t.closed, 0);
      const opened = totals.reduce((a, t) => a + t.opened, 0);
      const waited = performance.now() - from;
      if (done >= clients || waited > max) return { waited, done, opened };
      await sleep(200);
    }
  };

  const serverPids = servers.map((s) => s.child.pid ?? 0);
  const workerPids = pool.map((c) => c.pid ?? 0);
  const cpuBefore = [...serverPids, ...workerPids].map(procCpuSeconds);
  const parentBefore = process.cpuUsage();
  const loadBefore = os.loadavg()[0] ?? 0;
  const started = performance.now();
  await toServers({ type: 'window', open: true });
  await sleep(seconds * 1000);
  await toServers({ type: 'window', open: false });
  const elapsed = (performance.now() - started) / 1000;
  const cpuAfter = [...serverPids, ...workerPids].map(procCpuSeconds);
  const parentCpu = process.cpuUsage(parentBefore);
  const loadAfter = os.loadavg()[0] ?? 0;
  const drained = await drain(30_000);

  const serverReports = (await toServers({ type: 'report' })) as Array<
    Extract<ServerReply, { type: 'report' }>
  >;
  const workerReports = await toWorkers<Extract<WorkerReply, { type: 'report' }>>({ type: 'report' });

  // Publications in the window (market frames come from the engine node only).
  const published: Record<string, number> = {};
  const publishTimes = new Map<string, number[]>();
  for (const report of serverReports) {
    for (const [channel, n] of Object.entries(report.published))
      published[channel] = (published[channel] ?? 0) + n;
    for (const [hash, time] of report.frames) {
      const list = publishTimes.get(hash) ?? [];
      list.push(time);
      publishTimes.set(hash, list);
    }
  }
  for (const list of publishTimes.values()) list.sort((a, b) => a - b);
  const expected = {
    market_depth: published.market_depth ?? 0,
    daymarket: published.daymarket ?? 0,
  };
  const expectedPerClient = expected.market_depth + expected.daymarket;

  // Deliveries and misses per node (client i went to node i mod nodes).
  const perNode = servers.map(() => ({ clients: 0, delivered: 0, missed: 0, extra: 0, clientsMissing: 0 }));
  const perChannel = { market_depth: 0, daymarket: 0 };
  let index = 0;
  for (const report of workerReports) {
    const n = report.counts.market_depth.length;
    for (let i = 0; i < n; i += 1) {
      const node = perNode[(index + i) % servers.length];
      if (!node) continue;
      const depth = report.counts.market_depth[i] ?? 0;
      const day = report.counts.daymarket[i] ?? 0;
      perChannel.market_depth += depth;
      perChannel.daymarket += day;
      node.clients += 1;
      node.delivered += depth + day;
      const missed = Math.max(0, expected.market_depth - depth) + Math.max(0, expected.daymarket - day);
      node.missed += missed;
      node.extra += Math.max(0, depth - expected.market_depth) + Math.max(0, day - expected.daymarket);
      if (missed > 0) node.clientsMissing += 1;
    }
    index += n;
  }

  // Latency of the probe clients' frames: receive time - the latest publication of that frame before it.
  const latencies: number[] = [];
  const nodeLatencies = servers.map((): number[] => []);
  let unmatched = 0;
  for (const report of workerReports) {
    for (const [hash, received, node] of report.probes) {
      const times = publishTimes.get(hash);
      let best: number | undefined;
      for (const t of times ?? []) if (t <= received + 1) best = t;
      if (best === undefined) unmatched += 1;
      else {
        latencies.push(Math.max(0, received - best));
        nodeLatencies[node]?.push(Math.max(0, received - best));
      }
    }
  }
  latencies.sort((a, b) => a - b);
  for (const list of nodeLatencies) list.sort((a, b) => a - b);

  const cpuPercent = (i: number) => (((cpuAfter[i] ?? 0) - (cpuBefore[i] ?? 0)) / elapsed) * 100;
  const totalDelivered = perChannel.market_depth + perChannel.daymarket;
  const totalExpected = expectedPerClient * clients;
  const totalMissed = perNode.reduce((a, n) => a + n.missed, 0);
  const totalExtra = perNode.reduce((a, n) => a + n.extra, 0);
  const lines = [
    `clients                 ${clients} (${ok} subscribed) over ${servers.length} node(s), ${pool.length} client processes`,
    `window                  ${elapsed.toFixed(1)} s, publish interval ${publishMs} ms${at ? `, server clock from ${at}` : ''}`,
    `published (engine)      market_depth ${expected.market_depth}, daymarket ${expected.daymarket} frames (${(expectedPerClient / elapsed).toFixed(0)}/s per client)` +
      `; other channels: ${
        Object.entries(published)
          .filter(([c]) => !(CHANNELS as readonly string[]).includes(c))
          .map(([c, n]) => `${c} ${n}`)
          .join(', ') || 'none'
      }`,
    `delivered messages      ${totalDelivered} (${(totalDelivered / elapsed).toFixed(0)} msg/s: market_depth ${(perChannel.market_depth / elapsed).toFixed(0)}, daymarket ${(perChannel.daymarket / elapsed).toFixed(0)})`,
    `missed frames           ${totalMissed} of ${totalExpected} (${((100 * totalMissed) / Math.max(1, totalExpected)).toFixed(2)} %); clients that missed any: ${perNode.reduce((a, n) => a + n.clientsMissing, 0)}${totalExtra ? `; ${totalExtra} unexpected extra frames` : ''}`,
    `delivery latency        p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${(latencies[latencies.length - 1] ?? Number.NaN).toFixed(1)} ms (${latencies.length} frames of ${probeCount} probe clients${unmatched ? `, ${unmatched} unmatched` : ''})`,
    ...servers.map((s, n) => {
      const node = perNode[n];
      return (
        `node ${n + 1}${s.engine ? ' (engine)' : '         '}       server CPU ${cpuPercent(n).toFixed(1)} % of one core (${((((cpuAfter[n] ?? 0) - (cpuBefore[n] ?? 0)) * 1e6) / Math.max(1, node?.delivered ?? 0)).toFixed(2)} µs per delivered frame); ` +
        `${node?.clients ?? 0} clients, ${((node?.delivered ?? 0) / elapsed).toFixed(0)} msg/s delivered, ${node?.missed ?? 0} missed; ` +
        `latency p50 ${percentile(nodeLatencies[n] ?? [], 50).toFixed(1)} ms, p99 ${percentile(nodeLatencies[n] ?? [], 99).toFixed(1)} ms`
      );
    }),
    `client processes CPU    ${workerPids.map((_, w) => `${cpuPercent(servers.length + w).toFixed(1)} %`).join(', ')} (bench parent ${(((parentCpu.user + parentCpu.system) / 1e6 / elapsed) * 100).toFixed(1)} %)`,
    `machine                 ${os.cpus().length} cores shared by servers and clients; load average ${loadBefore.toFixed(1)} -> ${loadAfter.toFixed(1)}`,
    `after the window        ${drained.done} of ${clients} clients read the close marker within ${(drained.waited / 1000).toFixed(1)} s` +
      `${drained.opened < clients ? `; ${clients - drained.opened} never read the open marker` : ''}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);

  for (const s of servers) s.child.send({ type: 'stop' } satisfies ServerRequest);
  await Promise.race([
    Promise.all(
      servers.map(
        (s) =>
          new Promise((resolve) =>
            s.child.exitCode !== null ? resolve(null) : s.child.once('exit', resolve),
          ),
      ),
    ),
    sleep(10_000),
  ]);
  for (const child of pool) child.kill('SIGTERM');
  stopAll();
  await dropDatabase?.();
  clearTimeout(deadline);
}

if (process.argv.includes('--serve')) {
  serve().catch((error: unknown) => {
    process.stderr.write(`bench server failed: ${String(error)}\n`);
    process.exit(1);
  });
} else if (process.argv.includes('--clients-worker')) {
  clientWorker();
} else {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`benchmark failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
