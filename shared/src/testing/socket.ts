// Test helper: replaces the shared `subscribe` with a spy that records every subscription,
// so a test can push channel payloads into the handlers a component passed (no socket).
import * as socketModule from '../socket/socket';
import type { ChannelFilter } from '../socket/socket';

export interface FakeSubscription {
  channel: string;
  filter: ChannelFilter;
  handler: (payload: unknown) => void;
  active: boolean;
}

export interface FakeSocket {
  spy: jest.SpyInstance;
  /** Every subscription made since the spy was installed (active or not). */
  subscriptions: FakeSubscription[];
  /** Calls the handlers of the active subscriptions of `channel` whose filter matches. */
  emit: (channel: string, payload: unknown) => void;
  isSubscribed: (channel: string, filter?: ChannelFilter) => boolean;
}

function matches(filter: ChannelFilter, payload: unknown): boolean {
  if (typeof payload !== 'object' || payload === null) return true;
  const record = payload as Record<string, unknown>;
  return Object.entries(filter).every(
    ([key, wanted]) =>
      wanted === undefined || record[key] === undefined || String(record[key]) === String(wanted),
  );
}

/** jest.spyOn on the shared `subscribe`; restored by jest.restoreAllMocks(). */
export function spyOnSubscribe(): FakeSocket {
  const subscriptions: FakeSubscription[] = [];
  const spy = jest
    .spyOn(socketModule, 'subscribe')
    .mockImplementation((channel: string, filter: ChannelFilter, handler: (payload: never) => void) => {
      const sub: FakeSubscription = {
        channel,
        filter,
        handler: handler as (payload: unknown) => void,
        active: true,
      };
      subscriptions.push(sub);
      return () => {
        sub.active = false;
      };
    });
  return {
    spy,
    subscriptions,
    emit: (channel, payload) => {
      for (const sub of subscriptions) {
        if (sub.active && sub.channel === channel && matches(sub.filter, payload)) sub.handler(payload);
      }
    },
    isSubscribed: (channel, filter = {}) =>
      subscriptions.some(
        (s) =>
          s.active &&
          s.channel === channel &&
          Object.entries(filter).every(([k, v]) => String(s.filter[k as keyof ChannelFilter]) === String(v)),
      ),
  };
}
