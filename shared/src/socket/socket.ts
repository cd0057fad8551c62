// One socket.io connection for the whole app (architecture.md): opened on the first
// subscription, through /socket.io on the app's origin, reference-counted subscriptions,
// re-subscribed after reconnecting, `login` sent with the session's token when there is one
// (and again, or a fresh connection, whenever the session's token changes).
// Handlers are typed by the channel they subscribe to and receive only payloads the contract's
// schema of that channel accepted (./connection parses them). This part is in the start-up; the
// connection with socket.io-client, and then the contract's channel schemas, load after the first paint.
import type { ChannelName, ClientChannelPayload } from '@app/contract';
import { atom, getDefaultStore } from 'jotai';
import type { Connection } from './connection';

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
export interface Subscription {
  channel: string;
  filter: ChannelFilter;
  count: number;
  handlers: Set<Handler>;
}

const subscriptions = new Map<string, Subscription>();
let connection: Connection | null = null;
let opening = false;

const setStatus = (status: SocketStatus) => getDefaultStore().set(socketStatusAtom, status);

function keyOf(channel: string, filter: ChannelFilter): string {
  // Code-unit order, not localeCompare: the first localeCompare builds the ICU collator, ~30 ms
  // under a phone's CPU inside the first subscription (a screen's first commit).
  const parts = Object.entries(filter)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${channel}|${JSON.stringify(parts)}`;
}

function afterPaint(run: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(run, 0));
  else setTimeout(run, 0);
}

/** Opens the one connection after the page has painted (data comes by REST first). */
function ensureSocket(): void {
  if (connection || opening) return;
  opening = true;
  setStatus('connecting');
  const failed = () => {
    opening = false;
    setStatus('reconnecting');
  };
  // socket.io-client, then (a task later) the contract's channel schemas: two chunks, each
  // evaluated in its own task.
  afterPaint(
    () =>
      void import('./connection').then(
        ({ openConnection }) =>
          setTimeout(
            () =>
              void import('./payloads').then(({ clientChannelPayload }) => {
                connection = openConnection(subscriptions, setStatus, clientChannelPayload);
              }, failed),
            0,
          ),
        failed,
      ),
  );
}

/** Subscribes to a channel; the handler gets the contract's payload. Returns the unsubscribe function. */
export function subscribe<C extends SocketChannel>(
  channel: C,
  filter: ChannelFilter,
  handler: (payload: SocketPayload<C>) => void,
): () => void {
  ensureSocket();
  const key = keyOf(channel, filter);
  let sub = subscriptions.get(key);
  if (!sub) {
    sub = { channel, filter, count: 0, handlers: new Set() };
    subscriptions.set(key, sub);
    connection?.subscribed(sub);
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
      connection?.unsubscribed(current);
    }
  };
}

export function activeSubscriptionCount(): number {
  return subscriptions.size;
}
