// The socket's connection (loaded after the first paint, with socket.io-client):
// socket.io with its reconnection, `login` with the session's token, `sub` for every subscription
// again after each (re)connect, and every payload parsed with the contract's schema of its channel
// before a handler sees it; a payload that does not match is dropped (reported once a channel).
import { io } from 'socket.io-client';
import type { clientChannelPayload } from '@app/contract';
import { onTokenChange, sessionToken } from '../session/store';
import type { ChannelFilter, SocketStatus, Subscription } from './socket';

export interface Connection {
  subscribed: (sub: Subscription) => void;
  unsubscribed: (sub: Subscription) => void;
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

const reported = new Set<string>();

/** The contract's schema of a channel's payloads (./payloads, a chunk of its own). */
export type PayloadSchema = typeof clientChannelPayload;

/** `raw` parsed with the channel's schema; undefined (reported once a channel) when it does not fit. */
function parsed(schema: PayloadSchema, channel: string, raw: unknown): unknown {
  const result = schema(channel)?.safeParse(raw);
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

export function openConnection(
  subscriptions: ReadonlyMap<string, Subscription>,
  setStatus: (status: SocketStatus) => void,
  schema: PayloadSchema,
): Connection {
  const s = io({
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: true,
    reconnectionDelay: 500,
    reconnectionDelayMax: 8000,
    randomizationFactor: 0.5,
  });
  const listening = new Set<string>();
  const listen = (channel: string) => {
    if (listening.has(channel)) return;
    listening.add(channel);
    s.on(channel, (raw: unknown) => {
      const payload = parsed(schema, channel, raw);
      if (payload === undefined) return;
      for (const sub of subscriptions.values()) {
        if (sub.channel !== channel || !matches(sub.filter, payload)) continue;
        for (const handler of sub.handlers) handler(payload);
      }
    });
  };
  const sendLogin = () => {
    const token = sessionToken();
    if (token) s.emit('login', { token });
  };
  s.on('connect', () => {
    setStatus('connected');
    sendLogin();
    for (const sub of subscriptions.values()) s.emit('sub', { channel: sub.channel, ...sub.filter });
  });
  s.on('disconnect', (reason) => {
    // "io client disconnect" is ours (logout); everything else is a drop we recover from.
    setStatus(reason === 'io client disconnect' ? 'idle' : 'reconnecting');
  });
  s.on('connect_error', () => setStatus('reconnecting'));
  // After login the server needs the token to deliver user channels; after logout it must forget us.
  onTokenChange(() => {
    if (sessionToken()) sendLogin();
    else {
      s.disconnect();
      s.connect();
    }
  });
  for (const sub of subscriptions.values()) listen(sub.channel);
  return {
    subscribed: (sub) => {
      listen(sub.channel);
      if (s.connected) s.emit('sub', { channel: sub.channel, ...sub.filter });
    },
    unsubscribed: (sub) => {
      if (s.connected) s.emit('unsub', { channel: sub.channel, ...sub.filter });
    },
  };
}
