// One socket.io connection for the whole app (architecture.md): opened on the first
// subscription, through /socket.io on the app's origin, reference-counted subscriptions,
// re-subscribed after reconnecting, `login` sent with the session's token when there is one
// (and again, or a fresh connection, whenever the session's token changes).
// Every payload is parsed with the contract's schema of its channel before a handler sees it:
// handlers are typed by the channel they subscribe to, and a payload that does not match is
// dropped (reported once per channel), never handed on half-checked.
import type { Socket } from 'socket.io-client';
import type { ChannelName, ClientChannelPayload } from '@app/contract';
import { atom, getDefaultStore } from 'jotai';
import { onTokenChange, sessionToken } from '../session/store';

export interface ChannelFilter {
  currency_id?: number;
  legal_id?: number;
  symbol?: string;
  period?: string;
}

export type SocketStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting';
export const socketStatusAtom = atom<SocketStatus>('idle');

/** The channels a client subscribes to: public and user channels, and `market_schedule_<id>`. */
export type SocketChannel =
  | Exclude<ChannelName, 'market_schedule' | 'session_expired' | 'support_chat' | 'support_chat_ended'>
  | `market_schedule_${string}`;

/** What a handler of `C` receives: the contract's payload of that channel, parsed. */
export type SocketPayload<C extends SocketChannel> = C extends `market_schedule_${string}`
  ? ClientChannelPayload<'market_schedule'>
  : C extends ChannelName
    ? ClientChannelPayload<C>
    : never;

type Handler = (payload: unknown) => void;
type Contract = typeof import('@app/contract');
interface Subscription {
  channel: string;
  filter: ChannelFilter;
  count: number;
  handlers: Set<Handler>;
}

const subscriptions = new Map<string, Subscription>();
const listening = new Set<string>();
let socket: Socket | null = null;
let opening = false;
/** The contract's schemas: loaded with socket.io-client, after the first render. */
let contract: Contract | null = null;
const reported = new Set<string>();

const setStatus = (status: SocketStatus) => getDefaultStore().set(socketStatusAtom, status);

function keyOf(channel: string, filter: ChannelFilter): string {
  const parts = Object.entries(filter)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  return `${channel}|${JSON.stringify(parts)}`;
}

function matches(filter: ChannelFilter, payload: unknown): boolean {
  if (typeof payload !== 'object' || payload === null) return true;
  const record = payload as Record<string, unknown>;
  return (Object.keys(filter) as (keyof ChannelFilter)[]).every((key) => {
    const wanted = filter[key];
    const got = record[key];
    return wanted === undefined || got === undefined || String(got) === String(wanted);
  });
}

function sendLogin(s: Socket): void {
  const token = sessionToken();
  if (token) s.emit('login', { token });
}

function afterPaint(run: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(run, 0));
  else setTimeout(run, 0);
}

/** Opens the one connection; socket.io-client loads on first use, after the first render. */
function ensureSocket(): void {
  if (socket || opening) return;
  opening = true;
  setStatus('connecting');
  // After the page has painted: the socket is never needed for a first render (data comes
  // by REST first), and its chunk would compete with the start-up chunks.
  afterPaint(
    () =>
      void Promise.all([import('socket.io-client'), import('@app/contract')]).then(
        ([{ io }, schemas]) => {
          contract = schemas;
          const s = io({
            path: '/socket.io',
            transports: ['websocket'],
            reconnection: true,
            reconnectionDelay: 500,
            reconnectionDelayMax: 8000,
            randomizationFactor: 0.5,
          });
          s.on('connect', () => {
            setStatus('connected');
            sendLogin(s);
            for (const sub of subscriptions.values()) s.emit('sub', { channel: sub.channel, ...sub.filter });
          });
          s.on('disconnect', (reason) => {
            // "io client disconnect" is ours (logout); everything else is a drop we recover from.
            setStatus(reason === 'io client disconnect' ? 'idle' : 'reconnecting');
          });
          s.on('connect_error', () => setStatus('reconnecting'));
          socket = s;
          onTokenChange(refreshSocketAuth);
          for (const sub of subscriptions.values()) listen(s, sub.channel);
        },
        () => {
          opening = false;
          setStatus('reconnecting');
        },
      ),
  );
}

function listen(s: Socket, channel: string): void {
  if (listening.has(channel)) return;
  listening.add(channel);
  s.on(channel, (raw: unknown) => {
    const payload = parsed(channel, raw);
    if (payload === undefined) return;
    for (const sub of subscriptions.values()) {
      if (sub.channel !== channel || !matches(sub.filter, payload)) continue;
      for (const handler of sub.handlers) handler(payload);
    }
  });
}

/** `raw` parsed with the channel's schema; undefined (reported once a channel) when it does not fit. */
function parsed(channel: string, raw: unknown): unknown {
  const schema = contract?.clientChannelPayload(channel);
  const result = schema?.safeParse(raw);
  if (result?.success) return result.data;
  if (!reported.has(channel)) {
    reported.add(channel);
    console.error(
      `socket: a ${channel} payload does not match the contract; dropped`,
      result?.error.issues ?? 'no schema for this channel',
    );
  }
  return undefined;
}

/** Subscribes to a channel; the handler gets the contract's payload. Returns the unsubscribe function. */
export function subscribe<C extends SocketChannel>(
  channel: C,
  filter: ChannelFilter,
  handler: (payload: SocketPayload<C>) => void,
): () => void {
  ensureSocket();
  if (socket) listen(socket, channel);
  const key = keyOf(channel, filter);
  let sub = subscriptions.get(key);
  if (!sub) {
    sub = { channel, filter, count: 0, handlers: new Set() };
    subscriptions.set(key, sub);
    if (socket?.connected) socket.emit('sub', { channel, ...filter });
  }
  sub.count += 1;
  const h = handler as Handler;
  sub.handlers.add(h);
  let active = true;
  return () => {
    if (!active) return;
    active = false;
    const current = subscriptions.get(key);
    if (!current) return;
    current.handlers.delete(h);
    current.count -= 1;
    if (current.count <= 0) {
      subscriptions.delete(key);
      if (socket?.connected) socket.emit('unsub', { channel, ...filter });
    }
  };
}

/** After login the server needs the token to deliver user channels; after logout it must forget us. */
function refreshSocketAuth(): void {
  if (!socket) return;
  if (sessionToken()) sendLogin(socket);
  else {
    socket.disconnect();
    socket.connect();
  }
}

export function activeSubscriptionCount(): number {
  return subscriptions.size;
}
