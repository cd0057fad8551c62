import { memoryNetwork } from './bus';
import { EngineJobs } from './jobs';
import { tickRelay } from './relay';

function recorder() {
  const events: string[] = [];
  const job = (name: string, delayMs = 0) => ({
    async start() {
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      events.push(`start ${name}`);
    },
    stop() {
      events.push(`stop ${name}`);
    },
  });
  return { events, job };
}

describe('EngineJobs', () => {
  it('starts in the order added and stops in reverse', async () => {
    const { events, job } = recorder();
    const jobs = new EngineJobs();
    jobs.add('feed', job('feed', 10));
    jobs.add('triggers', job('triggers'));
    await jobs.setActive(true);
    expect(jobs.running).toBe(true);
    await jobs.setActive(false);
    expect(events).toEqual(['start feed', 'start triggers', 'stop triggers', 'stop feed']);
  });

  it('serializes switches: a quick off-on-off never overlaps', async () => {
    const { events, job } = recorder();
    const jobs = new EngineJobs();
    jobs.add('feed', job('feed', 10));
    void jobs.setActive(true);
    void jobs.setActive(false);
    void jobs.setActive(true);
    await jobs.setActive(false);
    // The first start was cancelled by the off that followed before it ran; never two starts in a row.
    for (let i = 1; i < events.length; i += 1) expect(events[i]).not.toBe(events[i - 1]);
    expect(events[events.length - 1] ?? 'stop feed').toBe('stop feed');
    expect(jobs.running).toBe(false);
  });

  it('starts a job added while running, and keeps going when one fails to start', async () => {
    const { events, job } = recorder();
    const errors: string[] = [];
    const jobs = new EngineJobs({ error: (details) => errors.push(details.job), info: () => undefined });
    jobs.add('broken', {
      start() {
        throw new Error('no');
      },
      stop() {
        events.push('stop broken');
      },
    });
    jobs.add('feed', job('feed'));
    await jobs.setActive(true);
    jobs.add('late', job('late'));
    await jobs.settled();
    await jobs.setActive(false);
    expect(errors).toEqual(['broken']);
    // A job that never started is not stopped.
    expect(events).toEqual(['start feed', 'start late', 'stop late', 'stop feed']);
  });

  it('refuses the same name twice', () => {
    const jobs = new EngineJobs();
    jobs.add('a', { start: () => undefined, stop: () => undefined });
    expect(() => jobs.add('a', { start: () => undefined, stop: () => undefined })).toThrow(/twice/);
  });
});

describe('tickRelay', () => {
  it('forwards the engine node’s trades to the other nodes in one message per burst, only while it runs', async () => {
    const net = memoryNetwork();
    const leader = net.join();
    const follower = net.join();
    const got: unknown[] = [];
    follower.subscribe('market.ticks', (trades) => got.push(trades.map((t) => t.seq)));
    const listeners = new Set<(trade: { seq: number }) => void>();
    const market = {
      onTick(listener: (trade: never) => void) {
        listeners.add(listener as (trade: { seq: number }) => void);
        return () => listeners.delete(listener as (trade: { seq: number }) => void);
      },
    };
    const trade = (seq: number) => ({
      seq,
      instrumentId: 1,
      time: seq,
      price: '1',
      qty: '1',
      side: 2,
      kind: 0,
    });
    const jobs = new EngineJobs();
    jobs.add('relay', tickRelay(market, leader));
    const emit = (...seqs: number[]) => {
      for (const seq of seqs) for (const listener of listeners) listener(trade(seq) as never);
    };
    emit(1);
    await jobs.setActive(true);
    emit(2, 3);
    await new Promise((resolve) => setTimeout(resolve, 10));
    emit(4);
    await new Promise((resolve) => setTimeout(resolve, 10));
    await jobs.setActive(false);
    emit(5);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(got).toEqual([[2, 3], [4]]);
  });
});
