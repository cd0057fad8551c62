import type { Server as HttpServer } from 'node:http';
import { Server, type ServerOptions, type Socket } from 'socket.io';
import {
  PUBLIC_CHANNELS,
  SCHEDULE_CHANNEL,
  subscription,
  USER_CHANNELS,
  type UserChannel,
} from '@app/contract';
import type { Clock } from '../core/clock';
import type { Store } from '../db';
import { resolveToken } from '../core/auth';
import type { ErrorCode } from '../core/error-codes';
import { createWriteCoalescer } from './coalesce';
import { clusterInterest } from './interest';

/**
 * The socket.io hub (path /socket.io). Clients `sub`/`unsub` to public channels with an optional
 * filter and receive events named after the channel; user channels need a `login` with a token.
 * Only subscribed sockets receive anything.
 */
export { PUBLIC_CHANNELS, USER_CHANNELS, type UserChannel } from '@app/contract';
const MAX_SUBSCRIPTIONS = 200;

export interface ChannelFilter {
  currency_id?: number | string;
  legal_id?: number | string;
  symbol?: string | number;
  period?: string | number;
}

export interface Ack {
  ok: boolean;
  code?: ErrorCode;
}

/** A public subscription just made: `emit` answers that one socket (e.g. with a snapshot). */
export interface SubscribeEvent {
  channel: string;
  /** The subscription's filter, normalized (symbols upper case, periods lower case, ids as digits). */
  filter: ChannelFilter;
  emit(payload: unknown): void;
}

export interface Hub {
  readonly io: Server;
  /** Emits `channel` with `payload` to subscribers of that channel whose filter matches (or who have none). */
  publish(channel: string, filter: ChannelFilter, payload: unknown): void;
  /**
   * Whether `publish(channel, filter, ...)` would reach any socket (publishers skip work otherwise):
   * on a cluster, this node's sockets or another node's as that node last announced (interest.ts).
   */
  hasSubscribers(channel: string, filter: ChannelFilter): boolean;
  /** Called after each successful public `sub`; returns a function that removes the listener. */
  onSubscribe(listener: (event: SubscribeEvent) => void): () => void;
  /** Emits a user channel to that user's logged-in sockets that subscribed to it. */
  publishToUser(userId: number, channel: UserChannel, payload: unknown): void;
  /**
   * Whether `publishToUser(userId, channel, ...)` could reach a socket: on a cluster, this node's
   * sockets or another node's as that node last announced (interest.ts), like `hasSubscribers`.
   */
  hasUserSubscribers(userId: number, channel: UserChannel): boolean;
  /** Logs sockets out of a user's rooms (all of them, or those of one token), e.g. after logout or reset. */
  dropSessions(userId: number, tokenHash?: string): void;
  /**
   * Tells listeners that sessions or credentials of a user ended or changed (logout, password
   * change or reset, expiry): things bound to them (support chat sockets) re-check themselves.
   * `dropSessions` calls it too.
   */
  sessionsChanged(userId: number): void;
  onSessionsChanged(listener: (userId: number) => void): () => void;
  close(): Promise<void>;
}

interface SocketData {
  userId?: number;
  tokenHash?: string;
  /** Subscription keys (public rooms) and user channels this socket subscribed to. */
  rooms: Set<string>;
  userChannels: Set<UserChannel>;
}

