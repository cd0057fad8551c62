import type { Redis } from 'ioredis';
import { newNodeId, Subscribers, type Bus } from './bus';

export interface RedisBusLog {
  warn(details: { err: unknown; topic?: string }, message: string): void;
}

/**
 * The Bus over Redis pub/sub: one channel per topic (`<prefix>:<topic>`), messages as JSON
 * `{ from, data }`; a node skips its own. `redis` publishes; the bus duplicates it for its
 * subscriber connection (a subscribed connection can do nothing else) and closes only that one.
 */
export async function redisBus(
  redis: Redis,
  options: { prefix?: string; log?: RedisBusLog } = {},
): Promise<Bus> {
  const prefix = options.prefix ?? 'bus';
  const nodeId = newNodeId();
  const subscribers = new Subscribers((error, topic) =>
    options.log?.warn({ err: error, topic }, 'bus handler failed'),
  );
  const sub = redis.duplicate();
  const subscribed = new Set<string>();
  let pending: Promise<unknown> = Promise.resolve();
  sub.on('error', (error: unknown) => options.log?.warn({ err: error }, 'bus connection failed'));
  sub.on('message', (channel: string, raw: string) => {
    if (!channel.startsWith(`${prefix}:`)) return;
    const topic = channel.slice(prefix.length + 1);
    let parsed: { from?: unknown; data?: unknown };
    try {
      parsed = JSON.parse(raw) as { from?: unknown; data?: unknown };
    } catch (error) {
      options.log?.warn({ err: error, topic }, 'bus message is not JSON');
      return;
    }
    if (parsed.from === nodeId) return;
    subscribers.deliver(topic, parsed.data);
  });
  if (sub.status === 'wait') await sub.connect();

  return {
    nodeId,
    publish(topic, message) {
      redis
        .publish(`${prefix}:${topic}`, JSON.stringify({ from: nodeId, data: message }))
        .catch((error: unknown) => options.log?.warn({ err: error, topic }, 'bus publish failed'));
    },
    subscribe(topic, handler) {
      const channel = `${prefix}:${topic}`;
      if (!subscribed.has(channel)) {
        subscribed.add(channel);
        const done = sub.subscribe(channel).catch((error: unknown) => {
          subscribed.delete(channel);
          options.log?.warn({ err: error, topic }, 'bus subscribe failed');
        });
        pending = Promise.all([pending, done]);
      }
      return subscribers.add(topic, handler as (message: unknown) => void);
    },
    async ready() {
      await pending;
    },
    async close() {
      subscribers.clear();
      await sub.quit().catch(() => sub.disconnect());
    },
  };
}
