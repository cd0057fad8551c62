/**
 * Work that runs on the engine node only (one node of a cluster at a time; the single process
 * on SQLite): the market feed, the trigger engines, the timers and sweepers. Each job is added
 * once, at build time, with a start and a stop; the leadership (leader.ts) switches the whole set
 * on (start in the order added) and off (stop in reverse). Switches are serialized: a start never
 * overlaps the stop before it. A job added while the set is on starts at once.
 */
export interface EngineJob {
  /** Begins the work: loads what is pending from the database, subscribes, starts timers. */
  start(): unknown;
  /** Ends it: clears timers, unsubscribes, forgets in-memory state (the next start reloads it). */
  stop(): unknown;
}

export interface JobLog {
  error(details: { err: unknown; job: string }, message: string): void;
  info(message: string): void;
}

export class EngineJobs {
  private readonly jobs: Array<{ name: string; job: EngineJob }> = [];
  private readonly started = new Set<string>();
  private active = false;
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly log?: JobLog) {}

  /** Whether this node runs the engine jobs now. */
  get running(): boolean {
    return this.active;
  }

  get names(): string[] {
    return this.jobs.map((entry) => entry.name);
  }

  add(name: string, job: EngineJob): void {
    if (this.jobs.some((entry) => entry.name === name)) throw new Error(`EngineJobs: "${name}" added twice`);
    const entry = { name, job };
    this.jobs.push(entry);
    if (this.active) void this.enqueue(() => this.startOne(entry));
  }

  /** Switches every job on (true) or off (false); resolves when this switch is done. */
  setActive(active: boolean): Promise<void> {
    if (this.active === active) return this.queue;
    this.active = active;
    return this.enqueue(async () => {
      if (active) {
        this.log?.info(`engine jobs: starting ${this.jobs.length}`);
        for (const entry of this.jobs) await this.startOne(entry);
      } else {
        this.log?.info('engine jobs: stopping');
        for (const entry of [...this.jobs].reverse()) await this.stopOne(entry);
      }
    });
  }

  /** Resolves when every switch asked for so far is done. */
  settled(): Promise<void> {
    return this.queue;
  }

  private enqueue(step: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(step, step);
    return this.queue;
  }

  private async startOne(entry: { name: string; job: EngineJob }): Promise<void> {
    if (!this.active || this.started.has(entry.name)) return;
    try {
      await entry.job.start();
      this.started.add(entry.name);
    } catch (error) {
      this.log?.error({ err: error, job: entry.name }, 'engine job failed to start');
    }
  }

  private async stopOne(entry: { name: string; job: EngineJob }): Promise<void> {
    if (!this.started.delete(entry.name)) return;
    try {
      await entry.job.stop();
    } catch (error) {
      this.log?.error({ err: error, job: entry.name }, 'engine job failed to stop');
    }
  }
}