const FILTER_KEYS = ['currency_id', 'legal_id', 'symbol', 'period'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

function normalizeFilterValue(key: FilterKey, value: string | number): string {
  const text = String(value).trim();
  if (key === 'symbol') return text.toUpperCase();
  if (key === 'period') return text.toLowerCase();
  return /^\d+$/.test(text) ? String(Number(text)) : text;
}

/** The filter as sorted key=value pairs, dropping empty values. */
function filterPairs(filter: ChannelFilter): Array<[FilterKey, string]> {
  const pairs: Array<[FilterKey, string]> = [];
  for (const key of FILTER_KEYS) {
    const value = filter[key];
    if (value === undefined || value === null || String(value).trim() === '') continue;
    pairs.push([key, normalizeFilterValue(key, value)]);
  }
  return pairs;
}

function roomName(channel: string, pairs: Array<[FilterKey, string]>): string {
  return pairs.length === 0
    ? `ch:${channel}`
    : `ch:${channel}|${pairs.map(([k, v]) => `${k}=${v}`).join('|')}`;
}

/** Every room a publication reaches: each subset of its filter (the empty subset = unfiltered). */
function roomsFor(channel: string, filter: ChannelFilter): string[] {
  const pairs = filterPairs(filter);
  const rooms: string[] = [];
  for (let mask = 0; mask < 1 << pairs.length; mask += 1) {
    rooms.push(
      roomName(
        channel,
        pairs.filter((_, i) => (mask & (1 << i)) !== 0),
      ),
    );
  }
  return rooms;
}

function isPublicChannel(channel: string): boolean {
  return (PUBLIC_CHANNELS as readonly string[]).includes(channel) || SCHEDULE_CHANNEL.test(channel);
}

function isUserChannel(channel: string): channel is UserChannel {
  return (USER_CHANNELS as readonly string[]).includes(channel);
}

const userRoom = (userId: number) => `user:${userId}`;
const userChannelRoom = (userId: number, channel: UserChannel) => `user:${userId}:${channel}`;
/** The rooms another node needs to know about: public channel rooms and users' channel rooms. */
const isAnnouncedRoom = (room: string) => room.startsWith('ch:') || /^user:\d+:/.test(room);

function replyWith(ack: unknown, answer: Ack): void {
  if (typeof ack === 'function') (ack as (a: Ack) => void)(answer);
}

export interface HubOptions {
  store: Store;
  clock: Clock;
  allowedOrigins: string[];
  /**
   * A socket.io adapter shared by several nodes (the Redis streams adapter, REDIS_URL): publications
   * reach the sockets of every node and `dropSessions` logs a user out everywhere.
   */
  adapter?: NonNullable<ServerOptions['adapter']>;
}

/** The event by which a node asks the others to drop a user's sessions (cluster only). */
const DROP_SESSIONS = 'hub:drop_sessions';

export function createHub(server: HttpServer, options: HubOptions): Hub {
  const io = new Server(server, {
    path: '/socket.io',
    cors: { origin: options.allowedOrigins, methods: ['GET', 'POST'] },
    serveClient: false,
    maxHttpBufferSize: 16 * 1024,
    // Every frame is written as socket.io pre-encoded it, once for all receivers (no per-socket deflate).
    perMessageDeflate: false,
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });
  const clustered = options.adapter !== undefined;
  // Frames written to a socket in one turn (a publisher tick, a batch from the other nodes) go
  // out in one write (coalesce.ts).
  const coalescer = createWriteCoalescer(io);
  // On a cluster: which public and user channel rooms the other nodes have sockets in.
  const interest = clustered ? clusterInterest(io, { isTracked: isAnnouncedRoom }) : undefined;

  const dataOf = (socket: Socket): SocketData => socket.data as SocketData;
  // On a cluster a user channel subscription is acknowledged once the other nodes have been told
  // of it (interest.ts), so no event of that user published after the acknowledgement is skipped
  // as unheard; alone, at once.
  const afterAnnounced = (reply: () => void): Promise<void> | void =>
    interest ? interest.announced().then(reply) : reply();
  const subscribeListeners = new Set<(event: SubscribeEvent) => void>();
  const sessionListeners = new Set<(userId: number) => void>();

  // socket.join/leave: `void`, the in-memory and the Redis streams adapters change rooms at once
  // (their promise type is for adapters that do not).
  const leaveUser = (socket: Socket) => {
    const data = dataOf(socket);
    if (data.userId === undefined) return;
    void socket.leave(userRoom(data.userId));
    for (const channel of USER_CHANNELS) void socket.leave(userChannelRoom(data.userId, channel));
    data.userId = undefined;
    data.tokenHash = undefined;
  };

  io.on('connection', (socket) => {
    const data: SocketData = { rooms: new Set(), userChannels: new Set() };
    socket.data = data;

    const onSub = (raw: unknown, ack: unknown, subscribe: boolean) => {
      const parsed = subscription.safeParse(raw);
      if (!parsed.success) return replyWith(ack, { ok: false, code: 'socket.invalid_subscription' });
      const { channel, ...filter } = parsed.data;
      if (isUserChannel(channel)) {
        if (subscribe) data.userChannels.add(channel);
        else data.userChannels.delete(channel);
        if (data.userId !== undefined) {
          if (subscribe) void socket.join(userChannelRoom(data.userId, channel));
          else void socket.leave(userChannelRoom(data.userId, channel));
        }
        return afterAnnounced(() => replyWith(ack, { ok: true }));
      }
      if (!isPublicChannel(channel)) return replyWith(ack, { ok: false, code: 'socket.unknown_channel' });
      const pairs = filterPairs(filter);
      const room = roomName(channel, pairs);
      if (subscribe) {
        if (!data.rooms.has(room) && data.rooms.size >= MAX_SUBSCRIPTIONS) {
          return replyWith(ack, { ok: false, code: 'socket.too_many_subscriptions' });
        }
        data.rooms.add(room);
        void socket.join(room);
      } else {
        data.rooms.delete(room);
        void socket.leave(room);
      }
      replyWith(ack, { ok: true });
      if (subscribe && subscribeListeners.size > 0) {
        const event: SubscribeEvent = {
          channel,
          filter: Object.fromEntries(pairs) as ChannelFilter,
          emit: (payload) => socket.emit(channel, payload),
        };
        for (const listener of subscribeListeners) {
          try {
            listener(event);
          } catch {
            // A listener's failure must not break the subscription.
          }
        }
      }
      return undefined;
    };

    socket.on('sub', (raw: unknown, ack?: unknown) => onSub(raw, ack, true));
    socket.on('unsub', (raw: unknown, ack?: unknown) => onSub(raw, ack, false));

    // Logins and logouts of one socket take effect in the order they came (a login awaits the
    // session lookup).
    let sessionQueue: Promise<void> = Promise.resolve();
    const inOrder = (task: () => Promise<void> | void) => {
      sessionQueue = sessionQueue.then(task).catch(() => undefined);
    };

    socket.on('login', (raw: unknown, ack?: unknown) => {
      const token =
        typeof raw === 'string'
          ? raw
          : raw !== null && typeof raw === 'object' && 'token' in raw
            ? (raw as { token: unknown }).token
            : undefined;
      const bare = typeof token === 'string' ? token.replace(/^bearer\s+/i, '').trim() : undefined;
      inOrder(async () => {
        const session = bare ? await resolveToken(options.store.q, bare, options.clock.now()) : undefined;
        leaveUser(socket);
        if (!session) return replyWith(ack, { ok: false, code: 'session.invalid' });
        data.userId = session.userId;
        data.tokenHash = session.tokenHash;
        void socket.join(userRoom(session.userId));
        for (const channel of data.userChannels) void socket.join(userChannelRoom(session.userId, channel));
        return afterAnnounced(() => replyWith(ack, { ok: true }));
      });
    });

    socket.on('logout', (_raw: unknown, ack?: unknown) => {
      inOrder(() => {
        leaveUser(socket);
        replyWith(ack, { ok: true });
      });
    });
  });

  const dropLocalSessions = (userId: number, tokenHash: string | undefined) => {
    for (const socket of io.of('/').sockets.values()) {
      const data = dataOf(socket);
      if (data.userId !== userId) continue;
      if (tokenHash !== undefined && data.tokenHash !== tokenHash) continue;
      leaveUser(socket);
      socket.emit('session_expired', { type: '999', code: 'session.invalid' });
    }
    hub.sessionsChanged(userId);
  };
  if (clustered) {
    io.on(DROP_SESSIONS, (userId: unknown, tokenHash: unknown) => {
      if (typeof userId === 'number')
        dropLocalSessions(userId, typeof tokenHash === 'string' ? tokenHash : undefined);
    });
  }

  const hub: Hub = {
    io,
    publish(channel, filter, payload) {
      const rooms = roomsFor(channel, filter);
      // Through the shared adapter (Redis) only when another node listens; else to this node's sockets.
      if (interest && !interest.remote(rooms)) io.local.to(rooms).emit(channel, payload);
      else io.to(rooms).emit(channel, payload);
    },
    hasSubscribers(channel, filter) {
      const rooms = roomsFor(channel, filter);
      const local = io.of('/').adapter.rooms;
      for (const room of rooms) {
        if ((local.get(room)?.size ?? 0) > 0) return true;
      }
      return interest?.remote(rooms) ?? false;
    },
    onSubscribe(listener) {
      subscribeListeners.add(listener);
      return () => subscribeListeners.delete(listener);
    },
    publishToUser(userId, channel, payload) {
      io.to(userChannelRoom(userId, channel)).emit(channel, payload);
    },
    hasUserSubscribers(userId, channel) {
      const room = userChannelRoom(userId, channel);
      if ((io.of('/').adapter.rooms.get(room)?.size ?? 0) > 0) return true;
      return interest?.remote([room]) ?? false;
    },
    dropSessions(userId, tokenHash) {
      dropLocalSessions(userId, tokenHash);
      if (clustered) io.serverSideEmit(DROP_SESSIONS, userId, tokenHash ?? null);
    },
    sessionsChanged(userId) {
      for (const listener of sessionListeners) listener(userId);
    },
    onSessionsChanged(listener) {
      sessionListeners.add(listener);
      return () => sessionListeners.delete(listener);
    },
    // Disconnects every socket and stops the engine; the HTTP server itself is closed by Fastify.
    close: async () => {
      subscribeListeners.clear();
      sessionListeners.clear();
      coalescer.close();
      interest?.close();
      io.disconnectSockets(true);
      io.engine.close();
      // The shared adapter stops reading from Redis (the in-memory one has nothing to stop).
      if (clustered) await io.of('/').adapter.close();
    },
  };
  return hub;
}
