import { Lifecycle } from './lifecycle';
import { startTestServer } from '../testing/harness';

describe('Lifecycle', () => {
  it('stops the parts newest first, each awaited, once', async () => {
    const events: string[] = [];
    const lifecycle = new Lifecycle();
    lifecycle.started('database', () => events.push('database'));
    lifecycle.started('http', async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      events.push('http');
    });
    lifecycle.started('engines', () => events.push('engines'));
    await Promise.all([lifecycle.stopAll(), lifecycle.stopAll()]);
    await lifecycle.stopAll();
    expect(events).toEqual(['engines', 'http', 'database']);
  });

  it('logs a failing stop and still stops the rest', async () => {
    const events: string[] = [];
    const errors: string[] = [];
    const lifecycle = new Lifecycle({ error: (details) => errors.push(details.part) });
    lifecycle.started('database', () => events.push('database'));
    lifecycle.started('market', () => {
      throw new Error('boom');
    });
    await lifecycle.stopAll();
    expect(errors).toEqual(['market']);
    expect(events).toEqual(['database']);
  });

  it('refuses a part started while stopping', async () => {
    const lifecycle = new Lifecycle();
    lifecycle.started('a', () => undefined);
    void lifecycle.stopAll();
    expect(() => lifecycle.started('b', () => undefined)).toThrow(/while the app stops/);
  });
});

describe('the composition root', () => {
  it('runs the sweepers as engine jobs on a node alone and stops them with the app', async () => {
    const server = await startTestServer();
    const { jobs, leadership } = server.cluster;
    expect(leadership.isLeader).toBe(true);
    expect(jobs.running).toBe(true);
    expect(jobs.names).toEqual(
      expect.arrayContaining([
        'sweeper:fiat-timeout',
        'sweeper:lockup-maturity',
        'sweeper:launch-unlockable',
        'sweeper:uploads-unreferenced',
      ]),
    );
    // Built in one place in start order (stopped in reverse): the feed, the sweepers, the engines
    // (with Redis, the tick relay follows the feed).
    expect(jobs.names.filter((name) => name !== 'market-ticks')).toEqual([
      'market-feed',
      'sweeper:uploads-unreferenced',
      'sweeper:fiat-timeout',
      'sweeper:lockup-maturity',
      'sweeper:launch-unlockable',
      'spot',
      'lever',
      'seconds',
    ]);
    await server.stop();
    expect(leadership.isLeader).toBe(false);
    expect(jobs.running).toBe(false);
  });
});
