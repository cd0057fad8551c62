/**
 * Messages between the nodes of a cluster, by topic (see README.md in this folder). `publish`
 * reaches every OTHER node's subscribers of that topic (never the publishing node itself: it
 * already acted on what it announces); delivery is best effort and in order per publisher, like
 * Redis pub/sub. One node alone (SQLite, `npm start`) uses `singleNodeBus()`: publishing goes
 * nowhere. Payloads are JSON: decimal strings, numbers, plain objects.
 */
export interface BusTopics {
  /** The engine node's tape trades, as stored (followers feed their price port from them). */
  'market.ticks': ReadonlyArray<{
    seq: number;
    instrumentId: number;
    time: number;
    price: string;
    qty: string;
    /** Taker side: 1 sell, 2 buy. */
    side: 1 | 2;
    /** 0 feed, 1 pinned print (dev tool), 2 back-filled history. */
    kind: 0 | 1 | 2;
  }>;
  /**
   * A row the engine node must watch, written by another node: a pending limit/stop order, an
   * open position or its new stops, a seconds contract (`kind` names the table's engine, `id` the
   * row). The engine node loads the row and adds it to its heaps.
   */
  'engine.watch': { kind: 'spot' | 'lever' | 'seconds'; id: number };
  /** A row the engine node must stop watching (cancelled, closed on another node). */
  'engine.unwatch': { kind: 'spot' | 'lever' | 'seconds'; id: number };
  /** Sessions revoked on one node: the others drop them from their session cache (core/auth.ts). */
  'sessions.revoked': { tokenHash?: string; userId?: number };
  /** Dev tool (`POST /dev/market/price`) used on a follower: the engine node pins (null releases). */
  'market.pin': { ref: string; price: string | null };
  /** The engine node wrote market history (back-fill, or the gap since the feed last ran): the others reload their market state. */
  'market.filled': Record<string, never>;
}

export type Topic = keyof BusTopics;

export interface Bus {
  /** This node's id (unique per process). */
  readonly nodeId: string;
  publish<T extends Topic>(topic: T, message: BusTopics[T]): void;
  /** Handles the topic's messages from the other nodes. Returns an unsubscribe function. */
  subscribe<T extends Topic>(topic: T, handler: (message: BusTopics[T]) => void): () => void;
  /** Resolves once every subscription made so far receives messages. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

type Handler = (message: unknown) => void;

/** Subscribers of a node by topic; a handler's failure never stops the others. */
export class Subscribers {
  private readonly byTopic = new Map<string, Set<Handler>>();

  constructor(private readonly onError?: (error: unknown, topic: string) => void) {}

  add(topic: string, handler: Handler): () => void {
    let set = this.byTopic.get(topic);
    if (!set) {
      set = new Set();
      this.byTopic.set(topic, set);
    }
    set.add(handler);
    return () => set.delete(handler);
  }

  has(topic: string): boolean {
    return (this.byTopic.get(topic)?.size ?? 0) > 0;
  }

  deliver(topic: string, message: unknown): void {
    for (const handler of this.byTopic.get(topic) ?? []) {
      try {
        handler(message);
      } catch (error) {
        this.onError?.(error, topic);
      }
    }
  }

  clear(): void {
    this.byTopic.clear();
  }
}

let counter = 0;
/** A fresh node id: process id, start time and a counter (several apps may share a process in tests). */
export function newNodeId(): string {
  counter += 1;
  return `${process.pid}-${Date.now().toString(36)}-${counter}`;
}

/** One node alone: nobody to tell. */
export function singleNodeBus(): Bus {
  return {
    nodeId: newNodeId(),
    publish() {},
    subscribe() {
      return () => undefined;
    },
    async ready() {},
    async close() {},
  };
}

/**
 * Several nodes in one process (tests): each `join()` is one node's bus; a publication reaches
 * the other joined nodes, asynchronously (a microtask later), as a network would.
 */
export function memoryNetwork(): { join(): Bus } {
  const nodes = new Set<{ id: string; subscribers: Subscribers }>();
  return {
    join() {
      const node = { id: newNodeId(), subscribers: new Subscribers() };
      nodes.add(node);
      return {
        nodeId: node.id,
        publish(topic, message) {
          const copy: unknown = JSON.parse(JSON.stringify(message));
          for (const other of nodes) {
            if (other !== node) queueMicrotask(() => other.subscribers.deliver(topic, copy));
          }
        },
        subscribe(topic, handler) {
          return node.subscribers.add(topic, handler as Handler);
        },
        async ready() {},
        async close() {
          nodes.delete(node);
          node.subscribers.clear();
        },
      };
    },
  };
}
