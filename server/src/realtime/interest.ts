import crypto from 'node:crypto';
import type { Server } from 'socket.io';

/** A node's tracked rooms with sockets: `(nodeId, rooms)`; an empty list when it stops. */
const ANNOUNCE = 'hub:rooms';
/** A node that starts asks the others to announce at once. */
const ASK = 'hub:rooms?';

export interface ClusterInterest {
  /** Whether another node has a socket in one of `rooms` (as that node last announced). */
  remote(rooms: readonly string[]): boolean;
  /**
   * Resolves once this node's rooms as they are now have been sent to the other nodes: at once
   * when nothing changed since the last announcement, else when the pending one goes out.
   */
  announced(): Promise<void>;
  /** Stops announcing and tells the others this node has no rooms any more. */
  close(): void;
}

export interface InterestOptions {
  /** Which rooms count (the hub's public channel rooms and users' channel rooms). */
  isTracked(room: string): boolean;
  /** Every node announces its rooms this often (default 5 s); unheard for 3 heartbeats = forgotten. */
  heartbeatMs?: number;
  /** A change is announced this long after it (default 50 ms): a burst of subscriptions is one message. */
  debounceMs?: number;
}

/**
 * What the other nodes of a cluster listen to, so that a node skips the channels nobody listens
 * to anywhere (`hub.hasSubscribers`, and `hub.hasUserSubscribers` for a user's channel) and publishes through the shared adapter (Redis) only what
 * another node has subscribers for. Each node announces to the others, through the adapter's
 * server-side events, the set of its tracked rooms that have sockets: when it changes (debounced),
 * every heartbeat, when another node starts (`ASK`), and an empty set when it stops. A node that
 * crashed is forgotten after three heartbeats without news.
 *
 * A subscription made on another node counts here about `debounceMs` plus one Redis round trip
 * later; public channels carry the latest state, so that subscriber's first frame is the next
 * change. A user channel's events are discrete (a fill, a settlement), so the hub acknowledges a
 * user channel subscription only once it is `announced()`: from the acknowledgement on, a node
 * that publishes the user's event knows of it (one Redis delivery apart).
 */
export function clusterInterest(io: Server, options: InterestOptions): ClusterInterest {
  const heartbeatMs = options.heartbeatMs ?? 5000;
  const debounceMs = options.debounceMs ?? 50;
  const id = crypto.randomUUID();
  const adapter = io.of('/').adapter;
  const others = new Map<string, { rooms: Set<string>; at: number }>();
  let pending: NodeJS.Timeout | undefined;
  let waiting: (() => void)[] = [];
  let closed = false;

  const announce = () => {
    pending = undefined;
    const settle = waiting;
    waiting = [];
    if (!closed) {
      const rooms: string[] = [];
      for (const [room, sockets] of adapter.rooms) {
        if (sockets.size > 0 && options.isTracked(room)) rooms.push(room);
      }
      io.serverSideEmit(ANNOUNCE, id, rooms);
    }
    for (const resolve of settle) resolve();
  };
  const soon = () => {
    if (pending || closed) return;
    pending = setTimeout(announce, debounceMs);
    pending.unref();
  };
  const onRoom = (room: string) => {
    if (options.isTracked(room)) soon();
  };
  adapter.on('create-room', onRoom);
  adapter.on('delete-room', onRoom);

  io.on(ANNOUNCE, (from: unknown, rooms: unknown) => {
    if (typeof from !== 'string' || from === id || !Array.isArray(rooms)) return;
    if (rooms.length === 0) others.delete(from);
    else {
      const tracked = rooms.filter((room): room is string => typeof room === 'string');
      others.set(from, { rooms: new Set(tracked), at: Date.now() });
    }
  });
  io.on(ASK, () => soon());

  const heartbeat = setInterval(announce, heartbeatMs);
  heartbeat.unref();
  io.serverSideEmit(ASK);
  soon();

  return {
    remote(rooms) {
      const now = Date.now();
      for (const [node, entry] of others) {
        if (now - entry.at > 3 * heartbeatMs) {
          others.delete(node);
          continue;
        }
        for (const room of rooms) if (entry.rooms.has(room)) return true;
      }
      return false;
    },
    announced() {
      if (!pending || closed) return Promise.resolve();
      return new Promise((resolve) => waiting.push(resolve));
    },
    close() {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      if (pending) clearTimeout(pending);
      adapter.off('create-room', onRoom);
      adapter.off('delete-room', onRoom);
      io.serverSideEmit(ANNOUNCE, id, []);
      for (const resolve of waiting) resolve();
      waiting = [];
    },
  };
}
