import * as ReactQuery from '@tanstack/react-query';
import { getDefaultStore } from 'jotai';
import { call } from '../api/client';
import { socketStatusAtom } from '../socket/socket';
import { sessionAtom } from '../session/session';
import { clearSession, storeToken } from '../session/store';
import { mockFetch, networkDown, rawAnswer, type FetchMock } from '../testing/fetch';
import { createAppQueryClient } from './client';

const store = getDefaultStore();

let net: FetchMock | undefined;
afterEach(() => {
  net?.restore();
  net = undefined;
  clearSession();
});

describe('the app QueryClient', () => {
  it('leaves retries to the HTTP client: a GET failing twice then answering makes 3 requests', async () => {
    const client = createAppQueryClient(ReactQuery);
    let attempts = 0;
    net = mockFetch({
      'GET /api/country/list': () => {
        attempts += 1;
        return attempts === 1 ? networkDown() : attempts === 2 ? rawAnswer(503, '') : [];
      },
    });
    await expect(
      client.fetchQuery({ queryKey: ['countries'], queryFn: () => call('GET /api/country/list') }),
    ).resolves.toEqual([]);
    expect(net.to('GET /api/country/list')).toHaveLength(3);
  });

  it('gives up on a GET after 3 requests in all, not 3 for each query retry', async () => {
    const client = createAppQueryClient(ReactQuery);
    net = mockFetch({ 'GET /api/country/list': () => networkDown() });
    await expect(
      client.fetchQuery({ queryKey: ['countries'], queryFn: () => call('GET /api/country/list') }),
    ).rejects.toMatchObject({ code: 'network' });
    expect(net.calls).toHaveLength(3);
  });

  it.each([
    ['no answer', networkDown],
    ['a gateway 502', () => rawAnswer(502, 'Bad Gateway')],
  ])('sends a failed action once (%s): one request over the wire', async (_, failure) => {
    const client = createAppQueryClient(ReactQuery);
    storeToken('tok-1', 'a@example.com');
    net = mockFetch({ 'POST /api/wallet/transfer': failure });
    const observer = new ReactQuery.MutationObserver(client, {
      mutationFn: () =>
        call('POST /api/wallet/transfer', {
          currency_id: 3,
          number: '12.5',
          from_field: 'change',
          to_field: 'lever',
        }),
    });
    await expect(observer.mutate()).rejects.toMatchObject({ code: 'network' });
    expect(net.to('POST /api/wallet/transfer')).toHaveLength(1);
  });

  it('asks again for the stale queries on screen when the socket is back after a drop', async () => {
    const client = createAppQueryClient(ReactQuery);
    client.mount();
    let calls = 0;
    const observer = new ReactQuery.QueryObserver(client, {
      queryKey: ['probe'],
      queryFn: () => ++calls,
      staleTime: 0,
      refetchOnWindowFocus: false,
    });
    const off = observer.subscribe(() => undefined);
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toBe(1);
    store.set(socketStatusAtom, 'connected');
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toBe(1);
    store.set(socketStatusAtom, 'reconnecting');
    store.set(socketStatusAtom, 'connected');
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toBe(2);
    off();
    client.unmount();
  });

  it('empties the cache when the user logs in or out', () => {
    const client = createAppQueryClient(ReactQuery);
    client.setQueryData(['wallet', 'list'], { total: '1' });
    store.set(sessionAtom, { ...store.get(sessionAtom), token: 'another-user' });
    expect(client.getQueryData(['wallet', 'list'])).toBeUndefined();
  });
});
