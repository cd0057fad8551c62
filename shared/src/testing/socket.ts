// Test helper: the server's side of the app's one socket connection. The app's real socket module
// runs against the fake `socket.io-client` of ./socket-io-fake (the network edge): a test sees
// what the app subscribed to on the wire and pushes channel payloads the way the server emits
// them. Every pushed payload must match the contract's schema of its channel.
import { clientChannelPayload } from '@app/contract';
import { waitFor } from '@testing-library/react';
import { clients, type FakeClientSocket } from './socket-io-fake';
import type { ChannelFilter } from '../socket/socket';

export interface FakeSocket {
  /** The server emits `payload` on `channel` (the app must be subscribed: await `subscribed` first). */
  emit: (channel: string, payload: unknown) => void;
  /** Whether the app has an active `sub` for `channel` (with these filter values) on the wire. */
  isSubscribed: (channel: string, filter?: ChannelFilter) => boolean;
  /** Resolves once the app has subscribed to `channel` (with these filter values). */
  subscribed: (channel: string, filter?: ChannelFilter) => Promise<void>;
  /** The connection drops; the app reconnects and subscribes again. */
  drop: () => void;
}

function client(): FakeClientSocket | undefined {
  return clients[clients.length - 1];
}

function activeSubs(c: FakeClientSocket): Array<Record<string, unknown>> {
  const active = new Map<string, Record<string, unknown>>();
  for (const { event, payload } of c.sent) {
    if (event !== 'sub' && event !== 'unsub') continue;
    const record = payload as Record<string, unknown>;
    const key = JSON.stringify(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    if (event === 'sub') active.set(key, record);
    else active.delete(key);
  }
  return [...active.values()];
}

function isSubscribed(channel: string, filter: ChannelFilter = {}): boolean {
  const c = client();
  if (!c?.connected) return false;
  return activeSubs(c).some(
    (s) =>
      s.channel === channel &&
      Object.entries(filter).every(([k, v]) => v === undefined || String(s[k]) === String(v)),
  );
}

/** The server side of the app's socket for one test. */
export function fakeSocket(): FakeSocket {
  return {
    isSubscribed,
    // Through Testing Library's waitFor: what the app does meanwhile (the connection opening a
    // task later, the subscription's first answers) renders inside act, as in findBy*.
    subscribed: (channel, filter) =>
      waitFor(
        () => {
          if (!isSubscribed(channel, filter))
            throw new Error(`the app never subscribed to ${channel} ${JSON.stringify(filter ?? {})}`);
        },
        { timeout: 5000, interval: 5 },
      ),
    emit: (channel, payload) => {
      const c = client();
      if (!c?.connected || !c.listening(channel))
        throw new Error(
          `the app does not listen to ${channel} yet: await socket.subscribed('${channel}') first`,
        );
      const schema = clientChannelPayload(channel);
      const checked = schema?.safeParse(payload);
      if (!checked?.success)
        throw new Error(
          `a ${channel} payload the server could not emit (contract): ${JSON.stringify(checked?.error.issues ?? 'no schema')}`,
        );
      c.receive(channel, payload);
    },
    drop: () => client()?.drop(),
  };
}
